package io.restcompress.dictionary;

/**
 * A response body kept as a dictionary.
 *
 * @param content the body, not to be modified
 * @param hash its SHA-256
 * @param match the paths it applies to
 * @param id the identifier sent with it, empty for none
 */
public record StoredDictionary(byte[] content, byte[] hash, MatchPattern match, String id) {

}
