package io.restcompress.dictionary;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Function;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.jspecify.annotations.Nullable;

/**
 * Sets apart the previous versions a server keeps as dictionaries by who asked for them: a
 * request uses only a previous version kept from a response to a request with the same values
 * of the scope's header fields ({@code Authorization} and {@code Cookie} by default). Without
 * it, a client that could guess another user's whole response of a dictionary handler would
 * learn from the coding of its answer whether that response was served (a confirmation
 * oracle). Requests without any of the fields share one scope. A scope's key is an HMAC of the
 * values under a key drawn at random when the class is loaded, so that the store holds no
 * credential, and no digest of one that could be tested against guesses without that key.
 * Thread-safe.
 */
public final class DictionaryScope {

	/** One scope for every request: previous versions are shared by all clients. */
	public static final DictionaryScope SHARED = new DictionaryScope(List.of());

	private static final String PREFIX = "scope:";

	private static final String HMAC = "HmacSHA256";

	private static final SecretKeySpec KEY = randomKey();

	private final List<String> fieldNames;

	private DictionaryScope(List<String> fieldNames) {
		this.fieldNames = List.copyOf(fieldNames);
	}

	private static SecretKeySpec randomKey() {
		byte[] random = new byte[32];
		new SecureRandom().nextBytes(random);
		return new SecretKeySpec(random, HMAC);
	}

	/**
	 * Returns the scope of some request header fields.
	 * @param fieldNames the fields' names; none for {@link #SHARED}
	 * @return the scope
	 */
	public static DictionaryScope of(List<String> fieldNames) {
		return fieldNames.isEmpty() ? SHARED : new DictionaryScope(fieldNames);
	}

	/**
	 * Returns the key of a request's scope: empty when it has none of the fields, else an HMAC
	 * of their values.
	 * @param requestHeader a request header field's value, its lines joined, or {@code null}
	 * @return the key
	 */
	public String keyOf(Function<String, @Nullable String> requestHeader) {
		StringBuilder values = null;
		for (String name : this.fieldNames) {
			String value = requestHeader.apply(name);
			if (value != null) {
				values = (values != null) ? values : new StringBuilder();
				values.append(name).append(':').append(value).append('\n');
			}
		}
		return (values != null) ? PREFIX + digest(values.toString()) : "";
	}

	private static String digest(String values) {
		try {
			Mac mac = Mac.getInstance(HMAC);
			mac.init(KEY);
			return HexFormat.of().formatHex(mac.doFinal(values.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException | InvalidKeyException ex) {
			throw new IllegalStateException("Every Java platform has " + HMAC, ex);
		}
	}

	@Override
	public String toString() {
		return "DictionaryScope" + this.fieldNames;
	}

}
