package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;

/**
 * The {@code dcz} coding of RFC 9842 (Compression Dictionary Transport) for one dictionary: a
 * 40-byte header (an 8-byte magic number and the dictionary's SHA-256) followed by a zstd frame
 * compressed against the dictionary as raw content, with a window of at most 8 MB or 1.25 times
 * the dictionary. The decoder refuses a body whose header names another dictionary. The coding
 * is never selected by a {@code *} in {@code Accept-Encoding}: a client names it, together
 * with the dictionary it has.
 * <p>
 * zstd indexes the dictionary once per codec, not once per body: the first encoder prepares it
 * for compression at the codec's level but at least {@value #MIN_LEVEL}, the first decoder for
 * decompression. Each prepared copy lives in native memory (for compression the dictionary and
 * its match tables, about twice its size) until the codec is collected. Both are prepared from a
 * direct copy of the dictionary: from a {@code byte[]}, zstd-jni would hold the array in a JNI
 * critical region while zstd indexes it (milliseconds for a large dictionary, seconds at high
 * levels), and on JDKs before 22 garbage collection waits for such a region to end, so that
 * threads needing memory meanwhile can fail with an {@link OutOfMemoryError} on a heap that has
 * room.
 */
public final class DczCodec implements ContentCodec {

	/** The coding token. */
	public static final String CODING = "dcz";

	private static final byte[] MAGIC = { 0x5e, 0x2a, 0x4d, 0x18, 0x20, 0x00, 0x00, 0x00 };

	/** The length of the header before the zstd frame: the magic number and the hash. */
	public static final int HEADER_LENGTH = MAGIC.length + DictionaryHeader.HASH_LENGTH;

	/**
	 * The lowest zstd level a prepared dictionary is compressed at. zstd sizes a prepared
	 * dictionary's match tables by the level, and below 4 (the fast and double-fast strategies)
	 * it indexes a large dictionary too sparsely to find most of its matches: the sample feed
	 * against its previous version, 1.8 MB, encodes to 76,895 bytes at level 3 and to 410 at 4.
	 */
	public static final int MIN_LEVEL = 4;

	/** The magic number of a zstd-format dictionary, little endian, which raw content must not start with. */
	private static final byte[] ZSTD_DICTIONARY_MAGIC = { 0x37, (byte) 0xa4, 0x30, (byte) 0xec };

	private final ZstdCodec zstd;

	private final byte[] dictionary;

	private final byte[] header;

	private final String entityTagSuffix;

	private final PreparedOnce<ZstdDictCompress> compressionDictionary;

	private final PreparedOnce<ZstdDictDecompress> decompressionDictionary;

	/**
	 * Creates the coding for a dictionary.
	 * @param zstd the zstd codec whose contexts and level (at least {@value #MIN_LEVEL}) are used
	 * @param dictionary the dictionary's bytes, which the codec keeps without copying
	 * @param hash the dictionary's SHA-256
	 * @throws IllegalArgumentException if the hash is not 32 bytes or the dictionary is not
	 * {@linkplain #usableAsDictionary usable}
	 */
	public DczCodec(ZstdCodec zstd, byte[] dictionary, byte[] hash) {
		this.header = DictionaryHeader.of(MAGIC, hash);
		this.entityTagSuffix = DictionaryHeader.entityTagSuffix(CODING, hash);
		if (!usableAsDictionary(dictionary)) {
			throw new IllegalArgumentException("Raw-content dictionaries must not start with zstd's dictionary magic number");
		}
		this.zstd = zstd;
		this.dictionary = dictionary;
		this.compressionDictionary = new PreparedOnce<>(
				() -> new ZstdDictCompress(directCopy(dictionary), Math.max(MIN_LEVEL, zstd.level())));
		this.decompressionDictionary = new PreparedOnce<>(() -> new ZstdDictDecompress(directCopy(dictionary)));
	}

	/**
	 * Returns a direct copy of a dictionary, which zstd-jni and brotli4j read without holding it
	 * in a JNI critical region.
	 * @param dictionary the dictionary's bytes
	 * @return the copy, ready to read
	 */
	static ByteBuffer directCopy(byte[] dictionary) {
		return ByteBuffer.allocateDirect(dictionary.length).put(dictionary).flip();
	}

	/**
	 * Whether bytes can serve as a raw-content dictionary: zstd-jni loads bytes that start with
	 * the magic number of zstd's own dictionary format as such a dictionary, so those cannot.
	 * @param dictionary the bytes
	 * @return {@code true} if they can
	 */
	public static boolean usableAsDictionary(byte[] dictionary) {
		return dictionary.length < ZSTD_DICTIONARY_MAGIC.length
				|| !Arrays.equals(dictionary, 0, ZSTD_DICTIONARY_MAGIC.length, ZSTD_DICTIONARY_MAGIC, 0,
						ZSTD_DICTIONARY_MAGIC.length);
	}

	/**
	 * Returns the SHA-256 of a dictionary, the hash {@code Available-Dictionary} names.
	 * @param dictionary the dictionary's bytes
	 * @return the 32-byte hash
	 */
	public static byte[] sha256(byte[] dictionary) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(dictionary);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("Every Java platform has SHA-256", ex);
		}
	}

	@Override
	public String coding() {
		return CODING;
	}

	/**
	 * Returns the coding and the start of the dictionary's hash: representations encoded
	 * against different dictionaries differ.
	 * @return the suffix, for example {@code dcz-1a2b3c4d}
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
		return this.zstd.dictionaryEncoder(target, this.compressionDictionary.get(), this.dictionary.length);
	}

	@Override
	public InputStream decoder(InputStream source) {
		return this.zstd.dictionaryDecoder(CODING, source, this.header, this.decompressionDictionary.get(),
				this.dictionary.length);
	}

	@Override
	public String toString() {
		return CODING + " (dictionary of " + this.dictionary.length + " bytes)";
	}

}
