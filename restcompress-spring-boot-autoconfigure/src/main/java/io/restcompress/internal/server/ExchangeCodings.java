package io.restcompress.internal.server;

import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

import io.restcompress.codec.ContentCodec;
import org.jspecify.annotations.Nullable;

/**
 * Codings that one exchange may be answered in ahead of its handler's, because they depend on
 * the request: a {@code dcz} coding for the dictionary the client has, for example. The
 * response rules then choose among them and the handler's codings as usual, by the client's
 * {@code Accept-Encoding}. Called once per exchange, on Spring MVC and WebFlux alike, after the
 * handler is known and before the response is committed, only for a handler whose responses
 * may be encoded and that it {@linkplain #offersFor(Object) offers for}.
 */
@FunctionalInterface
public interface ExchangeCodings {

	/** Offers nothing. */
	ExchangeCodings NONE = new ExchangeCodings() {

		@Override
		public boolean offersFor(Object handler) {
			return false;
		}

		@Override
		public List<ContentCodec> offer(Object handler, String path, Supplier<String> applicationPath,
				Function<String, @Nullable String> requestHeader, ResponseFields response) {
			return List.of();
		}

	};

	/**
	 * Returns whether {@link #offer} may offer codings or set header fields for a handler's
	 * exchanges; the exchanges of a handler it does not are spared the call and what it needs.
	 * @param handler the handler a request was mapped to
	 * @return {@code false} if {@code offer} would offer nothing and set nothing
	 */
	default boolean offersFor(Object handler) {
		return true;
	}

	/**
	 * Returns the codings to offer ahead of the handler's, most preferred first. May set the
	 * response header fields that tell the client about them (such as {@code Vary}).
	 * @param handler the handler the request was mapped to
	 * @param path the request's path, without the query
	 * @param applicationPath the part of the path that leads to the application (the servlet
	 * context path and the DispatcherServlet's own path, WebFlux's base path), empty at the
	 * server's root; asked only by a handler that needs it
	 * @param requestHeader a request header field's value, its lines joined, or {@code null}
	 * @param response the response's header fields, not yet committed
	 * @return the codings, empty for none
	 */
	List<ContentCodec> offer(Object handler, String path, Supplier<String> applicationPath,
			Function<String, @Nullable String> requestHeader, ResponseFields response);

	/**
	 * Names the response header fields that {@link #offer} may set and that only a successful
	 * ({@code 2xx}) response may carry: the content-coding layer removes them from a response
	 * that ends up with another status.
	 * @return the field names, empty for none
	 */
	default List<String> successOnlyFields() {
		return List.of();
	}

	/**
	 * Removes the {@linkplain #successOnlyFields() success-only fields} from a response whose
	 * status is not {@code 2xx}.
	 * @param names the field names
	 * @param status the response's status code
	 * @param response the response's header fields, not yet committed
	 */
	static void keepOnlyOnSuccess(List<String> names, int status, ResponseFields response) {
		if (status < 200 || status > 299) {
			for (String name : names) {
				response.set(name, null);
			}
		}
	}

}
