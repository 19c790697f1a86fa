package io.restcompress.codec;

import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;

/**
 * A bounded pool of native contexts (zstd's, zlib's) with the direct buffers they stream
 * through. Reusing a context keeps its native workspace, which a short body would otherwise
 * allocate and free again, and direct buffers let native code read and write without holding
 * a Java array in a critical region, which on JDK 17 to 21 keeps the garbage collector waiting.
 * A context returned to a full or closed pool is freed at once; one whose stream failed is
 * replaced by a fresh native context that keeps its direct buffers.
 * @param <C> the native context type
 */
final class NativeContextPool<C> {

	static final int ZSTD_BUFFER_SIZE = 128 * 1024;

	static final int ZLIB_BUFFER_SIZE = 32 * 1024;

	private static final int TRANSFER_SIZE = 16 * 1024;

	private static final Cleaner CLEANER = Cleaner.create();

	private static final byte[] NO_DICTIONARY = new byte[0];

	static final int DEFAULT_CAPACITY = Math.max(2, 2 * Runtime.getRuntime().availableProcessors());

	private static final NativeContextPool<Inflater> RAW_INFLATERS = newInflaters(true);

	private static final NativeContextPool<Inflater> ZLIB_INFLATERS = newInflaters(false);

	private final Supplier<C> factory;

	private final Consumer<C> reset;

	private final Consumer<C> free;

	private final int bufferSize;

	private final BlockingQueue<Context<C>> idle;

	private volatile boolean closed;

	private NativeContextPool(Supplier<C> factory, Consumer<C> reset, Consumer<C> free, int capacity,
			int bufferSize) {
		this.factory = factory;
		this.reset = reset;
		this.free = free;
		this.bufferSize = bufferSize;
		this.idle = new ArrayBlockingQueue<>(capacity);
	}

	/**
	 * A pool of zstd compression contexts, each given back reset and without the dictionary of
	 * its last stream ({@link #withoutDictionary(ZstdCompressCtx)}).
	 */
	static NativeContextPool<ZstdCompressCtx> compression(int capacity) {
		return new NativeContextPool<>(ZstdCompressCtx::new, NativeContextPool::withoutDictionary,
				ZstdCompressCtx::close, capacity, ZSTD_BUFFER_SIZE);
	}

	/**
	 * A pool of zstd decompression contexts, each given back reset and without the dictionary
	 * of its last stream.
	 */
	static NativeContextPool<ZstdDecompressCtx> decompression(int capacity) {
		return new NativeContextPool<>(ZstdDecompressCtx::new, NativeContextPool::withoutDictionary,
				ZstdDecompressCtx::close, capacity, ZSTD_BUFFER_SIZE);
	}

	/**
	 * Resets a zstd compression context and unloads its dictionary. zstd-jni's {@code reset()}
	 * unloads it natively but keeps a reference to the prepared dictionary, which an idle
	 * context would keep alive after the dictionary was dropped; loading an empty dictionary,
	 * which zstd allows only between frames (after the reset, as a stream may end mid-frame),
	 * drops both. A context that fails to is renewed by the pool.
	 */
	private static void withoutDictionary(ZstdCompressCtx ctx) {
		ctx.reset();
		ctx.loadDict(NO_DICTIONARY);
	}

	/**
	 * Resets a zstd decompression context and unloads its dictionary, as for compression.
	 */
	private static void withoutDictionary(ZstdDecompressCtx ctx) {
		ctx.reset();
		ctx.loadDict(NO_DICTIONARY);
	}

	/**
	 * A pool of deflaters at one level, for raw deflate data ({@code nowrap}) or zlib-wrapped.
	 */
	static NativeContextPool<Deflater> deflaters(int level, boolean nowrap) {
		return new NativeContextPool<>(() -> new Deflater(level, nowrap), Deflater::reset, Deflater::end,
				DEFAULT_CAPACITY, ZLIB_BUFFER_SIZE);
	}

	/**
	 * A pool of direct buffers of the given size to use with a function that keeps no native
	 * state, such as an LZ4 compressor, lent with them.
	 */
	static <C> NativeContextPool<C> stateless(C function, int bufferSize) {
		return new NativeContextPool<>(() -> function, (unused) -> {
		}, (unused) -> {
		}, DEFAULT_CAPACITY, bufferSize);
	}

	private static NativeContextPool<Inflater> newInflaters(boolean nowrap) {
		return new NativeContextPool<>(() -> new Inflater(nowrap), Inflater::reset, Inflater::end, DEFAULT_CAPACITY,
				ZLIB_BUFFER_SIZE);
	}

	/**
	 * The process's pool of inflaters for raw deflate data ({@code nowrap}) or zlib-wrapped.
	 */
	static NativeContextPool<Inflater> inflaters(boolean nowrap) {
		return nowrap ? RAW_INFLATERS : ZLIB_INFLATERS;
	}

	/**
	 * Lends a context to {@code owner}. It comes back when the lease is released, which the
	 * owner does on close; if the owner is collected without closing, it is released then.
	 */
	Lease<C> borrow(Object owner) {
		Context<C> polled = this.idle.poll();
		Context<C> context = (polled != null) ? polled
				: new Context<>(this.factory.get(),
						ByteBuffer.allocateDirect(this.bufferSize).order(ByteOrder.LITTLE_ENDIAN),
						ByteBuffer.allocateDirect(this.bufferSize), new byte[TRANSFER_SIZE]);
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
