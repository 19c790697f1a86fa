package io.restcompress.dictionary;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;

import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.method.HandlerMethod;

/**
 * Which handlers are dictionaries: {@link DictionaryCompressed} on the handler method or its
 * class (the method's wins), or a functional route's {@link DictionaryRoutes} filter, with the
 * field value written once. Cached per method; thread-safe.
 */
public final class DictionaryDeclarations {

	private final Map<Method, Optional<Declaration>> declarations = new ConcurrentHashMap<>();

	/**
	 * Returns what a handler declares.
	 * @param handler the handler a request was mapped to, or {@code null}
	 * @return the declaration, or {@code null} if the handler is not a dictionary
	 * @throws IllegalArgumentException if the annotation's pattern or identifier is invalid
	 */
	@Nullable Declaration of(@Nullable Object handler) {
		if (handler instanceof DictionaryRoutes.Route route) {
			return route.declaration();
		}
		if (!(handler instanceof HandlerMethod handlerMethod)) {
			return null;
		}
		Optional<Declaration> declared = this.declarations.get(handlerMethod.getMethod());
		if (declared == null) {
			declared = this.declarations.computeIfAbsent(handlerMethod.getMethod(),
					(method) -> declaredOn(method, handlerMethod.getBeanType()));
		}
		return declared.orElse(null);
	}

	private static Optional<Declaration> declaredOn(Method method, Class<?> beanType) {
		DictionaryCompressed annotation = AnnotatedElementUtils.findMergedAnnotation(method,
				DictionaryCompressed.class);
		if (annotation == null) {
			annotation = AnnotatedElementUtils.findMergedAnnotation(beanType, DictionaryCompressed.class);
		}
		return Optional.ofNullable(annotation).map(Declaration::of);
	}

	/**
	 * Reads the declarations of handlers now, so that an invalid annotation stops the
	 * application from starting instead of failing every request to its handler.
	 * @param handlers the handlers of the application's request mappings
	 * @throws IllegalStateException naming the first handler whose annotation is invalid
	 */
	public void check(Iterable<?> handlers) {
		for (Object handler : handlers) {
			try {
				of(handler);
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalStateException("Invalid @DictionaryCompressed on " + handler + ": " + ex.getMessage(),
						ex);
			}
		}
	}

	/**
	 * What a handler declares.
	 *
	 * @param match the paths its responses apply to as dictionaries
	 * @param id the identifier, empty for none
	 * @param field the {@code Use-As-Dictionary} value
	 * @param trained whether the responses are samples for a trained dictionary
	 * @param codings the dictionary codings, most preferred first
	 */
	record Declaration(MatchPattern match, String id, String field, boolean trained,
			List<DictionaryCodings.Coding> codings) {

		static Declaration of(DictionaryCompressed annotation) {
			return of(annotation.match(), annotation.id(), annotation.trained(), annotation.encodings());
		}

		static Declaration of(String pattern, String id, boolean trained, String[] encodings) {
			MatchPattern match = MatchPattern.of(pattern);
			List<DictionaryCodings.Coding> codings = Arrays.stream(encodings)
				.map(DictionaryCodings.Coding::of)
				.distinct()
				.toList();
			if (codings.isEmpty()) {
				throw new IllegalArgumentException("A dictionary needs at least one of its encodings");
			}
			return new Declaration(match, id, DictionaryFields.useAsDictionary(match, id), trained, codings);
		}

	}

}
