package io.restcompress.server.reactive;

import io.restcompress.LzfCompressed;
import io.restcompress.NotCompressed;

import org.springframework.web.reactive.function.server.HandlerFilterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * Marks functional routes as {@link LzfCompressed} or {@link NotCompressed} do annotated
 * handlers: {@code route().GET("/api/x", handler).filter(CompressionRoutes.compressed()).build()}.
 */
public final class CompressionRoutes {

	/**
	 * The exchange attribute under which a route's filter may put an object that stands for
	 * the route's handler where restcompress looks at handlers (dictionaries do, see
	 * {@code DictionaryRoutes}); without it, the mapped handler function.
	 */
	public static final String HANDLER_ATTRIBUTE = CompressionRoutes.class.getName() + ".handler";

	static final String ATTRIBUTE = CompressionRoutes.class.getName() + ".compression";

	private static final HandlerFilterFunction<ServerResponse, ServerResponse> NOT_COMPRESSED = marking(
			new RouteCompression(false, new String[0]));

	private CompressionRoutes() {
	}

	/**
	 * Returns a filter that lets the routes' responses be encoded, as {@link LzfCompressed}.
	 * @param encodings the codings to choose from, most preferred first; none for the server's
	 * order
	 * @return the filter
	 */
	public static HandlerFilterFunction<ServerResponse, ServerResponse> compressed(String... encodings) {
		return marking(new RouteCompression(true, encodings.clone()));
	}

	/**
	 * Returns a filter that keeps the routes' responses from being encoded, as
	 * {@link NotCompressed}.
	 * @return the filter
	 */
	public static HandlerFilterFunction<ServerResponse, ServerResponse> notCompressed() {
		return NOT_COMPRESSED;
	}

	private static HandlerFilterFunction<ServerResponse, ServerResponse> marking(RouteCompression compression) {
		return (request, next) -> {
			request.exchange().getAttributes().put(ATTRIBUTE, compression);
			return next.handle(request);
		};
	}

	/**
	 * What a route's filter declares.
	 */
	record RouteCompression(boolean allowed, String[] encodings) {
	}

}
