package io.restcompress.server;

import java.util.Collection;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

import io.restcompress.codec.ContentCodec;
import io.restcompress.internal.server.EntityTags;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * Presents the conditional fields {@code If-None-Match} and {@code If-Match} without the coding
 * suffixes that {@link EntityTags} adds to the entity tags of encoded responses, so that the
 * application compares them with the tags it knows.
 */
final class ConditionalRequestWrapper extends HttpServletRequestWrapper {

	private final Collection<ContentCodec> codecs;

	ConditionalRequestWrapper(HttpServletRequest request, Collection<ContentCodec> codecs) {
		super(request);
		this.codecs = codecs;
	}

	/**
	 * Whether a request has conditional fields whose entity tags may carry a coding suffix.
	 */
	static boolean applies(HttpServletRequest request) {
		return request.getHeader(HttpHeaders.IF_NONE_MATCH) != null || request.getHeader(HttpHeaders.IF_MATCH) != null;
	}

	@Override
	public @Nullable String getHeader(String name) {
		String value = super.getHeader(name);
		return conditional(name) ? EntityTags.withoutCodings(value, this.codecs, comparesWeakly(name)) : value;
	}

	@Override
	public Enumeration<String> getHeaders(String name) {
		Enumeration<String> values = super.getHeaders(name);
		if (!conditional(name)) {
			return values;
		}
		List<String> stripped = Collections.list(values)
			.stream()
			.map((value) -> EntityTags.withoutCodings(value, this.codecs, comparesWeakly(name)))
			.toList();
		return Collections.enumeration(stripped);
	}

	private static boolean comparesWeakly(String name) {
		return name.equalsIgnoreCase(HttpHeaders.IF_NONE_MATCH);
	}

	private static boolean conditional(String name) {
		return name.equalsIgnoreCase(HttpHeaders.IF_NONE_MATCH) || name.equalsIgnoreCase(HttpHeaders.IF_MATCH);
	}

}
