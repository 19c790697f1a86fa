package io.restcompress.internal.server;

import java.util.Enumeration;
import java.util.Iterator;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * A request header field's value as RFC 9110 (5.3) defines it when the field comes in several
 * lines: the lines' values joined in order, so that a rule reading a field sees all of it, not
 * only its first line. {@code Cookie} lines are joined with {@code "; "}, as RFC 9113 (8.2.3)
 * joins the cookie lines of an HTTP/2 request; every other field with {@code ", "}.
 */
public final class RequestFieldValues {

	private RequestFieldValues() {
	}

	/**
	 * Joins the lines of a field, as the servlet API gives them.
	 * @param name the field name
	 * @param lines the lines' values, or {@code null}
	 * @return the value, or {@code null} if the field is absent
	 */
	public static @Nullable String combined(String name, @Nullable Enumeration<String> lines) {
		return (lines != null) ? combined(name, lines.asIterator()) : null;
	}

	/**
	 * Joins the lines of a field, as Spring's {@code HttpHeaders} gives them.
	 * @param name the field name
	 * @param lines the lines' values, or {@code null}
	 * @return the value, or {@code null} if the field is absent
	 */
	public static @Nullable String combined(String name, @Nullable List<String> lines) {
		return (lines != null) ? combined(name, lines.iterator()) : null;
	}

	private static @Nullable String combined(String name, Iterator<String> lines) {
		if (!lines.hasNext()) {
			return null;
		}
		String first = lines.next();
		if (!lines.hasNext()) {
			return first;
		}
		String separator = "cookie".equalsIgnoreCase(name) ? "; " : ", ";
		StringBuilder value = new StringBuilder(first);
		while (lines.hasNext()) {
			value.append(separator).append(lines.next());
		}
		return value.toString();
	}

}
