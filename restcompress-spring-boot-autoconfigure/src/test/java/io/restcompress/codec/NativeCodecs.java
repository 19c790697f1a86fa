package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * The codecs with native libraries (zstd, br, lz4) at their default settings, and sources
 * that feed them the way a network would.
 */
final class NativeCodecs {

	static final ZstdCodec ZSTD = new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW);

	static final BrotliCodec BROTLI = new BrotliCodec(4, BrotliCodec.DEFAULT_MAX_WINDOW);

	static final Lz4Codec LZ4 = new Lz4Codec(1);

	private NativeCodecs() {
	}

	static List<ContentCodec> all() {
		return List.of(ZSTD, BROTLI, LZ4);
	}

	static byte[] decode(ContentCodec codec, InputStream source) throws IOException {
		try (InputStream decoder = codec.decoder(source)) {
			return decoder.readAllBytes();
		}
	}

	/**
	 * A source that hands out at most one byte per read, as a slow network would.
	 */
	static InputStream trickle(byte[] bytes) {
		return new ByteArrayInputStream(bytes) {

			@Override
			public synchronized int read(byte[] b, int off, int len) {
				return super.read(b, off, Math.min(len, 1));
			}

		};
	}

}
