package io.restcompress.codec;

import java.io.InputStream;
import java.io.OutputStream;

import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;

/**
 * The {@code lz4} coding: the LZ4 frame format (the format of the {@code lz4} tool and of
 * Python's {@code lz4.frame}) with lz4-java's block compressors. Encodes independent blocks
 * of at most 64 KB with a content checksum; decodes independent and linked blocks, block and content checksums and
 * concatenated frames. Not registered with IANA, so only selected when a peer names it. Holds
 * no native state: the native block functions are stateless; encoders borrow their direct block
 * buffers from a pool.
 */
public final class Lz4Codec implements ContentCodec {

	/** The coding token. */
	public static final String CODING = "lz4";

	private final int level;

	private final NativeContextPool<LZ4Compressor> blocks;

	/**
	 * Creates a codec that compresses at the given level.
	 * @param level 1 or 2 for LZ4's fast compressor, 3 to 12 for LZ4 HC at that level, as the
	 * {@code lz4} tool counts them
	 */
	public Lz4Codec(int level) {
		if (level < 1 || level > 12) {
			throw new IllegalArgumentException("lz4 level must be between 1 and 12, was " + level);
		}
		this.level = level;
		LZ4Factory factory = Lz4Natives.LZ4;
		this.blocks = Lz4FrameEncoderStream
			.blocks((level <= 2) ? factory.fastCompressor() : factory.highCompressor(level));
	}

	@Override
	public String coding() {
		return CODING;
	}

	/**
	 * The compression level.
	 * @return the level, as the {@code lz4} tool counts them
	 */
	@Override
	public Lz4Codec withLevel(int level) {
		return new Lz4Codec(level);
	}

	public int level() {
		return this.level;
	}

	@Override
	public boolean registered() {
		return false;
	}

	@Override
	public OutputStream encoder(OutputStream target) {
		return new Lz4FrameEncoderStream(target, this.blocks);
	}

	@Override
	public InputStream decoder(InputStream source) {
		return new Lz4FrameDecoderStream(source);
	}

}
