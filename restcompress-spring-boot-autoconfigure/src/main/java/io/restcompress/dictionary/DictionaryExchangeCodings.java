package io.restcompress.dictionary;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

import io.restcompress.codec.ContentCodec;
import io.restcompress.internal.server.ExchangeCodings;
import io.restcompress.internal.server.PathParameters;
import io.restcompress.internal.server.ResponseFields;
import io.restcompress.internal.server.VaryHeader;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * The server side of RFC 9842, on Spring MVC and WebFlux: a {@link DictionaryCompressed}
 * handler's responses carry {@code Use-As-Dictionary} and {@code Vary: Available-Dictionary},
 * and a request whose {@code Available-Dictionary} names a kept dictionary whose pattern
 * matches its path is offered the handler's dictionary codings ({@code dcz}, {@code dcb}) with
 * that dictionary. A hash the store does not know changes nothing: the response is negotiated
 * as usual. The bodies are kept by {@link DictionaryBodyCopies}. Thread-safe.
 */
public final class DictionaryExchangeCodings implements ExchangeCodings {

	private static final List<String> SUCCESS_ONLY_FIELDS = List.of(DictionaryFields.USE_AS_DICTIONARY);

	private final DictionaryStore store;

	private final DictionaryCodings codings;

	private final DictionaryDeclarations declarations;

	private final @Nullable DictionaryTrainer trainer;

	private final DictionaryScope scope;

	/**
	 * Creates the codings.
	 * @param store the kept dictionaries
	 * @param codings the dictionary codings
	 * @param declarations which handlers are dictionaries
	 * @param trainer the trained dictionaries, or {@code null} when training is off
	 */
	public DictionaryExchangeCodings(DictionaryStore store, DictionaryCodings codings,
			DictionaryDeclarations declarations, @Nullable DictionaryTrainer trainer) {
		this(store, codings, declarations, trainer, DictionaryScope.SHARED);
	}

	/**
	 * Creates the codings, using a previous version only within its request's scope.
	 * @param store the kept dictionaries
	 * @param codings the dictionary codings
	 * @param declarations which handlers are dictionaries
	 * @param trainer the trained dictionaries, or {@code null} when training is off
	 * @param scope what sets previous versions apart
	 */
	public DictionaryExchangeCodings(DictionaryStore store, DictionaryCodings codings,
			DictionaryDeclarations declarations, @Nullable DictionaryTrainer trainer, DictionaryScope scope) {
		this.store = store;
		this.codings = codings;
		this.declarations = declarations;
		this.trainer = trainer;
		this.scope = scope;
	}

	@Override
	public boolean offersFor(Object handler) {
		return this.declarations.of(handler) != null;
	}

	@Override
	public List<ContentCodec> offer(Object handler, String path, Supplier<String> applicationPath,
			Function<String, @Nullable String> requestHeader, ResponseFields response) {
		DictionaryDeclarations.Declaration declaration = this.declarations.of(handler);
		if (declaration == null) {
			return List.of();
		}
		String contextPath = applicationPath.get();
		byte[] hash = DictionaryFields.parseAvailableDictionary(requestHeader.apply(DictionaryFields.AVAILABLE_DICTIONARY));
		if (!declaration.trained()) {
			String useAsDictionary = useAsDictionary(declaration, contextPath);
			if (useAsDictionary == null) {
				return List.of();
			}
			response.set(DictionaryFields.USE_AS_DICTIONARY, useAsDictionary);
		}
		else {
			advertiseTrained(declaration.match(), contextPath, hash, response);
		}
		String vary = VaryHeader.with(response.getAll(HttpHeaders.VARY), DictionaryFields.AVAILABLE_DICTIONARY);
		if (vary != null) {
			response.set(HttpHeaders.VARY, vary);
		}
		String requestPath = PathParameters.removeFrom(path);
		String pathWithinApplication = requestPath.startsWith(contextPath)
				? requestPath.substring(contextPath.length()) : requestPath;
		StoredDictionary dictionary = (hash != null) ? find(declaration, hash, pathWithinApplication, requestHeader)
				: null;
		return (dictionary != null) ? this.codings.of(dictionary, declaration.codings()) : List.of();
	}

	/**
	 * {@code Use-As-Dictionary}: an error response is no dictionary for the next version.
	 */
	@Override
	public List<String> successOnlyFields() {
		return SUCCESS_ONLY_FIELDS;
	}

	/**
	 * Writes the {@code Use-As-Dictionary} field for the path the client reached the application
	 * by, or returns {@code null} when that path cannot be written into it (longer than a
	 * structured-field string may be here, as a client can make it with repeated slashes): the
	 * response then neither offers nor uses a dictionary.
	 */
	private static @Nullable String useAsDictionary(DictionaryDeclarations.Declaration declaration,
			String contextPath) {
		if (contextPath.isEmpty()) {
			return declaration.field();
		}
		try {
			return DictionaryFields.useAsDictionary(contextPath, declaration.match(), declaration.id());
		}
		catch (IllegalArgumentException ex) {
			return null;
		}
	}

	/**
	 * Adds the {@code Link} to the pattern's trained dictionary, unless the request's
	 * {@code Available-Dictionary} shows that the client already has it, or the response has
	 * it already (Spring MVC asks again on the dispatch that completes an async handler).
	 */
	private void advertiseTrained(MatchPattern match, String contextPath, byte @Nullable [] available,
			ResponseFields response) {
		StoredDictionary trained = (this.trainer != null) ? this.trainer.trained(match) : null;
		if (trained != null && !Arrays.equals(trained.hash(), available)) {
			String link = "<" + contextPath + this.trainer.url(trained) + ">; rel=\"compression-dictionary\"";
			String existing = response.get(HttpHeaders.LINK);
			if (existing == null) {
				response.set(HttpHeaders.LINK, link);
			}
			else if (!existing.contains(link)) {
				response.set(HttpHeaders.LINK, existing + ", " + link);
			}
		}
	}

	private @Nullable StoredDictionary find(DictionaryDeclarations.Declaration declaration, byte[] hash, String path,
			Function<String, @Nullable String> requestHeader) {
		if (!declaration.trained()) {
			return this.store.findForScope(this.scope.keyOf(requestHeader), hash, path);
		}
		return (this.trainer != null) ? this.trainer.find(hash, path) : null;
	}

}
