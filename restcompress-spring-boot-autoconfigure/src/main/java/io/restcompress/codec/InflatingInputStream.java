package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Base for the zlib-based decoders: feeds an {@link Inflater} from a small buffer and gives
 * subclasses byte-level access to what follows the deflate stream (trailers, next members).
 * The inflater is ended on close.
 */
abstract class InflatingInputStream extends DecoderInputStream {

	private static final int BUFFER_SIZE = 8192;

	private final InputStream source;

	private final byte[] buffer = new byte[BUFFER_SIZE];

	private int position;

	private int limit;

	private Inflater inflater;

	private boolean inflating;

	private boolean finished;

	InflatingInputStream(InputStream source, String coding) {
		super(coding);
		this.source = source;
	}

	/**
	 * Reads what precedes the deflate data and returns the inflater to use for it, or
	 * {@code null} when the stream has ended.
	 */
	protected abstract Inflater startMember(boolean first) throws IOException;

	/**
	 * Called with the bytes a member decoded, in order.
	 */
	protected void decoded(byte[] bytes, int offset, int count) {
	}

	/**
	 * Reads what follows the deflate data of a member.
	 */
	protected abstract void endMember(Inflater inflater) throws IOException;

	@Override
	protected int readDecoded(byte[] bytes, int offset, int count) throws IOException {
		while (!this.finished) {
			if (!this.inflating) {
				Inflater next = startMember(this.inflater == null);
				if (next == null) {
					this.finished = true;
					break;
				}
				this.inflater = next;
				this.inflating = true;
			}
			int n = inflate(bytes, offset, count);
			if (n > 0) {
				decoded(bytes, offset, n);
				return n;
			}
			if (this.inflater.finished()) {
				this.position = this.limit - this.inflater.getRemaining();
				this.inflating = false;
				endMember(this.inflater);
			}
			else if (this.inflater.needsDictionary()) {
				throw corrupt("a preset dictionary is not supported");
			}
			else if (this.inflater.needsInput()) {
				if (this.position == this.limit && !fill()) {
					throw corrupt("truncated deflate data");
				}
				this.inflater.setInput(this.buffer, this.position, this.limit - this.position);
				this.position = this.limit;
			}
		}
		return -1;
	}

	private int inflate(byte[] bytes, int offset, int count) throws CorruptContentException {
		try {
			return this.inflater.inflate(bytes, offset, count);
		}
		catch (DataFormatException ex) {
			throw corrupt("invalid deflate data (" + ex.getMessage() + ")", ex);
		}
	}

	@Override
	protected void release() throws IOException {
		try {
			this.source.close();
		}
		finally {
			if (this.inflater != null) {
				this.inflater.end();
			}
		}
	}

	/**
	 * Returns the next byte of the source, or -1 at its end.
	 */
	protected final int nextByte() throws IOException {
		if (this.position == this.limit && !fill()) {
			return -1;
		}
		return this.buffer[this.position++] & 0xFF;
	}

	/**
	 * Returns the next byte of the source, failing if the source has ended.
	 */
	protected final int requireByte(String part) throws IOException {
		int b = nextByte();
		if (b == -1) {
			throw corrupt("truncated " + part);
		}
		return b;
	}

	/**
	 * Returns the byte {@code ahead} places after the next one without consuming anything, or
	 * -1 if the source ends before it.
	 */
	protected final int peekByte(int ahead) throws IOException {
		while (this.limit - this.position <= ahead) {
			if (this.position > 0) {
				System.arraycopy(this.buffer, this.position, this.buffer, 0, this.limit - this.position);
				this.limit -= this.position;
				this.position = 0;
			}
			int n = this.source.read(this.buffer, this.limit, this.buffer.length - this.limit);
			if (n == -1) {
				return -1;
			}
			this.limit += n;
		}
		return this.buffer[this.position + ahead] & 0xFF;
	}

	protected final Inflater reuseOrCreate(boolean nowrap) {
		if (this.inflater != null) {
			this.inflater.reset();
			return this.inflater;
		}
		return new Inflater(nowrap);
	}

	private boolean fill() throws IOException {
		int n;
		do {
			n = this.source.read(this.buffer, 0, this.buffer.length);
		}
		while (n == 0);
		if (n == -1) {
			this.position = 0;
			this.limit = 0;
			return false;
		}
		this.position = 0;
		this.limit = n;
		return true;
	}

}
