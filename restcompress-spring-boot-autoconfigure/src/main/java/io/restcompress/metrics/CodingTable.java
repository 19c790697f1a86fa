package io.restcompress.metrics;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Per-coding state, created once per coding and bounded in size: codings beyond the limit
 * share the entry of {@value #OTHER}, so a caller passing arbitrary strings cannot create
 * unbounded state or tag values.
 *
 * @param <T> the state per coding
 */
final class CodingTable<T> {

	static final String OTHER = "other";

	static final int MAX_CODINGS = 32;

	private final Map<String, T> entries = new ConcurrentHashMap<>();

	private final Function<String, T> factory;

	CodingTable(Function<String, T> factory) {
		this.factory = factory;
	}

	T get(String coding) {
		T entry = this.entries.get(coding);
		return (entry != null) ? entry : create(coding);
	}

	private T create(String coding) {
		if (this.entries.size() >= MAX_CODINGS) {
			return this.entries.computeIfAbsent(OTHER, this.factory);
		}
		return this.entries.computeIfAbsent(coding, this.factory);
	}

	Map<String, T> entries() {
		return this.entries;
	}

}
