package io.restcompress.server;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.Charset;

/**
 * The writer of a response body: it encodes characters into the body's stream, holding at most
 * the encoder's buffer, which a reset of the response's buffer discards, as the container's own
 * writer does. Its flush flushes the body.
 */
final class BodyWriter extends Writer {

	private final OutputStream body;

	private final Charset charset;

	private OutputStreamWriter pending;

	BodyWriter(OutputStream body, Charset charset) {
		this.body = body;
		this.charset = charset;
		this.pending = newPending();
	}

	Charset charset() {
		return this.charset;
	}

	/**
	 * Drops the characters written but not yet passed to the body.
	 */
	void discardPending() {
		this.pending = newPending();
	}

	@Override
	public void write(char[] chars, int offset, int length) throws IOException {
		this.pending.write(chars, offset, length);
	}

	@Override
	public void write(String text, int offset, int length) throws IOException {
		this.pending.write(text, offset, length);
	}

	@Override
	public void flush() throws IOException {
		this.pending.flush();
		this.body.flush();
	}

	@Override
	public void close() throws IOException {
		this.pending.flush();
		this.body.close();
	}

	private OutputStreamWriter newPending() {
		return new OutputStreamWriter(new OutputStream() {

			@Override
			public void write(int b) throws IOException {
				BodyWriter.this.body.write(b);
			}

			@Override
			public void write(byte[] bytes, int offset, int length) throws IOException {
				BodyWriter.this.body.write(bytes, offset, length);
			}

		}, this.charset);
	}

}
