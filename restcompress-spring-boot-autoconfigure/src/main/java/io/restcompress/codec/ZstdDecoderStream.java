package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;

import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictDecompress;
import com.github.luben.zstd.ZstdException;
import org.jspecify.annotations.Nullable;

/**
 * Decodes zstd frames (one or more, skippable frames included) through a pooled
 * decompression context. Before a frame reaches the context its header is read here and a
 * frame whose window (or, for a single-segment frame, content size) exceeds the limit is
 * refused, so the context never allocates what the sender asked for. Frame boundaries are
 * tracked exactly, so a partial frame or bytes after the last frame are rejected.
 */
final class ZstdDecoderStream extends DecoderInputStream {

	private static final int MAGIC = 0xFD2FB528;

	private static final int SKIPPABLE_MAGIC = 0x184D2A50;

	private static final int[] DICTIONARY_ID_SIZES = { 0, 1, 2, 4 };

	private static final int[] CONTENT_SIZE_SIZES = { 1, 2, 4, 8 };

	private final InputStream source;

	private final long maxWindow;

	private final NativeContextPool.Lease<ZstdDecompressCtx> lease;

	private final NativeContextPool.Context<ZstdDecompressCtx> context;

	private final ByteBuffer input;

	private final ByteBuffer output;

	private byte @Nullable [] header;

	private final @Nullable ZstdDictDecompress dictionary;

	private boolean atFrameStart = true;

	private boolean anyFrame;

	private boolean outputWasFull;

	private boolean sourceEnded;

	private boolean finished;

	ZstdDecoderStream(InputStream source, NativeContextPool<ZstdDecompressCtx> pool, long maxWindow) {
		this(ZstdCodec.CODING, source, pool, maxWindow, null, null);
	}

	/**
	 * Decodes frames that follow a fixed header, against a prepared raw-content dictionary,
	 * which the stream keeps reachable until it closes.
	 * @param coding the coding named by failures
	 * @param header the bytes the body must start with, or {@code null}
	 * @param dictionary the dictionary, or {@code null}
	 */
	ZstdDecoderStream(String coding, InputStream source, NativeContextPool<ZstdDecompressCtx> pool, long maxWindow,
			byte @Nullable [] header, @Nullable ZstdDictDecompress dictionary) {
		super(coding);
		this.source = source;
		this.maxWindow = maxWindow;
		this.header = header;
		this.dictionary = dictionary;
		this.lease = pool.borrow(this);
		this.context = this.lease.context();
		this.input = this.context.input.flip();
		this.output = this.context.output.flip();
		if (dictionary != null) {
			try {
				this.context.ctx.loadDict(dictionary);
			}
			catch (RuntimeException ex) {
				this.context.failed = true;
				this.lease.release();
				throw ex;
			}
		}
	}

	@Override
	protected int readDecoded(byte[] bytes, int offset, int count) throws IOException {
		while (!this.output.hasRemaining()) {
			if (this.finished || !decodeSome()) {
				this.finished = true;
				return -1;
			}
		}
		int n = Math.min(count, this.output.remaining());
		this.output.get(bytes, offset, n);
		return n;
	}

	@Override
	public int available() {
		return this.output.remaining();
	}

	private boolean decodeSome() throws IOException {
		if (this.header != null) {
			checkHeader(this.header);
			this.header = null;
		}
		if (this.atFrameStart) {
			if (!ensureInput(1)) {
				if (!this.anyFrame) {
					throw corrupt("empty body, expected a frame");
				}
				return false;
			}
			checkFrameHeader();
			this.atFrameStart = false;
			this.anyFrame = true;
		}
		if (!this.input.hasRemaining() && !this.outputWasFull && !ensureInput(1)) {
			throw corrupt("truncated frame");
		}
		this.output.clear();
		try {
			this.atFrameStart = this.context.ctx.decompressDirectByteBufferStream(this.output, this.input);
		}
		catch (ZstdException ex) {
			this.context.failed = true;
			throw corrupt(ex.getMessage(), ex);
		}
		finally {
			this.outputWasFull = !this.output.hasRemaining();
			this.output.flip();
		}
		return true;
	}

	private void checkHeader(byte[] expected) throws IOException {
		if (!ensureInput(expected.length)) {
			throw corrupt("truncated header");
		}
		for (byte b : expected) {
			if (this.input.get() != b) {
				throw corrupt("header does not name the dictionary that was offered");
			}
		}
	}

	private void checkFrameHeader() throws IOException {
		int magic = requireHeader(4).getInt(this.input.position());
		if ((magic & 0xFFFFFFF0) == SKIPPABLE_MAGIC) {
			return;
		}
		if (magic != MAGIC) {
			throw corrupt(this.anyFrame ? "unexpected bytes after the last frame" : "not a zstd frame");
		}
		int descriptor = requireHeader(5).get(this.input.position() + 4) & 0xFF;
		long window;
		if ((descriptor & 0x20) == 0) {
			int windowDescriptor = requireHeader(6).get(this.input.position() + 5) & 0xFF;
			long base = 1L << (10 + (windowDescriptor >>> 3));
			window = base + (base / 8) * (windowDescriptor & 7);
		}
		else {
			int offset = 5 + DICTIONARY_ID_SIZES[descriptor & 3];
			int size = CONTENT_SIZE_SIZES[descriptor >>> 6];
			requireHeader(offset + size);
			window = contentSize(this.input.position() + offset, size);
		}
		if (window > this.maxWindow || window < 0) {
			throw tooLarge("zstd frame demands a window of " + window
					+ " bytes, above the limit of " + this.maxWindow + " bytes");
		}
	}

	private long contentSize(int at, int size) {
		return switch (size) {
			case 1 -> this.input.get(at) & 0xFF;
			case 2 -> (this.input.getShort(at) & 0xFFFF) + 256;
			case 4 -> Integer.toUnsignedLong(this.input.getInt(at));
			default -> this.input.getLong(at);
		};
	}

	private ByteBuffer requireHeader(int size) throws IOException {
		if (!ensureInput(size)) {
			throw corrupt(this.anyFrame ? "unexpected bytes after the last frame" : "truncated frame header");
		}
		return this.input;
	}

	/**
	 * Reads from the source until at least {@code size} unconsumed bytes are buffered.
	 * @return false if the source ended first
	 */
	private boolean ensureInput(int size) throws IOException {
		if (this.input.remaining() >= size) {
			return true;
		}
		this.input.compact();
		try {
			byte[] transfer = this.context.transfer;
			while (this.input.position() < size && !this.sourceEnded) {
				int n = this.source.read(transfer, 0, Math.min(transfer.length, this.input.remaining()));
				if (n == -1) {
					this.sourceEnded = true;
				}
				else {
					this.input.put(transfer, 0, n);
				}
			}
		}
		finally {
			this.input.flip();
		}
		return this.input.remaining() >= size;
	}

	@Override
	protected void release() throws IOException {
		try {
			this.source.close();
		}
		finally {
			this.lease.release();
			Reference.reachabilityFence(this.dictionary);
		}
	}

}
