package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/**
 * The {@code deflate} coding: zlib-wrapped deflate (RFC 1950) as RFC 9110 defines it, with the
 * JDK's zlib. Decoding tolerates raw deflate data too.
 */
public final class DeflateCodec implements ContentCodec {

	/** The coding token. */
	public static final String CODING = "deflate";

	private static final int BUFFER_SIZE = 8192;

	private final int level;

	/**
	 * Creates a codec that compresses at the given level.
	 * @param level the zlib level, 1 (fastest) to 9 (smallest)
	 */
	public DeflateCodec(int level) {
		this.level = checkLevel(level);
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
		return new EndingDeflaterOutputStream(target, new Deflater(this.level));
	}

	@Override
	public InputStream decoder(InputStream source) {
		return new DeflateDecoderStream(source);
	}

	private static final class EndingDeflaterOutputStream extends DeflaterOutputStream {

		EndingDeflaterOutputStream(OutputStream target, Deflater deflater) {
			super(target, deflater, BUFFER_SIZE, true);
		}

		@Override
		public void close() throws IOException {
			try {
				super.close();
			}
			finally {
				this.def.end();
			}
		}

	}

}
