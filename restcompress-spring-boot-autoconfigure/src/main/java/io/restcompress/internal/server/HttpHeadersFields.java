package io.restcompress.internal.server;

import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * Response header fields held in Spring's {@link HttpHeaders}, as a reactive response has
 * them.
 */
final class HttpHeadersFields implements ResponseFields {

	private final HttpHeaders headers;

	HttpHeadersFields(HttpHeaders headers) {
		this.headers = headers;
	}

	@Override
	public @Nullable String get(String name) {
		return this.headers.getFirst(name);
	}

	@Override
	public List<String> getAll(String name) {
		return this.headers.getOrEmpty(name);
	}

	@Override
	public void set(String name, @Nullable String value) {
		if (value != null) {
			this.headers.set(name, value);
		}
		else {
			this.headers.remove(name);
		}
	}

}
