package io.restcompress.codec;

import java.io.InputStream;
import java.io.OutputStream;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;

/**
 * The {@code zstd} coding (RFC 8878, RFC 9659) with zstd-jni. Encoders and decoders borrow a
 * native context from a small pool, so a short body does not pay for setting one up; every
 * context goes back to the pool or is freed when its stream closes, and {@link #close()}
 * frees the pools. Decoders refuse frames that demand a window larger than
 * {@code maxWindow}.
 */
public final class ZstdCodec implements ContentCodec, AutoCloseable {

	/** The coding token. */
	public static final String CODING = "zstd";

	/** The window RFC 9659 allows a {@code zstd} content coding: 8 MB. */
	public static final long DEFAULT_MAX_WINDOW = 8L * 1024 * 1024;

	private static final int MIN_LEVEL = -7;

	private static final int MAX_LEVEL = 19;

	private static final int EIGHT_MB_WINDOW_LOG = 23;

	private final int level;

	private final long maxWindow;

	private final int encoderWindowLog;

	private final NativeContextPool<ZstdCompressCtx> compression;

	private final NativeContextPool<ZstdDecompressCtx> decompression;

	/**
	 * Creates a codec that compresses at the given level and decodes frames whose window is at
	 * most {@code maxWindow} bytes.
	 * @param level the zstd level, -7 (fastest) to 19 (smallest)
	 * @param maxWindow the largest window a frame may demand, at least 1 KB; below 8 MB it
	 * also limits the encoder's window (to the power of two at or below it)
	 */
	public ZstdCodec(int level, long maxWindow) {
		if (level < MIN_LEVEL || level > MAX_LEVEL || level == 0) {
			throw new IllegalArgumentException(
					"zstd level must be between " + MIN_LEVEL + " and " + MAX_LEVEL + " and not 0, was " + level);
		}
		this.level = level;
		this.maxWindow = maxWindow;
		int windowLog = windowLog(maxWindow);
		this.encoderWindowLog = (windowLog < EIGHT_MB_WINDOW_LOG) ? windowLog : 0;
		this.compression = NativeContextPool.compression(NativeContextPool.DEFAULT_CAPACITY);
		this.decompression = NativeContextPool.decompression(NativeContextPool.DEFAULT_CAPACITY);
	}

	private static int windowLog(long maxWindow) {
		if (maxWindow < (1L << Zstd.windowLogMin())) {
			throw new IllegalArgumentException("zstd max window must be at least 1KB, was " + maxWindow + " bytes");
		}
		return Math.min(63 - Long.numberOfLeadingZeros(maxWindow), Zstd.windowLogMax());
	}

	@Override
	public ZstdCodec withLevel(int level) {
		return new ZstdCodec(level, this.maxWindow);
	}

	@Override
	public String coding() {
		return CODING;
	}

	/**
	 * The compression level.
	 * @return the zstd level
	 */
	public int level() {
		return this.level;
	}

	/**
	 * The largest window a frame may demand.
	 * @return the limit in bytes
	 */
	public long maxWindow() {
		return this.maxWindow;
	}

	@Override
	public OutputStream encoder(OutputStream target) {
		return new ZstdEncoderStream(target, this.compression, this.level, this.encoderWindowLog);
	}

	@Override
	public InputStream decoder(InputStream source) {
		return new ZstdDecoderStream(source, this.decompression, this.maxWindow);
	}

	/**
	 * Returns an encoder of one frame compressed against a prepared raw-content dictionary, at
	 * the dictionary's level and with the window RFC 9842 allows for it.
	 * @param target where the frame goes
	 * @param dictionary the prepared dictionary
	 * @param dictionaryLength the dictionary's size in bytes
	 * @return the encoding stream
	 */
	OutputStream dictionaryEncoder(OutputStream target, ZstdDictCompress dictionary, int dictionaryLength) {
		int windowLog = 63 - Long.numberOfLeadingZeros(dictionaryWindow(dictionaryLength));
		return new ZstdEncoderStream(target, this.compression, this.level, windowLog, dictionary);
	}

	/**
	 * Returns a decoder of frames compressed against a prepared raw-content dictionary that
	 * follow a fixed header, refusing a window larger than RFC 9842 allows for the dictionary.
	 * @param coding the coding named by failures
	 * @param source the body
	 * @param header the bytes the body starts with
	 * @param dictionary the prepared dictionary
	 * @param dictionaryLength the dictionary's size in bytes
	 * @return the decoding stream
	 */
	InputStream dictionaryDecoder(String coding, InputStream source, byte[] header, ZstdDictDecompress dictionary,
			int dictionaryLength) {
		return new ZstdDecoderStream(coding, source, this.decompression, dictionaryWindow(dictionaryLength), header,
				dictionary);
	}

	/**
	 * The largest window a frame compressed against a dictionary may use (RFC 9842, section
	 * 4): 8 MB or 1.25 times the dictionary, whichever is larger.
	 * @param dictionaryLength the dictionary's size in bytes
	 * @return the window in bytes
	 */
	static long dictionaryWindow(long dictionaryLength) {
		return Math.max(DEFAULT_MAX_WINDOW, dictionaryLength + dictionaryLength / 4);
	}

	/**
	 * Frees the pooled contexts. Streams still open keep working and free their
	 * context when they close.
	 */
	@Override
	public void close() {
		this.compression.close();
		this.decompression.close();
	}

}
