package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

import com.github.luben.zstd.Zstd;

/**
 * The {@code zstd} coding (RFC 8878, RFC 9659) with zstd-jni. Encoders borrow a compression
 * context from a small pool, so a short body does not pay for setting one up; every context
 * goes back to the pool or is freed when its stream closes, and {@link #close()} frees the
 * pool. Decoders refuse frames that demand a window larger than {@code maxWindow}.
 */
public final class ZstdCodec implements ContentCodec, AutoCloseable {

	/** The coding token. */
	public static final String CODING = "zstd";

	/** The window RFC 9659 allows a {@code zstd} content coding: 8 MB. */
	public static final long DEFAULT_MAX_WINDOW = 8L * 1024 * 1024;

	private static final int MIN_LEVEL = -7;

	private static final int MAX_LEVEL = 19;

	private static final int DEFAULT_WINDOW_LOG = 23;

	private final int windowLogMax;

	private final ZstdContextPool contexts;

	/**
	 * Creates a codec that compresses at the given level and decodes frames whose window is at
	 * most {@code maxWindow} bytes.
	 * @param level the zstd level, -7 (fastest) to 19 (smallest)
	 * @param maxWindow the largest window a frame may demand, at least 1 KB; below 8 MB it
	 * also limits the encoder's window
	 */
	public ZstdCodec(int level, long maxWindow) {
		if (level < MIN_LEVEL || level > MAX_LEVEL || level == 0) {
			throw new IllegalArgumentException(
					"zstd level must be between " + MIN_LEVEL + " and " + MAX_LEVEL + " and not 0, was " + level);
		}
		this.windowLogMax = windowLog(maxWindow);
		int encoderWindowLog = (this.windowLogMax < DEFAULT_WINDOW_LOG) ? this.windowLogMax : 0;
		this.contexts = new ZstdContextPool(level, encoderWindowLog,
				Math.max(2, 2 * Runtime.getRuntime().availableProcessors()));
	}

	private static int windowLog(long maxWindow) {
		if (maxWindow < (1L << Zstd.windowLogMin())) {
			throw new IllegalArgumentException("zstd max window must be at least 1KB, was " + maxWindow + " bytes");
		}
		return Math.min(63 - Long.numberOfLeadingZeros(maxWindow), Zstd.windowLogMax());
	}

	@Override
	public String coding() {
		return CODING;
	}

	@Override
	public OutputStream encoder(OutputStream target) {
		return new ZstdEncoderStream(target, this.contexts);
	}

	@Override
	public InputStream decoder(InputStream source) throws IOException {
		return ZstdDecoderStream.open(source, this.windowLogMax);
	}

	/**
	 * Frees the pooled compression contexts. Streams still open keep working and free their
	 * context when they close.
	 */
	@Override
	public void close() {
		this.contexts.close();
	}

}
