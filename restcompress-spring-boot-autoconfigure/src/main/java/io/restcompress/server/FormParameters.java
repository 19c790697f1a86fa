package io.restcompress.server;

import java.net.URLDecoder;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Collects the parameters of {@code application/x-www-form-urlencoded} text (a query or a form
 * body) as a servlet container does: {@code +} is a space, percent escapes are bytes of the
 * given charset, a name without {@code =} has an empty value, and a pair with a malformed escape
 * is left out.
 */
final class FormParameters {

	private final Map<String, List<String>> parameters = new LinkedHashMap<>();

	/**
	 * Adds the parameters of some form-encoded text, after those added before.
	 * @param text the text, or {@code null} for none
	 * @param charset the charset of the escaped bytes
	 */
	void add(@Nullable String text, Charset charset) {
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

	private void addPair(String pair, Charset charset) {
		int equals = pair.indexOf('=');
		try {
			String name = URLDecoder.decode((equals >= 0) ? pair.substring(0, equals) : pair, charset);
			String value = (equals >= 0) ? URLDecoder.decode(pair.substring(equals + 1), charset) : "";
			if (!name.isEmpty()) {
				this.parameters.computeIfAbsent(name, (key) -> new ArrayList<>(1)).add(value);
			}
		}
		catch (IllegalArgumentException ex) {
			// a malformed escape: the container leaves such a pair out too
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

}
