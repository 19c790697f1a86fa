package io.restcompress.internal.server;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * The {@code Vary} field of a response whose representation depends on
 * {@code Accept-Encoding} or another request field (RFC 9110, section 12.5.5).
 */
public final class VaryHeader {

	private VaryHeader() {
	}

	/**
	 * Returns the field value that adds {@code Accept-Encoding} to the given field lines, or
	 * {@code null} when they already cover it with {@code *} or the field name in any case.
	 * @param lines the response's {@code Vary} field lines
	 * @return the merged value, or {@code null} to leave the field as it is
	 */
	static @Nullable String withAcceptEncoding(Iterable<String> lines) {
		return with(lines, HttpHeaders.ACCEPT_ENCODING);
	}

	/**
	 * Returns the field value that adds a request field name to the given field lines, or
	 * {@code null} when they already cover it with {@code *} or the name in any case.
	 * @param lines the response's {@code Vary} field lines
	 * @param fieldName the request field the representation depends on
	 * @return the merged value, or {@code null} to leave the field as it is
	 */
	public static @Nullable String with(Iterable<String> lines, String fieldName) {
		List<String> kept = new ArrayList<>();
		for (String line : lines) {
			if (line == null || line.isBlank()) {
				continue;
			}
			for (String member : line.split(",")) {
				String name = member.trim();
				if (name.equals("*") || name.equalsIgnoreCase(fieldName)) {
					return null;
				}
			}
			kept.add(line.trim());
		}
		kept.add(fieldName);
		return String.join(", ", kept);
	}

	/**
	 * Returns the field names that the {@code Vary} field lines name after a change and did not
	 * name before it.
	 * @param before the field lines before
	 * @param after the field lines after
	 * @return the added names, as written after
	 */
	public static List<String> added(Iterable<String> before, Iterable<String> after) {
		List<String> had = names(before);
		List<String> added = new ArrayList<>();
		for (String name : names(after)) {
			if (had.stream().noneMatch(name::equalsIgnoreCase)) {
				added.add(name);
			}
		}
		return added;
	}

	/**
	 * Returns field lines that name every one of {@code names}, adding those the given lines
	 * do not cover.
	 * @param lines the field lines, possibly none
	 * @param names the field names to keep
	 * @return the lines, unchanged if they cover every name
	 */
	public static List<String> keeping(List<String> lines, List<String> names) {
		List<String> kept = lines;
		for (String name : names) {
			String merged = with(kept, name);
			if (merged != null) {
				kept = List.of(merged);
			}
		}
		return kept;
	}

	private static List<String> names(Iterable<String> lines) {
		List<String> names = new ArrayList<>();
		for (String line : lines) {
			if (line != null) {
				for (String member : line.split(",")) {
					if (!member.isBlank()) {
						names.add(member.trim());
					}
				}
			}
		}
		return names;
	}

}
