package io.restcompress.internal.server;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The members of list-based header fields such as {@code Cache-Control} and {@code Vary}
 * (RFC 9110, section 5.6.1), for rules that ask whether a directive or a name is present.
 */
public final class FieldMembers {

	private FieldMembers() {
	}

	/**
	 * Returns the lower-case names of the members of a field's lines, each followed by
	 * {@code =} when it has an argument: {@code private} makes a whole response private,
	 * {@code private="Set-Cookie"} only that field.
	 * @param lines the field lines
	 * @return the names
	 */
	public static Set<String> of(Iterable<String> lines) {
		Set<String> names = new HashSet<>();
		for (String line : lines) {
			for (String member : line.split(",")) {
				int argument = member.indexOf('=');
				String name = (argument >= 0) ? member.substring(0, argument).strip() + "=" : member.strip();
				if (!name.isEmpty()) {
					names.add(name.toLowerCase(Locale.ROOT));
				}
			}
		}
		return names;
	}

}
