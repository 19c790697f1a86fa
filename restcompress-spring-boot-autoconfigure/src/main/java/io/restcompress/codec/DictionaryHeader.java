package io.restcompress.codec;

import java.util.Arrays;

/**
 * The fixed header of RFC 9842's dictionary-compressed codings: a magic number and the
 * dictionary's SHA-256.
 */
final class DictionaryHeader {

	/** The length of a SHA-256 hash. */
	static final int HASH_LENGTH = 32;

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

}
