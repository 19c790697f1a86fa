package io.restcompress.codec;

import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

/**
 * A dictionary's prepared (indexed, native) form, made by the first caller that needs it and
 * shared by all later ones. Thread-safe.
 *
 * @param <T> the prepared form
 */
final class PreparedOnce<T> {

	private final Supplier<T> preparation;

	private volatile @Nullable T prepared;

	PreparedOnce(Supplier<T> preparation) {
		this.preparation = preparation;
	}

	T get() {
		T result = this.prepared;
		if (result == null) {
			synchronized (this) {
				result = this.prepared;
				if (result == null) {
					result = this.preparation.get();
					this.prepared = result;
				}
			}
		}
		return result;
	}

}
