package io.restcompress.server;

import java.io.IOException;
import java.io.OutputStream;
import java.util.function.Consumer;

/**
 * The container's stream for a response body, which reports every write, flush or close that
 * fails: the connection to the client failed (a closed connection, a reset HTTP/2 stream), so
 * the body will not arrive whole, whatever the application does with the exception.
 */
final class ClientOutput extends OutputStream {

	private final OutputStream delegate;

	private final Consumer<IOException> failed;

	ClientOutput(OutputStream delegate, Consumer<IOException> failed) {
		this.delegate = delegate;
		this.failed = failed;
	}

	@Override
	public void write(int b) throws IOException {
		try {
			this.delegate.write(b);
		}
		catch (IOException ex) {
			throw failed(ex);
		}
	}

	@Override
	public void write(byte[] bytes, int offset, int length) throws IOException {
		try {
			this.delegate.write(bytes, offset, length);
		}
		catch (IOException ex) {
			throw failed(ex);
		}
	}

	@Override
	public void flush() throws IOException {
		try {
			this.delegate.flush();
		}
		catch (IOException ex) {
			throw failed(ex);
		}
	}

	@Override
	public void close() throws IOException {
		try {
			this.delegate.close();
		}
		catch (IOException ex) {
			throw failed(ex);
		}
	}

	private IOException failed(IOException ex) {
		this.failed.accept(ex);
		return ex;
	}

}
