package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;

import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4SafeDecompressor;
import net.jpountz.xxhash.StreamingXXHash32;
import net.jpountz.xxhash.XXHash32;
import net.jpountz.xxhash.XXHashFactory;
import org.jspecify.annotations.Nullable;

/**
 * Decodes LZ4 frames (one or more, with skippable frames between them) block by block.
 * Independent blocks go through lz4-java's native safe decompressor, linked blocks through
 * {@link Lz4BlockDecoder} with the last 64 KB of output as history. Independent blocks of at
 * most 64 KB (the frames restcompress and Python's {@code lz4.frame} write) are decoded between
 * a pooled pair of direct buffers and read from there, so the native decompressor holds no
 * {@code byte[]} in a JNI critical region; larger ones still are. Other buffers grow with the
 * blocks actually received, not with the block size a header announces. Header, block and
 * content checksums and the content size are verified when the frame carries them.
 */
final class Lz4FrameDecoderStream extends DecoderInputStream {

	static final int MAGIC = 0x184D2204;

	private static final int SKIPPABLE_MAGIC = 0x184D2A50;

	private static final int HISTORY = 64 * 1024;

	private static final int MAX_EXPANSION = 255;

	private static final LZ4SafeDecompressor DECOMPRESSOR = Lz4Natives.LZ4.safeDecompressor();

	private static final XXHash32 HASH = Lz4Natives.XXHASH.hash32();

	private static final XXHashFactory STREAMING_HASHES = XXHashFactory.fastestJavaInstance();

	private static final int DIRECT_BLOCK_MAX = Lz4FrameEncoderStream.BLOCK_SIZE;

	private static final NativeContextPool<LZ4SafeDecompressor> DIRECT_BLOCKS = NativeContextPool
		.stateless(DECOMPRESSOR, DIRECT_BLOCK_MAX);

	private final InputStream source;

	private final byte[] header = new byte[14];

	private final StreamingXXHash32 contentHash = STREAMING_HASHES.newStreamingHash32(0);

	private byte[] compressed = new byte[0];

	private byte[] decoded = new byte[0];

	NativeContextPool.@Nullable Lease<LZ4SafeDecompressor> directBlocks;

	private @Nullable ByteBuffer directBlock;

	private int position;

	private int limit;

	private boolean anyFrame;

	private boolean inFrame;

	private boolean finished;

	private boolean linked;

	private boolean blockChecksum;

	private boolean contentChecksum;

	private boolean hasContentSize;

	/** The frame's declared content size, unsigned. */
	private long contentSize;

	private long frameSize;

	private int blockMax;

	Lz4FrameDecoderStream(InputStream source) {
		super(Lz4Codec.CODING);
		this.source = source;
	}

	@Override
	protected int readDecoded(byte[] bytes, int offset, int count) throws IOException {
		while (available() == 0) {
			if (this.finished || !nextBlock()) {
				this.finished = true;
				return -1;
			}
		}
		if (this.directBlock != null) {
			int n = Math.min(count, this.directBlock.remaining());
			this.directBlock.get(bytes, offset, n);
			if (this.contentChecksum) {
				this.contentHash.update(bytes, offset, n);
			}
			return n;
		}
		int n = Math.min(count, this.limit - this.position);
		System.arraycopy(this.decoded, this.position, bytes, offset, n);
		this.position += n;
		return n;
	}

	@Override
	public int available() {
		return (this.directBlock != null) ? this.directBlock.remaining() : this.limit - this.position;
	}

	@Override
	protected void release() throws IOException {
		try {
			this.source.close();
		}
		finally {
			if (this.directBlocks != null) {
				this.directBlocks.release();
			}
		}
	}

	private boolean nextBlock() throws IOException {
		if (!this.inFrame && !startFrame()) {
			return false;
		}
		int size = readIntLE("block size");
		if (size == 0) {
			endFrame();
			return true;
		}
		boolean stored = size < 0;
		int length = size & 0x7FFFFFFF;
		if (length > this.blockMax) {
			throw corrupt("block of " + length + " bytes exceeds the frame's block size of " + this.blockMax);
		}
		this.compressed = grow(this.compressed, length);
		readFully(this.source, this.compressed, 0, length, "block");
		if (this.blockChecksum && readIntLE("block checksum") != HASH.hash(this.compressed, 0, length, 0)) {
			throw corrupt("block checksum mismatch");
		}
		this.directBlock = null;
		if (!stored && !this.linked && this.blockMax <= DIRECT_BLOCK_MAX) {
			this.frameSize += decodeDirect(length);
			return true;
		}
		int start = this.linked ? keepHistory() : 0;
		int end = stored ? copyStored(start, length) : decodeBlock(start, length);
		this.position = start;
		this.limit = end;
		this.frameSize += end - start;
		if (this.contentChecksum) {
			this.contentHash.update(this.decoded, start, end - start);
		}
		return true;
	}

	/**
	 * Decodes an independent block between direct buffers and leaves it there to be read; its
	 * bytes reach the content checksum as they are read.
	 */
	private int decodeDirect(int length) throws CorruptContentException {
		if (this.directBlocks == null) {
			this.directBlocks = DIRECT_BLOCKS.borrow(this);
		}
		NativeContextPool.Context<LZ4SafeDecompressor> buffers = this.directBlocks.context();
		ByteBuffer input = buffers.input.clear().put(this.compressed, 0, length);
		ByteBuffer output = buffers.output.clear();
		int decodedLength;
		try {
			decodedLength = DECOMPRESSOR.decompress(input, 0, length, output, 0, this.blockMax);
		}
		catch (LZ4Exception ex) {
			throw corrupt("invalid block");
		}
		this.directBlock = output.limit(decodedLength);
		this.position = 0;
		this.limit = 0;
		return decodedLength;
	}

	private int copyStored(int start, int length) {
		this.decoded = grow(this.decoded, start + length);
		System.arraycopy(this.compressed, 0, this.decoded, start, length);
		return start + length;
	}

	/**
	 * Decodes into a buffer that starts at about four times the block's size and grows until
	 * the block fits or the largest size it could decode to is reached, so small bodies do
	 * not pay for a full 64 KB (or 4 MB) buffer.
	 */
	private int decodeBlock(int start, int length) throws CorruptContentException {
		int largest = (int) Math.min(this.blockMax, (long) length * MAX_EXPANSION);
		int capacity = Math.min(largest, Math.max(this.decoded.length - start, length * 4));
		while (true) {
			this.decoded = grow(this.decoded, start + capacity);
			int end = decodeInto(start, length, start + capacity);
			if (end >= 0) {
				return end;
			}
			if (capacity == largest) {
				throw corrupt("invalid block");
			}
			capacity = (int) Math.min(largest, capacity * 4L);
		}
	}

	private int decodeInto(int start, int length, int limit) {
		if (this.linked) {
			return Lz4BlockDecoder.decode(this.compressed, length, this.decoded, start, limit);
		}
		try {
			return DECOMPRESSOR.decompress(this.compressed, 0, length, this.decoded, 0, limit);
		}
		catch (LZ4Exception ex) {
			return -1;
		}
	}

	private int keepHistory() {
		int keep = Math.min(HISTORY, this.limit);
		System.arraycopy(this.decoded, this.limit - keep, this.decoded, 0, keep);
		return keep;
	}

	private boolean startFrame() throws IOException {
		int magic;
		while (true) {
			int n = readUpTo(this.header, 4);
			if (n == 0 && this.anyFrame) {
				return false;
			}
			if (n < 4) {
				throw corrupt(this.anyFrame ? "unexpected bytes after the last frame"
						: (n == 0) ? "empty body, expected a frame" : "truncated frame header");
			}
			magic = intLE(this.header, 0);
			if ((magic & 0xFFFFFFF0) != SKIPPABLE_MAGIC) {
				break;
			}
			skipFully(Integer.toUnsignedLong(readIntLE("skippable frame size")));
			this.anyFrame = true;
		}
		if (magic != MAGIC) {
			throw corrupt(this.anyFrame ? "unexpected bytes after the last frame" : "not an LZ4 frame");
		}
		readDescriptor();
		this.anyFrame = true;
		this.inFrame = true;
		this.position = 0;
		this.limit = 0;
		this.frameSize = 0;
		this.contentHash.reset();
		return true;
	}

	private void readDescriptor() throws IOException {
		readFully(this.source, this.header, 0, 2, "frame descriptor");
		int flags = this.header[0] & 0xFF;
		int blockDescriptor = this.header[1] & 0xFF;
		if ((flags >>> 6) != 1) {
			throw corrupt("unsupported frame version " + (flags >>> 6));
		}
		if ((flags & 0x02) != 0 || (blockDescriptor & 0x8F) != 0) {
			throw corrupt("reserved descriptor bits set");
		}
		int blockSizeCode = blockDescriptor >>> 4;
		if (blockSizeCode < 4) {
			throw corrupt("invalid block size code " + blockSizeCode);
		}
		boolean hasContentSize = (flags & 0x08) != 0;
		boolean hasDictionary = (flags & 0x01) != 0;
		int length = 2 + (hasContentSize ? 8 : 0) + (hasDictionary ? 4 : 0);
		readFully(this.source, this.header, 2, length - 2, "frame descriptor");
		int checksum = requireByte("frame descriptor");
		if (checksum != ((HASH.hash(this.header, 0, length, 0) >>> 8) & 0xFF)) {
			throw corrupt("frame descriptor checksum mismatch");
		}
		if (hasDictionary) {
			throw corrupt("frames that need a dictionary are not supported");
		}
		this.linked = (flags & 0x20) == 0;
		this.blockChecksum = (flags & 0x10) != 0;
		this.contentChecksum = (flags & 0x04) != 0;
		this.hasContentSize = hasContentSize;
		this.contentSize = hasContentSize ? longLE(this.header, 2) : 0;
		this.blockMax = 1 << (8 + 2 * blockSizeCode);
	}

	private void endFrame() throws IOException {
		if (this.contentChecksum && readIntLE("content checksum") != this.contentHash.getValue()) {
			throw corrupt("content checksum mismatch");
		}
		if (this.hasContentSize && this.frameSize != this.contentSize) {
			throw corrupt("frame holds " + this.frameSize + " bytes, its header says "
					+ Long.toUnsignedString(this.contentSize));
		}
		this.inFrame = false;
		this.position = 0;
		this.limit = 0;
	}

	private static byte[] grow(byte[] buffer, int size) {
		return (buffer.length >= size) ? buffer : Arrays.copyOf(buffer, size);
	}

	private int readIntLE(String part) throws IOException {
		readFully(this.source, this.header, 0, 4, part);
		return intLE(this.header, 0);
	}

	private static int intLE(byte[] bytes, int offset) {
		return (bytes[offset] & 0xFF) | (bytes[offset + 1] & 0xFF) << 8 | (bytes[offset + 2] & 0xFF) << 16
				| (bytes[offset + 3] & 0xFF) << 24;
	}

	private static long longLE(byte[] bytes, int offset) {
		return Integer.toUnsignedLong(intLE(bytes, offset)) | (long) intLE(bytes, offset + 4) << 32;
	}

	private int requireByte(String part) throws IOException {
		int b = this.source.read();
		if (b == -1) {
			throw corrupt("truncated " + part);
		}
		return b;
	}

	private int readUpTo(byte[] target, int count) throws IOException {
		int read = 0;
		while (read < count) {
			int n = this.source.read(target, read, count - read);
			if (n == -1) {
				break;
			}
			read += n;
		}
		return read;
	}

	private void skipFully(long count) throws IOException {
		byte[] discard = new byte[(int) Math.min(count, 8192)];
		long left = count;
		while (left > 0) {
			int n = this.source.read(discard, 0, (int) Math.min(left, discard.length));
			if (n == -1) {
				throw corrupt("truncated skippable frame");
			}
			left -= n;
		}
	}

}
