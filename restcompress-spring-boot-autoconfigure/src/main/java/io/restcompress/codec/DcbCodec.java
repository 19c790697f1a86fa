package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;

import com.aayushatharva.brotli4j.encoder.PreparedDictionary;

/**
 * The {@code dcb} coding of RFC 9842 (Compression Dictionary Transport) for one dictionary: a
 * 36-byte header (a 4-byte magic number and the dictionary's SHA-256) followed by a brotli
 * stream compressed against the dictionary as raw content. The encoder uses the brotli codec's
 * window and its quality, but at least {@value #MIN_QUALITY}: brotli's encoder ignores an
 * attached dictionary below that quality; the decoder accepts a window of up to 16 MB, as RFC
 * 9842 requires of a client that announces {@code dcb}, and refuses a body whose header names
 * another dictionary. Like {@code dcz}, the coding is never selected by a {@code *} in
 * {@code Accept-Encoding}.
 * <p>
 * On the first encode or decode the dictionary is copied once into a direct buffer (freed with
 * this codec), and on the first encode prepared by brotli (native match tables, freed by brotli4j
 * when they are garbage collected), so one instance per dictionary should be shared. A codec that
 * is made but never used, as the server makes one beside each {@code dcz} codec, takes no native
 * memory. Thread-safe.
 */
public final class DcbCodec implements ContentCodec {

	/** The coding token. */
	public static final String CODING = "dcb";

	private static final byte[] MAGIC = { (byte) 0xff, 0x44, 0x43, 0x42 };

	/** The length of the header before the brotli stream: the magic number and the hash. */
	public static final int HEADER_LENGTH = MAGIC.length + DictionaryHeader.HASH_LENGTH;

	/** The lowest brotli quality whose encoder uses an attached dictionary. */
	public static final int MIN_QUALITY = 5;

	/** The largest window a {@code dcb} stream may use: 16 MB (RFC 9842, section 4). */
	static final int MAX_WINDOW_BITS = 24;

	private final BrotliCodec brotli;

	private final byte[] dictionary;

	private final PreparedOnce<ByteBuffer> directDictionary;

	private final byte[] header;

	private final String entityTagSuffix;

	private final PreparedOnce<PreparedDictionary> prepared;

	/**
	 * Creates the coding for a dictionary.
	 * @param brotli the brotli codec whose window and quality (at least {@value #MIN_QUALITY}) are
	 * used
	 * @param dictionary the dictionary's bytes, which the codec keeps without copying until it
	 * first needs them in native memory
	 * @param hash the dictionary's SHA-256
	 * @throws IllegalArgumentException if the hash is not 32 bytes
	 */
	public DcbCodec(BrotliCodec brotli, byte[] dictionary, byte[] hash) {
		this.header = DictionaryHeader.of(MAGIC, hash);
		this.entityTagSuffix = DictionaryHeader.entityTagSuffix(CODING, hash);
		this.brotli = (brotli.quality() >= MIN_QUALITY) ? brotli : brotli.withLevel(MIN_QUALITY);
		this.dictionary = dictionary;
		this.directDictionary = new PreparedOnce<>(() -> DczCodec.directCopy(dictionary));
		this.prepared = new PreparedOnce<>(() -> BrotliCodec.prepareDictionary(this.directDictionary.get().duplicate()));
	}

	@Override
	public String coding() {
		return CODING;
	}

	/**
	 * Returns the coding and the start of the dictionary's hash: representations encoded
	 * against different dictionaries differ.
	 * @return the suffix, for example {@code dcb-1a2b3c4d}
	 */
	@Override
	public String entityTagSuffix() {
		return this.entityTagSuffix;
	}

	@Override
	public boolean registered() {
		return false;
	}

	@Override
	public OutputStream encoder(OutputStream target) throws IOException {
		target.write(this.header);
		return this.brotli.dictionaryEncoder(target, this.prepared.get());
	}

	@Override
	public InputStream decoder(InputStream source) throws IOException {
		return BrotliCodec.dictionaryDecoder(CODING, source, MAX_WINDOW_BITS, this.header,
				this.directDictionary.get().duplicate());
	}

	@Override
	public String toString() {
		return CODING + " (dictionary of " + this.dictionary.length + " bytes)";
	}

}
