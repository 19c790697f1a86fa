package io.restcompress.dictionary;

import java.util.Set;

import io.restcompress.internal.server.FieldMembers;
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
	 * Whether a dictionary handler's responses are worth copying: always for a dictionary of its
	 * pattern, and while its pattern takes samples for a trained one.
	 * @param declaration what the handler declares
	 * @return whether to copy the body
	 */
	boolean wants(DictionaryDeclarations.Declaration declaration) {
		return !declaration.trained() || (this.trainer != null && this.trainer.takesSamples(declaration.match()));
	}

	/**
	 * Keeps the body of a {@code 200} response of a dictionary handler: as the dictionary of its
	 * pattern, or as a training sample only if a shared cache could store it, since a trained
	 * dictionary is served to every client of the pattern. Not, then: a response marked
	 * {@code Cache-Control: private} or {@code no-store}, one that sets a cookie, one that varies
	 * on the client's {@code Cookie} or {@code Authorization} (or on anything, {@code *}), and the
	 * response to a request with {@code Authorization} unless marked {@code public},
	 * {@code s-maxage} or {@code must-revalidate} (RFC 9111, section 3.5).
	 * @param declaration what the handler declares
	 * @param body the body
	 * @param fields the response's header fields
	 * @param authorized whether the request carried {@code Authorization}
	 * @param scope the request's {@linkplain DictionaryScope scope}, which a previous version is
	 * kept for
	 */
	void keep(DictionaryDeclarations.Declaration declaration, byte[] body, ResponseFields fields,
			boolean authorized, String scope) {
		if (!declaration.trained()) {
			this.store.storeForScope(scope, body, declaration.match(), declaration.id());
		}
		else if (this.trainer != null && isShareable(fields, authorized)) {
			this.trainer.sample(declaration.match(), body);
		}
	}

	private static boolean isShareable(ResponseFields fields, boolean authorized) {
		Set<String> directives = FieldMembers.of(fields.getAll(HttpHeaders.CACHE_CONTROL));
		if (directives.contains("private") || directives.contains("no-store")
				|| !fields.getAll(HttpHeaders.SET_COOKIE).isEmpty()) {
			return false;
		}
		Set<String> varies = FieldMembers.of(fields.getAll(HttpHeaders.VARY));
		if (varies.contains("*") || varies.contains("cookie") || varies.contains("authorization")) {
			return false;
		}
		return !authorized || directives.contains("public") || directives.contains("s-maxage=")
				|| directives.contains("must-revalidate");
	}

}
