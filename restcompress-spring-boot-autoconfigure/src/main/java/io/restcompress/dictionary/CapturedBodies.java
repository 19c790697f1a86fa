package io.restcompress.dictionary;

import java.util.Locale;

import io.restcompress.internal.server.ResponseFields;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

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
	 * Keeps the body of a {@code 200} response of a dictionary handler: as the dictionary of its
	 * pattern, or as a training sample unless the response is for one user only
	 * ({@code Cache-Control: private} or {@code no-store}), since a trained dictionary is served
	 * to every client of the pattern.
	 * @param declaration what the handler declares
	 * @param body the body
	 * @param fields the response's header fields
	 */
	void keep(DictionaryDeclarations.Declaration declaration, byte[] body, ResponseFields fields) {
		if (!declaration.trained()) {
			this.store.store(body, declaration.match(), declaration.id());
		}
		else if (this.trainer != null && !isPrivate(fields)) {
			this.trainer.sample(declaration.match(), body);
		}
	}

	private static boolean isPrivate(ResponseFields fields) {
		for (String value : fields.getAll(HttpHeaders.CACHE_CONTROL)) {
			for (String directive : value.split(",")) {
				String name = directive.strip().toLowerCase(Locale.ROOT);
				if (name.equals("private") || name.equals("no-store")) {
					return true;
				}
			}
		}
		return false;
	}

}
