package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Set;
import java.util.zip.Deflater;

/**
 * The {@code gzip} coding (RFC 1952) with the JDK's zlib. Decodes {@code x-gzip} too.
 */
public final class GzipCodec implements ContentCodec {

	/** The coding token. */
	public static final String CODING = "gzip";

	private final NativeContextPool<Deflater> deflaters;

	/**
	 * Creates a codec that compresses at the given level.
	 * @param level the zlib level, 1 (fastest) to 9 (smallest)
	 */
	public GzipCodec(int level) {
		this.deflaters = NativeContextPool.deflaters(DeflateCodec.checkLevel(level), true);
	}

	@Override
	public GzipCodec withLevel(int level) {
		return new GzipCodec(level);
	}

	@Override
	public String coding() {
		return CODING;
	}

	@Override
	public Set<String> aliases() {
		return Set.of("x-gzip");
	}

	@Override
	public OutputStream encoder(OutputStream target) throws IOException {
		return DeflaterEncoderStream.gzip(target, this.deflaters);
	}

	@Override
	public InputStream decoder(InputStream source) {
		return new GzipDecoderStream(source);
	}

}
