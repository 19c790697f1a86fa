package io.restcompress.sample;

import java.util.List;
import java.util.function.Supplier;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.util.Assert;
import org.springframework.web.server.ResponseStatusException;

/**
 * Answers a GET or HEAD of a representation that has an entity tag after evaluating the
 * request's {@code If-Match} and {@code If-None-Match} as RFC 9110 (section 13.2.2) orders:
 * {@code If-Match} first, with strong comparison, and 412 (Precondition Failed) when no listed
 * tag matches; then {@code If-None-Match}, with weak comparison, and 304 (Not Modified) when one
 * does. {@code *} matches the current representation in both. Spring evaluates {@code If-Match}
 * and {@code If-None-Match: *} only for unsafe methods, hence this class.
 * <p>
 * A field may come in several lines, each a comma-separated list; an entity tag's opaque part
 * may itself contain commas. A member that is not an entity tag matches nothing.
 */
public final class EntityTagPreconditions {

	private static final String WEAK_PREFIX = "W/";

	private EntityTagPreconditions() {
	}

	/**
	 * Answers a GET or HEAD of a representation.
	 * @param request the request's header fields
	 * @param representation the header fields of the representation's 200 response, with its
	 * {@code ETag}; a 304 carries them too
	 * @param body makes the representation's content, called for a 200 only
	 * @return a 200 or 304 response
	 * @throws ResponseStatusException 412 when {@code If-Match} names no current entity tag
	 */
	public static ResponseEntity<byte[]> respond(HttpHeaders request, HttpHeaders representation,
			Supplier<byte[]> body) {
		String current = representation.getETag();
		Assert.notNull(current, "The representation must have an ETag");
		List<String> ifMatch = request.getOrEmpty(HttpHeaders.IF_MATCH);
		if (!ifMatch.isEmpty() && !anyMatches(ifMatch, current, false)) {
			throw new ResponseStatusException(HttpStatus.PRECONDITION_FAILED,
					"If-Match names no current entity tag of this resource");
		}
		List<String> ifNoneMatch = request.getOrEmpty(HttpHeaders.IF_NONE_MATCH);
		if (!ifNoneMatch.isEmpty() && anyMatches(ifNoneMatch, current, true)) {
			return ResponseEntity.status(HttpStatus.NOT_MODIFIED).headers(representation).build();
		}
		return ResponseEntity.ok().headers(representation).body(body.get());
	}

	private static boolean anyMatches(List<String> fieldLines, String current, boolean weakComparison) {
		for (String line : fieldLines) {
			int start = 0;
			while (start < line.length()) {
				int end = memberEnd(line, start);
				String member = line.substring(start, end).trim();
				if (member.equals("*") || (isEntityTag(member) && matches(member, current, weakComparison))) {
					return true;
				}
				start = end + 1;
			}
		}
		return false;
	}

	private static int memberEnd(String line, int start) {
		boolean quoted = false;
		for (int index = start; index < line.length(); index++) {
			char next = line.charAt(index);
			if (next == '"') {
				quoted = !quoted;
			}
			else if (next == ',' && !quoted) {
				return index;
			}
		}
		return line.length();
	}

	private static boolean isEntityTag(String member) {
		String quoted = withoutWeakPrefix(member);
		return quoted.length() >= 2 && quoted.charAt(0) == '"' && quoted.indexOf('"', 1) == quoted.length() - 1;
	}

	private static boolean matches(String tag, String current, boolean weakComparison) {
		if (weakComparison) {
			return withoutWeakPrefix(tag).equals(withoutWeakPrefix(current));
		}
		return !tag.startsWith(WEAK_PREFIX) && tag.equals(current);
	}

	private static String withoutWeakPrefix(String tag) {
		return tag.startsWith(WEAK_PREFIX) ? tag.substring(WEAK_PREFIX.length()) : tag;
	}

}
