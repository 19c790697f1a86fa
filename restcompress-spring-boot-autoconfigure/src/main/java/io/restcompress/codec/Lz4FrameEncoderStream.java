package io.restcompress.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.xxhash.StreamingXXHash32;
import net.jpountz.xxhash.XXHashFactory;

/**
 * Writes one LZ4 frame of independent blocks of at most 64 KB, each stored uncompressed when
 * compression does not shrink it, with the content checksum the {@code lz4} tool writes by
 * default, so that a decoder detects corruption that still decodes (zstd frames carry theirs).
 * Blocks are gathered and compressed in a pooled pair of direct buffers: lz4-java's native
 * compressor holds a {@code byte[]} in a JNI critical region, which on JDK 17 to 21 keeps the
 * garbage collector waiting for as long as a high level takes over a block.
 */
final class Lz4FrameEncoderStream extends PooledEncoderStream<LZ4Compressor> {

	static final int BLOCK_SIZE = 64 * 1024;

	private static final int FLAGS = 0x64;

	private static final int BLOCK_DESCRIPTOR = 0x40;

	private static final byte[] HEADER = header();

	private static final int END_MARK = 0;

	private static final int UNCOMPRESSED = 0x80000000;

	private static final XXHashFactory STREAMING_HASHES = XXHashFactory.fastestJavaInstance();

	private final LZ4Compressor compressor;

	private final StreamingXXHash32 contentHash = STREAMING_HASHES.newStreamingHash32(0);

	private final byte[] word = new byte[4];

	private final byte[] single = new byte[1];

	private boolean headerWritten;

	Lz4FrameEncoderStream(OutputStream target, NativeContextPool<LZ4Compressor> pool) {
		super(target, pool);
		this.compressor = this.context.ctx;
		this.input.limit(BLOCK_SIZE);
	}

	/**
	 * A pool of block buffers for one compressor: a block and room for it compressed.
	 * @param compressor the compressor, which has no state of its own
	 * @return the pool
	 */
	static NativeContextPool<LZ4Compressor> blocks(LZ4Compressor compressor) {
		return NativeContextPool.stateless(compressor, compressor.maxCompressedLength(BLOCK_SIZE));
	}

	private static byte[] header() {
		byte[] descriptor = { FLAGS, BLOCK_DESCRIPTOR };
		int checksum = (XXHashFactory.fastestJavaInstance().hash32().hash(descriptor, 0, 2, 0) >>> 8) & 0xFF;
		int magic = Lz4FrameDecoderStream.MAGIC;
		return new byte[] { (byte) magic, (byte) (magic >>> 8), (byte) (magic >>> 16), (byte) (magic >>> 24), FLAGS,
				BLOCK_DESCRIPTOR, (byte) checksum };
	}

	@Override
	public void write(int b) throws IOException {
		ensureOpen();
		this.single[0] = (byte) b;
		this.contentHash.update(this.single, 0, 1);
		super.write(b);
	}

	@Override
	public void write(byte[] bytes, int offset, int count) throws IOException {
		ensureOpen();
		this.contentHash.update(bytes, offset, count);
		super.write(bytes, offset, count);
	}

	@Override
	void encodeInput() throws IOException {
		writeBlock();
	}

	@Override
	void writeBuffered() throws IOException {
		writeBlock();
	}

	@Override
	void finishEncoding() throws IOException {
		writeBlock();
		writeHeader();
		writeInt(END_MARK);
		writeInt(this.contentHash.getValue());
	}

	private void writeBlock() throws IOException {
		writeHeader();
		int length = this.input.position();
		if (length == 0) {
			return;
		}
		ByteBuffer output = this.context.output;
		int size;
		try {
			size = this.compressor.compress(this.input, 0, length, output, 0, output.capacity());
		}
		catch (RuntimeException ex) {
			this.context.failed = true;
			throw ex;
		}
		if (size < length) {
			writeInt(size);
			drain(output.position(size));
			this.input.clear();
		}
		else {
			writeInt(length | UNCOMPRESSED);
			drain(this.input);
		}
		this.input.limit(BLOCK_SIZE);
	}

	private void writeHeader() throws IOException {
		if (!this.headerWritten) {
			this.headerWritten = true;
			this.target.write(HEADER);
		}
	}

	private void writeInt(int value) throws IOException {
		this.word[0] = (byte) value;
		this.word[1] = (byte) (value >>> 8);
		this.word[2] = (byte) (value >>> 16);
		this.word[3] = (byte) (value >>> 24);
		this.target.write(this.word);
	}

}
