package io.restcompress.dictionary;

import org.jspecify.annotations.Nullable;

/**
 * Where a kept response body goes: the store, as the dictionary of its pattern, or the
 * trainer, as a sample of it. Fed by {@link DictionaryBodyCopies} on Spring MVC and WebFlux.
 */
public final class CapturedBodies {

	private final DictionaryStore store;

	private final @Nullable DictionaryTrainer trainer;

	/**
	 * @param store where dictionaries are kept
	 * @param trainer where samples are kept, or {@code null} when training is off
	 */
	public CapturedBodies(DictionaryStore store, @Nullable DictionaryTrainer trainer) {
		this.store = store;
		this.trainer = trainer;
	}

	/**
	 * The largest body kept.
	 * @return the size in bytes
	 */
	long maxSize() {
		return this.store.maxSize();
	}

	/**
	 * Keeps the body of a {@code 200} response of a dictionary handler.
	 * @param declaration what the handler declares
	 * @param body the body
	 */
	void keep(DictionaryDeclarations.Declaration declaration, byte[] body) {
		if (!declaration.trained()) {
			this.store.store(body, declaration.match(), declaration.id());
		}
		else if (this.trainer != null) {
			this.trainer.sample(declaration.match(), body);
		}
	}

}
