package io.restcompress.internal.server;

import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * Which responses the application keeps a copy of, as written and before any content coding:
 * the bodies of dictionary handlers, for example. Asked once per exchange, after the handler
 * is known, by the content-coding layer that already sees every body, so that an exchange
 * nobody copies costs nothing more.
 */
@FunctionalInterface
public interface ResponseBodyCopies {

	/** Copies nothing. */
	ResponseBodyCopies NONE = (handler, method, requestHeader) -> null;

	/**
	 * Returns where the body of this exchange's response is copied to, or {@code null} for
	 * nowhere.
	 * @param handler the handler the request was mapped to
	 * @param method the request method
	 * @param requestHeader a request header field's value, its lines joined, or {@code null}
	 * @return the copy, or {@code null}
	 */
	@Nullable ResponseBodyCopy open(Object handler, String method, Function<String, @Nullable String> requestHeader);

	/**
	 * Returns where the body of this exchange's response is copied to, or {@code null} for
	 * nowhere, which is always the case for a handler whose responses are never encoded: what
	 * is excluded from encoding is kept out of copies too.
	 * @param allowed what the handler allows
	 * @param handler the handler the request was mapped to
	 * @param method the request method
	 * @param requestHeader a request header field's value, its lines joined, or {@code null}
	 * @return the copy, or {@code null}
	 */
	default @Nullable ResponseBodyCopy openFor(HandlerCompression allowed, Object handler, String method,
			Function<String, @Nullable String> requestHeader) {
		return allowed.allowed() ? open(handler, method, requestHeader) : null;
	}

}
