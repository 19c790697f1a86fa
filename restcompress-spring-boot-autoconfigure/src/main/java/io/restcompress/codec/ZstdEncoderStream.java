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
 * Streams one zstd frame, with a checksum, through a pooled context. The context goes back to
 * the pool when the stream closes, or, should a caller forget to close it, when the stream is
 * collected.
 */
final class ZstdEncoderStream extends EncoderOutputStream {

	private final ZstdContextPool.Lease<ZstdCompressCtx> lease;

	private final ZstdContextPool.Context<ZstdCompressCtx> context;

	private final ZstdCompressCtx ctx;

	private final ByteBuffer input;

	private final @Nullable ZstdDictCompress dictionary;

	ZstdEncoderStream(OutputStream target, ZstdContextPool<ZstdCompressCtx> pool, int level, int windowLog) {
		this(target, pool, level, windowLog, null);
	}

	/**
	 * Streams a frame compressed against a prepared raw-content dictionary, at the level it
	 * was prepared for. The stream keeps the dictionary reachable until it closes, since the
	 * context refers to its native tables.
	 */
	ZstdEncoderStream(OutputStream target, ZstdContextPool<ZstdCompressCtx> pool, int level, int windowLog,
			@Nullable ZstdDictCompress dictionary) {
		super(target);
		this.lease = pool.borrow(this);
		this.context = this.lease.context();
		this.ctx = this.context.ctx;
		this.input = this.context.input;
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
			this.context.failed = true;
			this.lease.release();
			throw ex;
		}
	}

	@Override
	public void write(int b) throws IOException {
		ensureOpen();
		this.input.put((byte) b);
		if (!this.input.hasRemaining()) {
			compress(EndDirective.CONTINUE);
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
				compress(EndDirective.CONTINUE);
			}
		}
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
		this.lease.release();
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

	private void drain(ByteBuffer output) throws IOException {
		output.flip();
		byte[] transfer = this.context.transfer;
		while (output.hasRemaining()) {
			int n = Math.min(output.remaining(), transfer.length);
			output.get(transfer, 0, n);
			this.target.write(transfer, 0, n);
		}
		output.clear();
	}

}
