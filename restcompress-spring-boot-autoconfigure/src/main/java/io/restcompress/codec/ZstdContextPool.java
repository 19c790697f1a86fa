package io.restcompress.codec;

import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Consumer;
import java.util.function.Supplier;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;

/**
 * A bounded pool of zstd contexts with their direct buffers. Reusing a context keeps its
 * native workspace, which a short body would otherwise allocate and free again. A context
 * returned to a full or closed pool is freed at once; one whose stream failed is replaced by a
 * fresh native context that keeps its direct buffers.
 * @param <C> the native context type
 */
final class ZstdContextPool<C> {

	static final int BUFFER_SIZE = 128 * 1024;

	private static final Cleaner CLEANER = Cleaner.create();

	private final Supplier<C> factory;

	private final Consumer<C> reset;

	private final Consumer<C> free;

	private final BlockingQueue<Context<C>> idle;

	private volatile boolean closed;

	private ZstdContextPool(Supplier<C> factory, Consumer<C> reset, Consumer<C> free, int capacity) {
		this.factory = factory;
		this.reset = reset;
		this.free = free;
		this.idle = new ArrayBlockingQueue<>(capacity);
	}

	static ZstdContextPool<ZstdCompressCtx> compression(int capacity) {
		return new ZstdContextPool<>(ZstdCompressCtx::new, ZstdCompressCtx::reset, ZstdCompressCtx::close, capacity);
	}

	static ZstdContextPool<ZstdDecompressCtx> decompression(int capacity) {
		return new ZstdContextPool<>(ZstdDecompressCtx::new, ZstdDecompressCtx::reset, ZstdDecompressCtx::close,
				capacity);
	}

	/**
	 * Lends a context to {@code owner}. It comes back when the lease is released, which the
	 * owner does on close; if the owner is collected without closing, it is released then.
	 */
	Lease<C> borrow(Object owner) {
		Context<C> polled = this.idle.poll();
		Context<C> context = (polled != null) ? polled
				: new Context<>(this.factory.get(), ByteBuffer.allocateDirect(BUFFER_SIZE).order(ByteOrder.LITTLE_ENDIAN),
						ByteBuffer.allocateDirect(BUFFER_SIZE), new byte[16 * 1024]);
		return new Lease<>(context, CLEANER.register(owner, () -> release(context)));
	}

	private void release(Context<C> context) {
		if (this.closed) {
			this.free.accept(context.ctx);
			return;
		}
		Context<C> reusable = context.failed ? renewed(context) : reset(context);
		if (reusable == null) {
			return;
		}
		reusable.input.clear();
		reusable.output.clear();
		if (!this.idle.offer(reusable) || (this.closed && this.idle.remove(reusable))) {
			this.free.accept(reusable.ctx);
		}
	}

	private Context<C> reset(Context<C> context) {
		try {
			this.reset.accept(context.ctx);
			return context;
		}
		catch (RuntimeException ex) {
			return renewed(context);
		}
	}

	/**
	 * Frees the native context of a failed stream but keeps its direct buffers, which would
	 * otherwise wait for a garbage collection to be freed.
	 */
	private Context<C> renewed(Context<C> context) {
		this.free.accept(context.ctx);
		return new Context<>(this.factory.get(), context.input, context.output, context.transfer);
	}

	void close() {
		this.closed = true;
		Context<C> context;
		while ((context = this.idle.poll()) != null) {
			this.free.accept(context.ctx);
		}
	}

	/**
	 * A native context and the buffers it streams through; used by one stream at a time.
	 * @param <C> the native context type
	 */
	static final class Context<C> {

		final C ctx;

		final ByteBuffer input;

		final ByteBuffer output;

		final byte[] transfer;

		boolean failed;

		private Context(C ctx, ByteBuffer input, ByteBuffer output, byte[] transfer) {
			this.ctx = ctx;
			this.input = input;
			this.output = output;
			this.transfer = transfer;
		}

	}

	/**
	 * A context lent to one stream.
	 * @param context the context
	 * @param cleanable gives the context back
	 * @param <C> the native context type
	 */
	record Lease<C>(Context<C> context, Cleaner.Cleanable cleanable) {

		/**
		 * Gives the context back to its pool, or frees it; only the first call counts.
		 */
		void release() {
			this.cleanable.clean();
		}

	}

}
