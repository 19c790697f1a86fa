package io.restcompress.dictionary;

import io.restcompress.server.reactive.CompressionRoutes;

import org.springframework.web.reactive.function.server.HandlerFilterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * Marks WebFlux functional routes as {@link DictionaryCompressed} marks annotated handlers:
 * {@code route().GET("/api/feed", handler).filter(DictionaryRoutes.dictionary("/api/feed*", "feed")).build()}.
 * The routes' responses may also be encoded as with {@link CompressionRoutes#compressed}. The
 * pattern, identifier and codings are checked when the filter is made.
 */
public final class DictionaryRoutes {

	private DictionaryRoutes() {
	}

	/**
	 * Returns a filter that makes the routes' responses dictionaries for the paths of a
	 * pattern, as {@code @DictionaryCompressed(match = ..., id = ..., encodings = ...)}.
	 * @param match the paths the dictionary applies to, {@code *} matching any characters
	 * @param id the identifier sent with it, empty for none
	 * @param encodings the dictionary codings, most preferred first; none for {@code dcz},
	 * {@code dcb}
	 * @return the filter
	 * @throws IllegalArgumentException if the pattern, identifier or a coding is invalid
	 */
	public static HandlerFilterFunction<ServerResponse, ServerResponse> dictionary(String match, String id,
			String... encodings) {
		return marking(new Route(DictionaryDeclarations.Declaration.of(match, id, false, codings(encodings))));
	}

	/**
	 * Returns a filter that makes the routes' responses samples for a trained dictionary of a
	 * pattern, as {@code @DictionaryCompressed(match = ..., trained = true)}.
	 * @param match the paths the trained dictionary applies to
	 * @param encodings the dictionary codings, most preferred first; none for {@code dcz},
	 * {@code dcb}
	 * @return the filter
	 * @throws IllegalArgumentException if the pattern or a coding is invalid
	 */
	public static HandlerFilterFunction<ServerResponse, ServerResponse> trained(String match, String... encodings) {
		return marking(new Route(DictionaryDeclarations.Declaration.of(match, "", true, codings(encodings))));
	}

	private static String[] codings(String[] encodings) {
		return (encodings.length > 0) ? encodings.clone() : new String[] { "dcz", "dcb" };
	}

	private static HandlerFilterFunction<ServerResponse, ServerResponse> marking(Route route) {
		HandlerFilterFunction<ServerResponse, ServerResponse> dictionary = (request, next) -> {
			request.exchange().getAttributes().put(CompressionRoutes.HANDLER_ATTRIBUTE, route);
			return next.handle(request);
		};
		return CompressionRoutes.compressed().andThen(dictionary);
	}

	/**
	 * What a route's filter declares, standing for the route's handler.
	 *
	 * @param declaration the dictionary it declares
	 */
	record Route(DictionaryDeclarations.Declaration declaration) {
	}

}
