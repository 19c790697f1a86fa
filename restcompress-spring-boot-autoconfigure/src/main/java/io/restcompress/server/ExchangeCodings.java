package io.restcompress.server;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import io.restcompress.codec.ContentCodec;

/**
 * Codings that one exchange may be answered in ahead of its handler's, because they depend on
 * the request: a {@code dcz} coding for the dictionary the client has, for example. The
 * response rules then choose among them and the handler's codings as usual, by the client's
 * {@code Accept-Encoding}. Called once per exchange of Spring MVC, after the handler is known
 * and before it runs, only for a handler whose responses may be encoded.
 */
@FunctionalInterface
public interface ExchangeCodings {

	/** Offers nothing. */
	ExchangeCodings NONE = (request, response, handler) -> List.of();

	/**
	 * Returns the codings to offer ahead of the handler's, most preferred first. May set the
	 * response header fields that tell the client about them (such as {@code Vary}).
	 * @param request the request
	 * @param response the response, not yet committed
	 * @param handler the handler the request was mapped to
	 * @return the codings, empty for none
	 */
	List<ContentCodec> offer(HttpServletRequest request, HttpServletResponse response, Object handler);

}
