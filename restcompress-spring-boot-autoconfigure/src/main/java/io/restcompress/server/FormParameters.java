package io.restcompress.server;

import java.net.URLDecoder;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.restcompress.codec.ContentDecodingException;
import org.jspecify.annotations.Nullable;

/**
 * Collects the parameters of {@code application/x-www-form-urlencoded} text (a query, then a
 * decoded form body) as Tomcat does with an unencoded form: {@code +} is a space, percent escapes
 * are bytes of the given charset, a name without {@code =} has an empty value and an empty pair
 * ({@code a=1&&b=2}) is skipped; a pair with an empty name or a malformed escape, or more
 * parameters than the limit, fails the request with 400.
 */
final class FormParameters {

	private final String coding;

	private final int maxParameters;

	private final Map<String, List<String>> parameters = new LinkedHashMap<>();

	private int count;

	/**
	 * @param coding the coding of the body, named in a failure
	 * @param maxParameters the most parameters, the query's included
	 */
	FormParameters(String coding, int maxParameters) {
		this.coding = coding;
		this.maxParameters = maxParameters;
	}

	/**
	 * Adds the parameters of some form-encoded text, after those added before.
	 * @param text the text, or {@code null} for none
	 * @param charset the charset of the escaped bytes
	 * @throws InvalidFormException if a pair is malformed or there are too many
	 */
	void add(@Nullable String text, Charset charset) throws InvalidFormException {
		if (text == null || text.isEmpty()) {
			return;
		}
		int start = 0;
		while (start <= text.length()) {
			int end = text.indexOf('&', start);
			if (end < 0) {
				end = text.length();
			}
			if (end > start) {
				addPair(text.substring(start, end), charset);
			}
			start = end + 1;
		}
	}

	private void addPair(String pair, Charset charset) throws InvalidFormException {
		if (++this.count > this.maxParameters) {
			throw new InvalidFormException(this.coding, "more than " + this.maxParameters
					+ " parameters (restcompress.server.request.max-form-parameters)");
		}
		int equals = pair.indexOf('=');
		String name = decode((equals >= 0) ? pair.substring(0, equals) : pair, charset);
		if (name.isEmpty()) {
			throw new InvalidFormException(this.coding, "a parameter without a name");
		}
		String value = (equals >= 0) ? decode(pair.substring(equals + 1), charset) : "";
		this.parameters.computeIfAbsent(name, (key) -> new ArrayList<>(1)).add(value);
	}

	private String decode(String text, Charset charset) throws InvalidFormException {
		try {
			return URLDecoder.decode(text, charset);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidFormException(this.coding, "a malformed percent escape");
		}
	}

	/**
	 * Returns the parameters as {@code ServletRequest.getParameterMap()} gives them.
	 * @return the parameters, unmodifiable, in the order their names first came
	 */
	Map<String, String[]> toMap() {
		Map<String, String[]> map = new LinkedHashMap<>();
		this.parameters.forEach((name, values) -> map.put(name, values.toArray(String[]::new)));
		return Collections.unmodifiableMap(map);
	}

	/**
	 * Thrown when a decoded form cannot be read into parameters; answered with 400 naming the
	 * coding of its body.
	 */
	static final class InvalidFormException extends ContentDecodingException {

		InvalidFormException(String coding, String problem) {
			super(coding, "Invalid form parameters (of the query and the decoded " + coding + " body): " + problem,
					null);
		}

	}

}
