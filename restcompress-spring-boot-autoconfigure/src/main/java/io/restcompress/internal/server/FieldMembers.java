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
				String name = name(member);
				if (!name.isEmpty()) {
					names.add(name);
				}
			}
		}
		return names;
	}

	/**
	 * Whether a field's lines have a member of the given name, without collecting the others:
	 * for a rule asked of every response, whose field is usually absent.
	 * @param lines the field lines
	 * @param name the lower-case name, followed by {@code =} for a member with an argument
	 * @return {@code true} if a member has that name
	 */
	public static boolean contains(Iterable<String> lines, String name) {
		for (String line : lines) {
			for (String member : line.split(",")) {
				if (name(member).equals(name)) {
					return true;
				}
			}
		}
		return false;
	}

	private static String name(String member) {
		int argument = member.indexOf('=');
		String name = (argument >= 0) ? member.substring(0, argument).strip() + "=" : member.strip();
		return name.toLowerCase(Locale.ROOT);
	}

}
