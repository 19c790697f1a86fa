package io.restcompress.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.xxhash.StreamingXXHash32;
import net.jpountz.xxhash.XXHash32;
import net.jpountz.xxhash.XXHashFactory;

/**
 * Writes one LZ4 frame of independent blocks of at most 64 KB, each stored uncompressed when
 * compression does not shrink it, with the content checksum the {@code lz4} tool writes by
 * default, so that a decoder detects corruption that still decodes (zstd frames carry theirs). Unlike lz4-java's frame stream it does not allocate a full
 * block's buffers up front: they grow with the body, so a 1 KB body costs about 2 KB.
 */
final class Lz4FrameEncoderStream extends EncoderOutputStream {

	static final int BLOCK_SIZE = 64 * 1024;

	private static final int INITIAL_SIZE = 4 * 1024;

	private static final int FLAGS = 0x64;

	private static final int BLOCK_DESCRIPTOR = 0x40;

	private static final int END_MARK = 0;

	private static final int UNCOMPRESSED = 0x80000000;

	private static final XXHash32 HASH = Lz4Natives.XXHASH.hash32();

	private static final XXHashFactory STREAMING_HASHES = XXHashFactory.fastestJavaInstance();

	private final LZ4Compressor compressor;

	private final StreamingXXHash32 contentHash = STREAMING_HASHES.newStreamingHash32(0);

	private byte[] block = new byte[INITIAL_SIZE];

	private byte[] compressed = new byte[0];

	private final byte[] word = new byte[4];

	private int length;

	private boolean headerWritten;

	Lz4FrameEncoderStream(OutputStream target, LZ4Compressor compressor) {
		super(target);
		this.compressor = compressor;
	}

	@Override
	public void write(int b) throws IOException {
		ensureOpen();
		if (this.length == this.block.length) {
			makeRoom();
		}
		this.block[this.length++] = (byte) b;
	}

	@Override
	public void write(byte[] bytes, int offset, int count) throws IOException {
		ensureOpen();
		while (count > 0) {
			if (this.length == this.block.length) {
				makeRoom();
			}
			int n = Math.min(count, this.block.length - this.length);
			System.arraycopy(bytes, offset, this.block, this.length, n);
			this.length += n;
			offset += n;
			count -= n;
		}
	}

	private void makeRoom() throws IOException {
		if (this.block.length < BLOCK_SIZE) {
			this.block = Arrays.copyOf(this.block, Math.min(BLOCK_SIZE, this.block.length * 4));
		}
		else {
			writeBlock();
		}
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

	@Override
	void release() {
		this.block = null;
		this.compressed = null;
	}

	private void writeBlock() throws IOException {
		writeHeader();
		if (this.length == 0) {
			return;
		}
		this.contentHash.update(this.block, 0, this.length);
		int bound = this.compressor.maxCompressedLength(this.length);
		if (this.compressed.length < bound) {
			this.compressed = new byte[this.compressor.maxCompressedLength(this.block.length)];
		}
		int size = this.compressor.compress(this.block, 0, this.length, this.compressed, 0, this.compressed.length);
		if (size < this.length) {
			writeInt(size);
			this.target.write(this.compressed, 0, size);
		}
		else {
			writeInt(this.length | UNCOMPRESSED);
			this.target.write(this.block, 0, this.length);
		}
		this.length = 0;
	}

	private void writeHeader() throws IOException {
		if (this.headerWritten) {
			return;
		}
		this.headerWritten = true;
		byte[] descriptor = { FLAGS, BLOCK_DESCRIPTOR };
		writeInt(Lz4FrameDecoderStream.MAGIC);
		this.target.write(descriptor);
		this.target.write((HASH.hash(descriptor, 0, 2, 0) >>> 8) & 0xFF);
	}

	private void writeInt(int value) throws IOException {
		this.word[0] = (byte) value;
		this.word[1] = (byte) (value >>> 8);
		this.word[2] = (byte) (value >>> 16);
		this.word[3] = (byte) (value >>> 24);
		this.target.write(this.word);
	}

}
