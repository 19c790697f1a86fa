package io.restcompress.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;

import com.github.luben.zstd.EndDirective;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdException;
import org.jspecify.annotations.Nullable;

/**
 * Streams one zstd frame, with a checksum, through a pooled context.
 */
final class ZstdEncoderStream extends PooledEncoderStream<ZstdCompressCtx> {

	private final ZstdCompressCtx ctx;

	private final @Nullable ZstdDictCompress dictionary;

	ZstdEncoderStream(OutputStream target, NativeContextPool<ZstdCompressCtx> pool, int level, int windowLog) {
		this(target, pool, level, windowLog, null);
	}

	/**
	 * Streams a frame compressed against a prepared raw-content dictionary, at the level it
	 * was prepared for. The stream keeps the dictionary reachable until it closes, since the
	 * context refers to its native tables.
	 */
	ZstdEncoderStream(OutputStream target, NativeContextPool<ZstdCompressCtx> pool, int level, int windowLog,
			@Nullable ZstdDictCompress dictionary) {
		super(target, pool);
		this.ctx = this.context.ctx;
		this.dictionary = dictionary;
		try {
			this.ctx.setLevel(level).setChecksum(true);
			if (windowLog != 0) {
				this.ctx.setWindowLog(windowLog);
			}
			if (dictionary != null) {
				this.ctx.loadDict(dictionary);
			}
		}
		catch (RuntimeException ex) {
			abandon();
			throw ex;
		}
	}

	@Override
	void encodeInput() throws IOException {
		compress(EndDirective.CONTINUE);
	}

	@Override
	void writeBuffered() throws IOException {
		compress(EndDirective.FLUSH);
	}

	@Override
	void finishEncoding() throws IOException {
		compress(EndDirective.END);
	}

	@Override
	void release() {
		super.release();
		Reference.reachabilityFence(this.dictionary);
	}

	private void compress(EndDirective directive) throws IOException {
		ByteBuffer output = this.context.output;
		this.input.flip();
		try {
			boolean done;
			do {
				done = this.ctx.compressDirectByteBufferStream(output, this.input, directive);
				drain(output);
			}
			while (this.input.hasRemaining() || (directive != EndDirective.CONTINUE && !done));
		}
		catch (ZstdException ex) {
			this.context.failed = true;
			throw new IOException("zstd compression failed: " + ex.getMessage(), ex);
		}
		catch (IOException | RuntimeException ex) {
			this.context.failed = true;
			throw ex;
		}
		finally {
			this.input.clear();
		}
	}

}
