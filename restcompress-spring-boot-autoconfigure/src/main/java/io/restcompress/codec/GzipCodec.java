package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Set;
import java.util.zip.Deflater;

/**
 * The {@code gzip} coding (RFC 1952) with the JDK's zlib. Decodes {@code x-gzip} too.
 * Encoders borrow a deflater and its direct buffers from a pool of at most twice the
 * processors, which {@link #close()} frees; decoders borrow inflaters from a pool the process
 * shares.
 */
public final class GzipCodec implements ContentCodec, AutoCloseable {

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

	/**
	 * Frees the pooled deflaters. Streams still open keep working and free their deflater when
	 * they close.
	 */
	@Override
	public void close() {
		this.deflaters.close();
	}

}
