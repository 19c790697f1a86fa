package io.restcompress.server;

import java.util.List;

import io.restcompress.internal.server.ResponseFields;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * The header fields of a servlet response, with {@code Content-Type} and
 * {@code Content-Length} read and written through their own accessors, which containers keep
 * apart from the other fields.
 */
final class ServletResponseFields implements ResponseFields {

	private final HttpServletResponse response;

	ServletResponseFields(HttpServletResponse response) {
		this.response = response;
	}

	@Override
	public @Nullable String get(String name) {
		if (HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(name)) {
			return this.response.getContentType();
		}
		return this.response.getHeader(name);
	}

	@Override
	public List<String> getAll(String name) {
		if (HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(name)) {
			String contentType = this.response.getContentType();
			return (contentType != null) ? List.of(contentType) : List.of();
		}
		if (!this.response.containsHeader(name)) {
			return List.of();
		}
		return List.copyOf(this.response.getHeaders(name));
	}

	@Override
	public void set(String name, @Nullable String value) {
		if (HttpHeaders.CONTENT_LENGTH.equalsIgnoreCase(name) && value == null) {
			this.response.setContentLengthLong(-1);
		}
		else {
			this.response.setHeader(name, value);
		}
	}

}
