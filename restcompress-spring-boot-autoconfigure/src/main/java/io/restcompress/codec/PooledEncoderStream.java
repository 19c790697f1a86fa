package io.restcompress.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * An encoder that borrows a native context and its direct buffers from a pool: it gathers
 * what is written in the context's input buffer, encodes it whenever that is full, copies the
 * context's output to the target, and gives the context back when it closes or, should a caller
 * forget to close it, when the stream is collected.
 * @param <C> the native context type
 */
abstract class PooledEncoderStream<C> extends EncoderOutputStream {

	private final NativeContextPool.Lease<C> lease;

	final NativeContextPool.Context<C> context;

	final ByteBuffer input;

	PooledEncoderStream(OutputStream target, NativeContextPool<C> pool) {
		super(target);
		this.lease = pool.borrow(this);
		this.context = this.lease.context();
		this.input = this.context.input;
	}

	@Override
	public void write(int b) throws IOException {
		ensureOpen();
		this.input.put((byte) b);
		if (!this.input.hasRemaining()) {
			encodeInput();
		}
	}

	@Override
	public void write(byte[] bytes, int offset, int count) throws IOException {
		ensureOpen();
		while (count > 0) {
			int n = Math.min(count, this.input.remaining());
			this.input.put(bytes, offset, n);
			offset += n;
			count -= n;
			if (!this.input.hasRemaining()) {
				encodeInput();
			}
		}
	}

	/**
	 * Encodes the full input buffer, without flushing, and clears it.
	 */
	abstract void encodeInput() throws IOException;

	/**
	 * Writes what the context's output buffer holds to the target and clears it.
	 */
	final void drain(ByteBuffer output) throws IOException {
		output.flip();
		byte[] transfer = this.context.transfer;
		while (output.hasRemaining()) {
			int n = Math.min(output.remaining(), transfer.length);
			output.get(transfer, 0, n);
			this.target.write(transfer, 0, n);
		}
		output.clear();
	}

	/**
	 * Frees the context of a stream that failed before it was returned to its caller.
	 */
	final void abandon() {
		this.context.failed = true;
		release();
	}

	/**
	 * Gives the context back, or frees it if the stream failed.
	 */
	@Override
	void release() {
		this.lease.release();
	}

}
