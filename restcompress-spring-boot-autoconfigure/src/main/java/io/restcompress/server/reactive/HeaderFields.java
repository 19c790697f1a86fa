package io.restcompress.server.reactive;

import java.util.List;

import io.restcompress.internal.server.ResponseFields;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * The header fields of a reactive response as the encoding rules read and write them.
 */
final class HeaderFields implements ResponseFields {

	private final HttpHeaders headers;

	HeaderFields(HttpHeaders headers) {
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
