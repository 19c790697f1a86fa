package io.restcompress.codec;

import java.nio.ByteBuffer;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;

/**
 * A bounded pool of zstd compression contexts with their direct buffers. Reusing a context
 * keeps its native workspace, which a short body would otherwise allocate and free again. A
 * context returned to a full (or closed) pool is freed at once.
 */
final class ZstdContextPool {

	private static final int INPUT_SIZE = 128 * 1024;

	private final int level;

	private final int windowLog;

	private final BlockingQueue<Context> idle;

	private volatile boolean closed;

	ZstdContextPool(int level, int windowLog, int capacity) {
		this.level = level;
		this.windowLog = windowLog;
		this.idle = new ArrayBlockingQueue<>(capacity);
	}

	Context borrow() {
		Context context = this.idle.poll();
		if (context == null) {
			context = new Context();
		}
		context.ctx.setLevel(this.level).setChecksum(true);
		if (this.windowLog != 0) {
			context.ctx.setWindowLog(this.windowLog);
		}
		return context;
	}

	void release(Context context) {
		if (this.closed || context.failed) {
			context.free();
			return;
		}
		context.input.clear();
		context.output.clear();
		context.ctx.reset();
		if (!this.idle.offer(context)) {
			context.free();
		}
		else if (this.closed && this.idle.remove(context)) {
			context.free();
		}
	}

	void close() {
		this.closed = true;
		Context context;
		while ((context = this.idle.poll()) != null) {
			context.free();
		}
	}

	/**
	 * A native context and the buffers it streams through; used by one stream at a time.
	 */
	static final class Context {

		final ZstdCompressCtx ctx = new ZstdCompressCtx();

		final ByteBuffer input = ByteBuffer.allocateDirect(INPUT_SIZE);

		final ByteBuffer output = ByteBuffer.allocateDirect((int) ZstdOutputStreamNoFinalizer.recommendedCOutSize());

		final byte[] transfer = new byte[16 * 1024];

		boolean failed;

		private void free() {
			this.ctx.close();
		}

	}

}
