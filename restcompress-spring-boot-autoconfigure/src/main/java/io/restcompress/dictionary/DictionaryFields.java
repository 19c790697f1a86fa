package io.restcompress.dictionary;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The header fields of RFC 9842 as structured fields (RFC 8941), written and read the same
 * way by the server and the clients: {@code Use-As-Dictionary} (a dictionary with
 * {@code match} and {@code id}), {@code Available-Dictionary} (a byte sequence, the SHA-256 of
 * the dictionary) and {@code Dictionary-ID} (a string); and the {@code Link} relation
 * {@code compression-dictionary} that advertises a dictionary to fetch.
 */
public final class DictionaryFields {

	/** The response field that makes the response a dictionary. */
	public static final String USE_AS_DICTIONARY = "Use-As-Dictionary";

	/** The request field that names the dictionary the client has. */
	public static final String AVAILABLE_DICTIONARY = "Available-Dictionary";

	/** The request field that repeats the dictionary's {@code id}. */
	public static final String DICTIONARY_ID = "Dictionary-ID";

	private static final int MAX_ID_LENGTH = 1024;

	private DictionaryFields() {
	}

	/**
	 * Returns the value of {@code Use-As-Dictionary}.
	 * @param match the paths the dictionary applies to
	 * @param id the identifier, empty for none
	 * @return the field value, such as {@code match="/api/feed*", id="feed"}
	 */
	public static String useAsDictionary(MatchPattern match, String id) {
		return useAsDictionary("", match, id);
	}

	/**
	 * Returns the value of {@code Use-As-Dictionary} for an application below a context path,
	 * whose paths the pattern is relative to.
	 * @param contextPath the path that leads to the application, empty at the server's root
	 * @param match the paths within the application the dictionary applies to
	 * @param id the identifier, empty for none
	 * @return the field value, such as {@code match="/app/api/feed*", id="feed"}
	 */
	public static String useAsDictionary(String contextPath, MatchPattern match, String id) {
		String value = "match=" + string(contextPath + match.pattern());
		return id.isEmpty() ? value : value + ", id=" + string(id);
	}

	/**
	 * Reads {@code Use-As-Dictionary}. A value that is not a structured-field dictionary, that
	 * has no {@code match} string, whose {@code type} is not {@code raw}, or whose {@code id} is
	 * longer than {@value #MAX_ID_LENGTH} characters (RFC 9842), announces no dictionary this
	 * implementation can use.
	 * @param value the field value, or {@code null}
	 * @return the announcement, or {@code null}
	 */
	public static @Nullable Announcement parseUseAsDictionary(@Nullable String value) {
		if (value == null) {
			return null;
		}
		Map<String, String> members = dictionaryMembers(value);
		if (members == null) {
			return null;
		}
		String match = unquoted(members.get("match"));
		String id = unquoted(members.getOrDefault("id", "\"\""));
		String type = members.getOrDefault("type", "raw");
		if (match == null || id == null || id.length() > MAX_ID_LENGTH || !type.equals("raw")) {
			return null;
		}
		return new Announcement(match, id);
	}

	/**
	 * Returns the targets of the {@code Link} field values (RFC 8288) whose relation type is
	 * {@code compression-dictionary}, as written (relative or absolute).
	 * @param values the {@code Link} field values
	 * @return the targets, in order
	 */
	public static List<String> compressionDictionaryLinks(Iterable<String> values) {
		List<String> targets = new ArrayList<>();
		for (String value : values) {
			int at = 0;
			while (at < value.length()) {
				int open = value.indexOf('<', at);
				int close = (open != -1) ? value.indexOf('>', open) : -1;
				if (close == -1) {
					break;
				}
				int next = value.indexOf('<', close);
				String parameters = value.substring(close + 1, (next != -1) ? next : value.length());
				for (String parameter : parameters.split(";")) {
					String[] pair = parameter.trim().split("=", 2);
					if (pair.length == 2 && pair[0].trim().equalsIgnoreCase("rel") && List
						.of(pair[1].trim().replace("\"", "").replace(",", " ").trim().toLowerCase(Locale.ROOT).split("\\s+"))
						.contains("compression-dictionary")) {
						targets.add(value.substring(open + 1, close).trim());
					}
				}
				at = close + 1;
			}
		}
		return targets;
	}

	/**
	 * Returns the value of {@code Available-Dictionary} for a hash.
	 * @param hash the dictionary's SHA-256
	 * @return the field value, {@code :}base64{@code :}
	 */
	public static String availableDictionary(byte[] hash) {
		return ":" + Base64.getEncoder().encodeToString(hash) + ":";
	}

	/**
	 * Reads {@code Available-Dictionary}.
	 * @param value the field value, or {@code null}
	 * @return the 32-byte hash, or {@code null} if the value is absent or not a byte sequence
	 * of 32 bytes
	 */
	public static byte @Nullable [] parseAvailableDictionary(@Nullable String value) {
		if (value == null) {
			return null;
		}
		String trimmed = value.trim();
		if (trimmed.length() < 2 || trimmed.charAt(0) != ':' || trimmed.charAt(trimmed.length() - 1) != ':') {
			return null;
		}
		try {
			byte[] hash = Base64.getDecoder().decode(trimmed.substring(1, trimmed.length() - 1));
			return (hash.length == 32) ? hash : null;
		}
		catch (IllegalArgumentException ex) {
			return null;
		}
	}

	/**
	 * Returns the value of {@code Dictionary-ID}.
	 * @param id the identifier
	 * @return the field value, a structured-field string
	 */
	public static String dictionaryId(String id) {
		return string(id);
	}

	/**
	 * Returns a structured-field string: quoted, with {@code \} and {@code "} escaped.
	 * @param text printable ASCII, at most 1024 characters
	 * @return the string
	 * @throws IllegalArgumentException if the text cannot be a structured-field string here
	 */
	static String string(String text) {
		if (text.length() > MAX_ID_LENGTH) {
			throw new IllegalArgumentException("At most " + MAX_ID_LENGTH + " characters, was " + text.length());
		}
		StringBuilder quoted = new StringBuilder(text.length() + 2).append('"');
		for (char c : text.toCharArray()) {
			if (c < 0x20 || c > 0x7e) {
				throw new IllegalArgumentException("Only printable ASCII can be sent in a structured-field string: '"
						+ text + "'");
			}
			if (c == '"' || c == '\\') {
				quoted.append('\\');
			}
			quoted.append(c);
		}
		return quoted.append('"').toString();
	}

	/**
	 * Reads a structured-field dictionary into its keys and bare items as written (strings
	 * still quoted); parameters are skipped. Returns {@code null} for a malformed value.
	 */
	private static @Nullable Map<String, String> dictionaryMembers(String value) {
		Map<String, String> members = new LinkedHashMap<>();
		int at = skipSpaces(value, 0);
		while (at < value.length()) {
			int keyEnd = keyEnd(value, at);
			if (keyEnd == -1) {
				return null;
			}
			String key = value.substring(at, keyEnd);
			at = keyEnd;
			String item = "?1";
			if (at < value.length() && value.charAt(at) == '=') {
				int itemEnd = itemEnd(value, at + 1);
				if (itemEnd == -1) {
					return null;
				}
				item = value.substring(at + 1, itemEnd);
				at = itemEnd;
			}
			while (at < value.length() && value.charAt(at) == ';') {
				at = keyEnd(value, skipSpaces(value, at + 1));
				if (at == -1) {
					return null;
				}
				if (at < value.length() && value.charAt(at) == '=') {
					at = itemEnd(value, at + 1);
					if (at == -1) {
						return null;
					}
				}
			}
			members.put(key, item);
			at = skipSpaces(value, at);
			if (at < value.length()) {
				if (value.charAt(at) != ',') {
					return null;
				}
				at = skipSpaces(value, at + 1);
			}
		}
		return members;
	}

	private static int itemEnd(String value, int start) {
		char first = (start < value.length()) ? value.charAt(start) : ',';
		if (first == '"' || first == '(') {
			boolean quoted = false;
			for (int i = start; i < value.length(); i++) {
				char c = value.charAt(i);
				if (quoted && c == '\\') {
					i++;
				}
				else if (c == '"') {
					quoted = !quoted;
					if (!quoted && first == '"') {
						return i + 1;
					}
				}
				else if (!quoted && c == ')') {
					return i + 1;
				}
			}
			return -1;
		}
		int end = start;
		while (end < value.length() && ",;".indexOf(value.charAt(end)) == -1 && value.charAt(end) != ' ') {
			end++;
		}
		return (end > start) ? end : -1;
	}

	/**
	 * Returns where a structured-field key that starts at {@code start} ends (RFC 8941: a lower
	 * case letter or {@code *}, then letters, digits, {@code _-.*}), or {@code -1} if none starts
	 * there.
	 */
	private static int keyEnd(String value, int start) {
		if (start >= value.length() || !(isLowerCaseLetter(value.charAt(start)) || value.charAt(start) == '*')) {
			return -1;
		}
		int end = start + 1;
		while (end < value.length() && isKeyChar(value.charAt(end))) {
			end++;
		}
		return end;
	}

	private static boolean isLowerCaseLetter(char c) {
		return c >= 'a' && c <= 'z';
	}

	private static boolean isKeyChar(char c) {
		return isLowerCaseLetter(c) || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.' || c == '*';
	}

	private static int skipSpaces(String value, int at) {
		while (at < value.length() && (value.charAt(at) == ' ' || value.charAt(at) == '\t')) {
			at++;
		}
		return at;
	}

	/**
	 * Returns the text of a structured-field string (RFC 8941): printable ASCII, with only
	 * {@code \"} and {@code \\} escaped; {@code null} if the member is not one.
	 */
	private static @Nullable String unquoted(@Nullable String member) {
		if (member == null || member.length() < 2 || member.charAt(0) != '"') {
			return null;
		}
		StringBuilder text = new StringBuilder(member.length());
		for (int i = 1; i < member.length() - 1; i++) {
			char c = member.charAt(i);
			if (c == '\\') {
				c = member.charAt(++i);
				if (c != '"' && c != '\\') {
					return null;
				}
			}
			else if (c < 0x20 || c > 0x7e) {
				return null;
			}
			text.append(c);
		}
		return text.toString();
	}

	/**
	 * What a {@code Use-As-Dictionary} field announces.
	 *
	 * @param match the match pattern as sent
	 * @param id the identifier, empty for none
	 */
	public record Announcement(String match, String id) {

	}

}
