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
		for (String name : EntityTags.CONDITIONAL_FIELDS) {
			if (request.getHeader(name) != null) {
				return true;
			}
		}
		return false;
	}

	@Override
	public @Nullable String getHeader(String name) {
		String value = super.getHeader(name);
		return EntityTags.isConditional(name) ? EntityTags.withoutCodings(name, value, this.codecs) : value;
	}

	@Override
	public Enumeration<String> getHeaders(String name) {
		Enumeration<String> values = super.getHeaders(name);
		if (!EntityTags.isConditional(name)) {
			return values;
		}
		List<String> stripped = Collections.list(values)
			.stream()
			.map((value) -> EntityTags.withoutCodings(name, value, this.codecs))
			.toList();
		return Collections.enumeration(stripped);
	}

}
