package io.restcompress.codec;

import java.io.IOException;
import java.io.OutputStream;

/**
 * What the encoder streams share: the closed check, a flush that encodes what is buffered
 * before flushing the target, and a close that runs once, ends the encoding, closes the target
 * and releases the encoder's buffers or context whatever happens.
 */
abstract class EncoderOutputStream extends OutputStream {

	final OutputStream target;

	private boolean closed;

	EncoderOutputStream(OutputStream target) {
		this.target = target;
	}

	@Override
	public final void flush() throws IOException {
		ensureOpen();
		writeBuffered();
		this.target.flush();
	}

	@Override
	public final void close() throws IOException {
		if (this.closed) {
			return;
		}
		this.closed = true;
		try (OutputStream closing = this.target) {
			finishEncoding();
		}
		finally {
			release();
		}
	}

	final void ensureOpen() throws IOException {
		if (this.closed) {
			throw new IOException("Stream closed");
		}
	}

	/**
	 * Encodes and writes what is buffered, so that everything written so far can be decoded.
	 */
	abstract void writeBuffered() throws IOException;

	/**
	 * Encodes what is buffered and writes the end of the encoded stream.
	 */
	abstract void finishEncoding() throws IOException;

	/**
	 * Gives back the encoder's buffers or native context; runs once, after
	 * {@link #finishEncoding()}, whether or not it succeeded.
	 */
	abstract void release();

}
