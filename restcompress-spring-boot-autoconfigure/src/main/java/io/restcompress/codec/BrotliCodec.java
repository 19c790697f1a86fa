package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.BrotliOutputStream;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.aayushatharva.brotli4j.encoder.PreparedDictionary;

/**
 * The {@code br} coding (RFC 7932) with brotli4j. Each stream owns a native encoder or
 * decoder, freed when the stream closes (brotli4j offers no way to reset one for reuse).
 * Decoders refuse streams whose window is larger than {@code maxWindow}, and large-window
 * streams, which are not RFC 7932 brotli.
 */
public final class BrotliCodec implements ContentCodec {

	/** The coding token. */
	public static final String CODING = "br";

	/**
	 * The default limit on the window a stream may demand: 16 MB, the largest RFC 7932 allows,
	 * so that every standard stream decodes (the {@code brotli} tool writes 16 MB windows when
	 * it does not know the input's size).
	 */
	public static final long DEFAULT_MAX_WINDOW = 16L * 1024 * 1024;

	static final int MIN_WINDOW_BITS = 10;

	static final int MAX_WINDOW_BITS = 24;

	private static final int ENCODER_WINDOW_BITS = 22;

	/** Brotli's {@code BROTLI_SHARED_DICTIONARY_RAW}: the dictionary is plain content, a prefix of the window. */
	private static final int RAW_DICTIONARY = 0;

	private static final int ENCODER_BUFFER_SIZE = 16 * 1024;

	private final Encoder.Parameters parameters;

	private final int maxWindowBits;

	private final long maxWindow;

	/**
	 * Creates a codec that compresses at the given quality and decodes streams whose window
	 * is at most {@code maxWindow} bytes.
	 * @param quality the brotli quality, 0 (fastest) to 11 (smallest)
	 * @param maxWindow the largest window a stream may demand, at least 1008 bytes; the
	 * encoder uses a window of at most 4 MB and at most this
	 * @throws IllegalStateException if brotli4j's native library cannot be loaded
	 */
	public BrotliCodec(int quality, long maxWindow) {
		if (quality < 0 || quality > 11) {
			throw new IllegalArgumentException("brotli quality must be between 0 and 11, was " + quality);
		}
		Brotli4jLoader.ensureAvailability();
		this.maxWindow = maxWindow;
		this.maxWindowBits = windowBits(maxWindow);
		this.parameters = new Encoder.Parameters().setQuality(quality)
			.setWindow(Math.min(ENCODER_WINDOW_BITS, this.maxWindowBits));
	}

	@Override
	public BrotliCodec withLevel(int level) {
		return new BrotliCodec(level, this.maxWindow);
	}

	private static int windowBits(long maxWindow) {
		int bits = MIN_WINDOW_BITS - 1;
		while (bits < MAX_WINDOW_BITS && windowSize(bits + 1) <= maxWindow) {
			bits++;
		}
		if (bits < MIN_WINDOW_BITS) {
			throw new IllegalArgumentException(
					"brotli max window must be at least " + windowSize(MIN_WINDOW_BITS) + " bytes, was " + maxWindow);
		}
		return bits;
	}

	static long windowSize(int windowBits) {
		return (1L << windowBits) - 16;
	}

	@Override
	public String coding() {
		return CODING;
	}

	/**
	 * The compression quality.
	 * @return the brotli quality
	 */
	public int quality() {
		return this.parameters.quality();
	}

	/**
	 * The largest window a stream may demand.
	 * @return the window size in bytes
	 */
	public long maxWindow() {
		return windowSize(this.maxWindowBits);
	}

	@Override
	public OutputStream encoder(OutputStream target) throws IOException {
		return new FlushingBrotliOutputStream(target, this.parameters);
	}

	@Override
	public InputStream decoder(InputStream source) throws IOException {
		return new BrotliDecoderStream(CODING, source, this.maxWindowBits, null, null);
	}

	/**
	 * Prepares a raw-content dictionary for encoding: brotli builds its match tables once, in
	 * native memory that brotli4j frees when the returned object is garbage collected.
	 * @param dictionary a direct buffer with the dictionary's bytes, which must stay unchanged
	 * @return the prepared dictionary
	 */
	static PreparedDictionary prepareDictionary(ByteBuffer dictionary) {
		return Encoder.prepareDictionary(dictionary, RAW_DICTIONARY);
	}

	/**
	 * Returns an encoder of one stream compressed against a prepared raw-content dictionary.
	 * @param target where the stream goes
	 * @param dictionary the prepared dictionary
	 * @return the encoding stream
	 * @throws IOException if the encoder cannot be created
	 */
	OutputStream dictionaryEncoder(OutputStream target, PreparedDictionary dictionary) throws IOException {
		FlushingBrotliOutputStream encoder = new FlushingBrotliOutputStream(target, this.parameters);
		encoder.attachDictionary(dictionary);
		return encoder;
	}

	/**
	 * Returns a decoder of a stream compressed against a raw-content dictionary that follows a
	 * fixed header.
	 * @param coding the coding named by failures
	 * @param source the body
	 * @param maxWindowBits the largest window the stream may demand
	 * @param header the bytes the body starts with
	 * @param dictionary a direct buffer with the dictionary's bytes
	 * @return the decoding stream
	 * @throws IOException if the decoder cannot be created
	 */
	static InputStream dictionaryDecoder(String coding, InputStream source, int maxWindowBits, byte[] header,
			ByteBuffer dictionary) throws IOException {
		return new BrotliDecoderStream(coding, source, maxWindowBits, header, dictionary);
	}

	/**
	 * brotli4j's stream flushes the encoder but not the target.
	 */
	private static final class FlushingBrotliOutputStream extends BrotliOutputStream {

		private final OutputStream target;

		FlushingBrotliOutputStream(OutputStream target, Encoder.Parameters parameters) throws IOException {
			super(target, parameters, ENCODER_BUFFER_SIZE);
			this.target = target;
		}

		@Override
		public void flush() throws IOException {
			super.flush();
			this.target.flush();
		}

	}

}
