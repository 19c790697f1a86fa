package io.restcompress.server;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The servlet stream as an encoder's target: closing it leaves the response open, and once
 * discarded (after a reset) it swallows what the encoder still writes.
 */
final class EncoderTarget extends OutputStream {

	private final OutputStream delegate;

	private boolean discarding;

	EncoderTarget(OutputStream delegate) {
		this.delegate = delegate;
	}

	void discard() {
		this.discarding = true;
	}

	@Override
	public void write(int b) throws IOException {
		if (!this.discarding) {
			this.delegate.write(b);
		}
	}

	@Override
	public void write(byte[] bytes, int offset, int length) throws IOException {
		if (!this.discarding) {
			this.delegate.write(bytes, offset, length);
		}
	}

	@Override
	public void flush() throws IOException {
		if (!this.discarding) {
			this.delegate.flush();
		}
	}

	@Override
	public void close() {
	}

}
