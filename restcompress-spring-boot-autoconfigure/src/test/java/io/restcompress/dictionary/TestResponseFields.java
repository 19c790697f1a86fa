package io.restcompress.dictionary;

import java.util.List;

import io.restcompress.internal.server.ResponseFields;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * Response header fields held in {@link HttpHeaders}, for tests of what is kept of a response.
 */
final class TestResponseFields implements ResponseFields {

	static final ResponseFields NONE = new TestResponseFields(new HttpHeaders());

	private final HttpHeaders headers;

	private TestResponseFields(HttpHeaders headers) {
		this.headers = headers;
	}

	static ResponseFields cacheControl(String... values) {
		HttpHeaders headers = new HttpHeaders();
		headers.put(HttpHeaders.CACHE_CONTROL, List.of(values));
		return new TestResponseFields(headers);
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
		if (value == null) {
			this.headers.remove(name);
		}
		else {
			this.headers.set(name, value);
		}
	}

}
