package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;

/**
 * Base for the decoders: single-byte reads through the array read, a stream that refuses reads
 * once closed, a release of the decoder's resources that runs once, and the failures every
 * decoder reports in its coding's name.
 */
abstract class DecoderInputStream extends InputStream {

	private final String coding;

	private final byte[] single = new byte[1];

	private boolean closed;

	/**
	 * @param coding the coding this stream decodes, named by its failures
	 */
	protected DecoderInputStream(String coding) {
		this.coding = coding;
	}

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

	/**
	 * Returns the failure for corrupt data of this stream's coding.
	 * @param message what is wrong
	 * @return the exception to throw
	 */
	protected final CorruptContentException corrupt(String message) {
		return new CorruptContentException(this.coding, message);
	}

	/**
	 * Returns the failure for data of this stream's coding that a library refused.
	 * @param message what is wrong
	 * @param cause the library's failure
	 * @return the exception to throw
	 */
	protected final CorruptContentException corrupt(String message, Throwable cause) {
		return new CorruptContentException(this.coding, message, cause);
	}

	/**
	 * Returns the failure for data of this stream's coding that demands more than a limit allows.
	 * @param message what it demands, and the limit
	 * @return the exception to throw
	 */
	protected final ContentTooLargeException tooLarge(String message) {
		return new ContentTooLargeException(this.coding, message);
	}

	/**
	 * Reads exactly {@code count} bytes from {@code source}, failing as truncated if it ends
	 * before.
	 * @param part what is being read, for the message
	 */
	protected final void readFully(InputStream source, byte[] target, int offset, int count, String part)
			throws IOException {
		int read = 0;
		while (read < count) {
			int n = source.read(target, offset + read, count - read);
			if (n == -1) {
				throw corrupt("truncated " + part);
			}
			read += n;
		}
	}

}
