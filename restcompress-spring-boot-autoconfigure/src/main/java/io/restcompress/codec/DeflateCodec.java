package io.restcompress.codec;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.Deflater;

/**
 * The {@code deflate} coding: zlib-wrapped deflate (RFC 1950) as RFC 9110 defines it, with the
 * JDK's zlib. Decoding tolerates raw deflate data too. Encoders borrow a deflater and its
 * direct buffers from a pool of at most twice the processors, which {@link #close()} frees;
 * decoders borrow inflaters from a pool the process shares.
 */
public final class DeflateCodec implements ContentCodec, AutoCloseable {

	/** The coding token. */
	public static final String CODING = "deflate";

	private final NativeContextPool<Deflater> deflaters;

	/**
	 * Creates a codec that compresses at the given level.
	 * @param level the zlib level, 1 (fastest) to 9 (smallest)
	 */
	public DeflateCodec(int level) {
		this.deflaters = NativeContextPool.deflaters(checkLevel(level), false);
	}

	static int checkLevel(int level) {
		if (level < Deflater.BEST_SPEED || level > Deflater.BEST_COMPRESSION) {
			throw new IllegalArgumentException("zlib level must be between 1 and 9, was " + level);
		}
		return level;
	}

	@Override
	public DeflateCodec withLevel(int level) {
		return new DeflateCodec(level);
	}

	@Override
	public String coding() {
		return CODING;
	}

	@Override
	public OutputStream encoder(OutputStream target) {
		return DeflaterEncoderStream.zlib(target, this.deflaters);
	}

	@Override
	public InputStream decoder(InputStream source) {
		return new DeflateDecoderStream(source);
	}

	/**
	 * Frees the pooled deflaters. Streams still open keep working and free their deflater when
	 * they close.
	 */
	@Override
	public void close() {
		this.deflaters.close();
	}

}
