package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;

/**
 * Base for the decoders: single-byte reads through the array read, a stream that refuses reads
 * once closed, and a release of the decoder's resources that runs once.
 */
abstract class DecoderInputStream extends InputStream {

	private final byte[] single = new byte[1];

	private boolean closed;

	/**
	 * Reads decoded bytes; called only while open and with a positive {@code count}.
	 * @return the number of bytes read, or -1 at the end of the decoded body
	 */
	protected abstract int readDecoded(byte[] bytes, int offset, int count) throws IOException;

	/**
	 * Closes the source and frees what the decoder holds; called once.
	 */
	protected abstract void release() throws IOException;

	@Override
	public final int read() throws IOException {
		int n = read(this.single, 0, 1);
		return (n == -1) ? -1 : this.single[0] & 0xFF;
	}

	@Override
	public final int read(byte[] bytes, int offset, int count) throws IOException {
		if (this.closed) {
			throw new IOException("Stream closed");
		}
		return (count == 0) ? 0 : readDecoded(bytes, offset, count);
	}

	@Override
	public final void close() throws IOException {
		if (!this.closed) {
			this.closed = true;
			release();
		}
	}

}
