package io.restcompress.codec;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * The fixed header of RFC 9842's dictionary-compressed codings: a magic number and the
 * dictionary's SHA-256.
 */
final class DictionaryHeader {

	/** The length of a SHA-256 hash. */
	static final int HASH_LENGTH = 32;

	/** How many bytes of the hash an entity tag's suffix names. */
	private static final int TAG_HASH_BYTES = 4;

	private DictionaryHeader() {
	}

	/**
	 * Returns the header for a dictionary.
	 * @param magic the coding's magic number
	 * @param hash the dictionary's SHA-256
	 * @return the magic number followed by the hash
	 * @throws IllegalArgumentException if the hash is not 32 bytes
	 */
	static byte[] of(byte[] magic, byte[] hash) {
		if (hash.length != HASH_LENGTH) {
			throw new IllegalArgumentException("A SHA-256 hash has 32 bytes, not " + hash.length);
		}
		byte[] header = Arrays.copyOf(magic, magic.length + HASH_LENGTH);
		System.arraycopy(hash, 0, header, magic.length, HASH_LENGTH);
		return header;
	}

	/**
	 * Returns the entity-tag suffix of a representation encoded against a dictionary: the
	 * coding and the first bytes of the dictionary's hash in hex, so that representations encoded
	 * against different dictionaries carry different strong tags (RFC 9110, section 8.8.3.3).
	 * @param coding the coding
	 * @param hash the dictionary's SHA-256
	 * @return the suffix, for example {@code dcz-1a2b3c4d}
	 */
	static String entityTagSuffix(String coding, byte[] hash) {
		return coding + "-" + HexFormat.of().formatHex(hash, 0, TAG_HASH_BYTES);
	}

}
