package io.restcompress.codec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splitting of comma-separated HTTP field values and token checks (RFC 9110 §5.6).
 */
final class HeaderTokens {

	private HeaderTokens() {
	}

	/**
	 * Splits a list-based field value into its non-empty members, without the spaces and tabs
	 * around them. A comma inside a quoted string (RFC 9110 §5.6.4, with its backslash
	 * escapes) does not split.
	 * @param value the field value
	 * @return the members
	 */
	public static List<String> splitList(String value) {
		List<String> members = new ArrayList<>();
		for (String member : splitOutsideQuotes(value, ',')) {
			String trimmed = trimWhitespace(member);
			if (!trimmed.isEmpty()) {
				members.add(trimmed);
			}
		}
		return members;
	}

	/**
	 * Splits a value at every separator that is not inside a quoted string, keeping empty and
	 * untrimmed parts.
	 */
	static List<String> splitOutsideQuotes(String value, char separator) {
		List<String> parts = new ArrayList<>();
		int start = 0;
		boolean quoted = false;
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (quoted && c == '\\') {
				i++;
			}
			else if (c == '"') {
				quoted = !quoted;
			}
			else if (c == separator && !quoted) {
				parts.add(value.substring(start, i));
				start = i + 1;
			}
		}
		parts.add(value.substring(start));
		return parts;
	}

	/**
	 * Parses the values of {@code Content-Encoding} fields into the codings in the order they
	 * were applied, lower case, without {@code identity}.
	 * @param values the field values
	 * @return the codings, first applied first
	 */
	public static List<String> contentCodings(Iterable<String> values) {
		List<String> codings = new ArrayList<>();
		for (String value : values) {
			for (String member : splitList(value)) {
				String coding = member.toLowerCase(Locale.ROOT);
				if (!coding.equals("identity")) {
					codings.add(coding);
				}
			}
		}
		return codings;
	}

	/**
	 * Removes the optional whitespace of RFC 9110 (spaces and tabs, not other control
	 * characters) from both ends of a string.
	 */
	static String trimWhitespace(String value) {
		int start = 0;
		int end = value.length();
		while (start < end && isWhitespace(value.charAt(start))) {
			start++;
		}
		while (end > start && isWhitespace(value.charAt(end - 1))) {
			end--;
		}
		return value.substring(start, end);
	}

	private static boolean isWhitespace(char c) {
		return c == ' ' || c == '\t';
	}

	/**
	 * Whether a string is an RFC 9110 token.
	 * @param candidate the string
	 * @return {@code true} if it is a non-empty token
	 */
	public static boolean isToken(String candidate) {
		if (candidate.isEmpty()) {
			return false;
		}
		for (int i = 0; i < candidate.length(); i++) {
			char c = candidate.charAt(i);
			boolean tchar = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
					|| "!#$%&'*+-.^_`|~".indexOf(c) != -1;
			if (!tchar) {
				return false;
			}
		}
		return true;
	}

}
