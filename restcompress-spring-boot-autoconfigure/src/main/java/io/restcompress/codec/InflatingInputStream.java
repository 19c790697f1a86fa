package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import org.jspecify.annotations.Nullable;

/**
 * Base for the zlib-based decoders: feeds a pooled {@link Inflater} through its direct buffers
 * from a small buffer and gives subclasses byte-level access to what follows the deflate
 * stream (trailers, next members). The inflater goes back to its pool on close.
 */
abstract class InflatingInputStream extends DecoderInputStream {

	private static final int BUFFER_SIZE = 8192;

	private final InputStream source;

	private final byte[] buffer = new byte[BUFFER_SIZE];

	private int position;

	private int limit;

	private NativeContextPool.@Nullable Lease<Inflater> lease;

	private @Nullable Inflater inflater;

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
	 * Called with the bytes a member decoded, in order; the buffer is the caller's to consume.
	 */
	protected void decoded(ByteBuffer bytes) {
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
				ByteBuffer input = this.lease.context().input.clear();
				input.put(this.buffer, this.position, this.limit - this.position).flip();
				this.inflater.setInput(input);
				this.position = this.limit;
			}
		}
		return -1;
	}

	private int inflate(byte[] bytes, int offset, int count) throws CorruptContentException {
		NativeContextPool.Context<Inflater> context = this.lease.context();
		ByteBuffer output = context.output.clear().limit(Math.min(count, context.output.capacity()));
		try {
			this.inflater.inflate(output);
		}
		catch (DataFormatException ex) {
			context.failed = true;
			throw corrupt("invalid deflate data (" + ex.getMessage() + ")", ex);
		}
		output.flip();
		int n = output.remaining();
		if (n > 0) {
			decoded(output.duplicate());
			output.get(bytes, offset, n);
		}
		return n;
	}

	@Override
	protected void release() throws IOException {
		try {
			this.source.close();
		}
		finally {
			if (this.lease != null) {
				this.lease.release();
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

	/**
	 * Returns the stream's inflater, reset for the next member, or, for the first member, one
	 * borrowed from the pool of inflaters for raw deflate data ({@code nowrap}) or zlib-wrapped.
	 */
	protected final Inflater reuseOrBorrow(boolean nowrap) {
		if (this.inflater != null) {
			this.inflater.reset();
			return this.inflater;
		}
		this.lease = NativeContextPool.inflaters(nowrap).borrow(this);
		return this.lease.context().ctx;
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
