package io.restcompress.dictionary;

import java.util.regex.Pattern;

/**
 * The {@code match} of a dictionary: a URL pattern (RFC 9842, section 2.1.1) reduced to what
 * restcompress writes and matches, a path of the same origin in which {@code *} matches any
 * characters. The pattern syntax's other special characters (named groups, regular
 * expressions, modifiers) are refused, so a pattern means the same here and in a browser.
 * Matched against the request's path; the query is not part of it.
 */
public final class MatchPattern {

	private static final String SPECIAL = ":(){}?+\\";

	private final String pattern;

	private final Pattern regex;

	private MatchPattern(String pattern, Pattern regex) {
		this.pattern = pattern;
		this.regex = regex;
	}

	/**
	 * Parses a pattern.
	 * @param pattern the pattern, starting with {@code /}
	 * @return the parsed pattern
	 * @throws IllegalArgumentException if the pattern does not start with {@code /}, has
	 * characters a structured-field string cannot hold, or uses URL pattern syntax other than
	 * {@code *}
	 */
	public static MatchPattern of(String pattern) {
		if (!pattern.startsWith("/")) {
			throw new IllegalArgumentException("A dictionary's match pattern is a path starting with '/', was '"
					+ pattern + "'");
		}
		StringBuilder regex = new StringBuilder();
		for (String literal : pattern.split("\\*", -1)) {
			for (char c : literal.toCharArray()) {
				if (c < 0x21 || c > 0x7e || SPECIAL.indexOf(c) != -1 || c == '"') {
					throw new IllegalArgumentException("A dictionary's match pattern may use '*' and path characters only, '"
							+ pattern + "' has '" + c + "'");
				}
			}
			if (!regex.isEmpty()) {
				regex.append(".*");
			}
			regex.append(Pattern.quote(literal));
		}
		return new MatchPattern(pattern, Pattern.compile(regex.toString(), Pattern.DOTALL));
	}

	/**
	 * Whether a request path matches.
	 * @param path the request's path, without the query
	 * @return {@code true} if it matches
	 */
	public boolean matches(String path) {
		return this.regex.matcher(path).matches();
	}

	/**
	 * The pattern as written.
	 * @return the pattern
	 */
	public String pattern() {
		return this.pattern;
	}

	@Override
	public boolean equals(Object other) {
		return (other instanceof MatchPattern that) && this.pattern.equals(that.pattern);
	}

	@Override
	public int hashCode() {
		return this.pattern.hashCode();
	}

	@Override
	public String toString() {
		return this.pattern;
	}

}
