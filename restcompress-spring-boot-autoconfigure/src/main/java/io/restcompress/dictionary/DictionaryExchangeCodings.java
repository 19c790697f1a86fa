package io.restcompress.dictionary;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.DczCodec;
import io.restcompress.codec.ZstdCodec;
import io.restcompress.server.ExchangeCodings;

import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.web.method.HandlerMethod;

/**
 * The server side of RFC 9842 for Spring MVC: a {@link DictionaryCompressed} handler's
 * responses carry {@code Use-As-Dictionary} and {@code Vary: Available-Dictionary}, their bodies
 * are kept (by {@link DictionaryCaptureFilter}), and a request whose
 * {@code Available-Dictionary} names a kept dictionary whose pattern matches its path is offered
 * {@code dcz} with that dictionary. A hash the store does not know changes nothing: the
 * response is negotiated as usual. Thread-safe.
 */
public final class DictionaryExchangeCodings implements ExchangeCodings {

	private final DictionaryStore store;

	private final ZstdCodec zstd;

	private final Map<Method, Optional<Declaration>> declarations = new ConcurrentHashMap<>();

	/**
	 * Creates the codings.
	 * @param store the kept dictionaries
	 * @param zstd the zstd codec whose contexts and level {@code dcz} uses
	 */
	public DictionaryExchangeCodings(DictionaryStore store, ZstdCodec zstd) {
		this.store = store;
		this.zstd = zstd;
	}

	@Override
	public List<ContentCodec> offer(HttpServletRequest request, HttpServletResponse response, Object handler) {
		Declaration declaration = declaration(handler);
		if (declaration == null) {
			return List.of();
		}
		response.setHeader(DictionaryFields.USE_AS_DICTIONARY, declaration.field);
		response.addHeader(HttpHeaders.VARY, DictionaryFields.AVAILABLE_DICTIONARY);
		CapturingResponseWrapper capturing = DictionaryCaptureFilter.find(request);
		if (capturing != null) {
			capturing.capture(declaration.match, declaration.id);
		}
		byte[] hash = DictionaryFields.parseAvailableDictionary(request.getHeader(DictionaryFields.AVAILABLE_DICTIONARY));
		StoredDictionary dictionary = (hash != null) ? this.store.find(hash, request.getRequestURI()) : null;
		return (dictionary != null) ? List.of(new DczCodec(this.zstd, dictionary.content(), dictionary.hash()))
				: List.of();
	}

	private @Nullable Declaration declaration(Object handler) {
		if (!(handler instanceof HandlerMethod handlerMethod)) {
			return null;
		}
		return this.declarations.computeIfAbsent(handlerMethod.getMethod(), (method) -> {
			DictionaryCompressed annotation = AnnotatedElementUtils.findMergedAnnotation(method,
					DictionaryCompressed.class);
			if (annotation == null) {
				annotation = AnnotatedElementUtils.findMergedAnnotation(handlerMethod.getBeanType(),
						DictionaryCompressed.class);
			}
			return Optional.ofNullable(annotation).map(Declaration::of);
		}).orElse(null);
	}

	/**
	 * What a handler declares, with the field value written once.
	 */
	private record Declaration(MatchPattern match, String id, String field) {

		static Declaration of(DictionaryCompressed annotation) {
			MatchPattern match = MatchPattern.of(annotation.match());
			return new Declaration(match, annotation.id(), DictionaryFields.useAsDictionary(match, annotation.id()));
		}

	}

}
