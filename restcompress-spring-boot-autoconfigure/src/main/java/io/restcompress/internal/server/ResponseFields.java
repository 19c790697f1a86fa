package io.restcompress.internal.server;

import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * The header fields of a response as the encoding rules read and write them, so that the
 * servlet filter and the reactive filter apply the same rules to their own response types.
 */
public interface ResponseFields {

	/**
	 * Returns the fields held in Spring's {@link HttpHeaders}, read and written through.
	 * @param headers the header fields
	 * @return the fields
	 */
	static ResponseFields of(HttpHeaders headers) {
		return new HttpHeadersFields(headers);
	}

	/**
	 * Returns the first value of a field.
	 * @param name the field name, in any case
	 * @return the value, or {@code null} if the field is absent
	 */
	@Nullable String get(String name);

	/**
	 * Returns every value of a field.
	 * @param name the field name, in any case
	 * @return the values in order, empty if the field is absent
	 */
	List<String> getAll(String name);

	/**
	 * Replaces every value of a field.
	 * @param name the field name
	 * @param value the new value, or {@code null} to remove the field
	 */
	void set(String name, @Nullable String value);

}
