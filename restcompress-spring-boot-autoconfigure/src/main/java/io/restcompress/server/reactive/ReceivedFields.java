package io.restcompress.server.reactive;

import java.util.Collections;
import java.util.List;

import io.restcompress.internal.server.RequestDecodingRules;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import reactor.netty.http.server.HttpServerRequest;

import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.util.ClassUtils;

/**
 * Header fields of a request as its client sent them, read from the server's own request:
 * restcompress strips coding suffixes from the conditional fields of the request that the
 * application sees. On a server whose request it does not know, the fields as the application
 * sees them. Also the protocol version the request came in, which WebFlux's request does not
 * tell.
 */
final class ReceivedFields {

	private static final ClassLoader CLASS_LOADER = ReceivedFields.class.getClassLoader();

	private static final boolean REACTOR_NETTY_PRESENT = ClassUtils
		.isPresent("reactor.netty.http.server.HttpServerRequest", CLASS_LOADER);

	private ReceivedFields() {
	}

	/**
	 * Returns the values of a header field as the client sent them.
	 * @param request the request
	 * @param name the field's name
	 * @return its values, empty if it has none
	 */
	static List<String> get(ServerHttpRequest request, String name) {
		@Nullable Object received = NativeExchanges.request(request);
		List<String> values = REACTOR_NETTY_PRESENT ? ReactorNetty.get(received, name) : null;
		if (values == null && NativeExchanges.SERVLET_PRESENT) {
			values = Servlet.get(received, name);
		}
		return (values != null) ? values : request.getHeaders().getOrEmpty(name);
	}

	/**
	 * Whether a request came over HTTP/1.x, as the server's own request tells: Reactor Netty's
	 * and a servlet container's do. A request of another server is taken for HTTP/1.1.
	 * @param request the request
	 * @return {@code false} if the server says the request came over HTTP/2 or later
	 */
	static boolean overHttp1(ServerHttpRequest request) {
		@Nullable Object received = NativeExchanges.request(request);
		Boolean http1 = REACTOR_NETTY_PRESENT ? ReactorNetty.overHttp1(received) : null;
		if (http1 == null && NativeExchanges.SERVLET_PRESENT) {
			http1 = Servlet.overHttp1(received);
		}
		return http1 == null || http1;
	}

	/**
	 * Whether the server would send an encoded body, whose length is never known beforehand, in
	 * chunks the client cannot read: Reactor Netty frames a body of unknown length with chunked
	 * transfer coding even for an HTTP/1.0 request, which RFC 9112, section 6.1, forbids.
	 * @param request the request
	 * @return {@code true} for an HTTP/1.0 request on Reactor Netty
	 */
	static boolean chunksForHttp10(ServerHttpRequest request) {
		return REACTOR_NETTY_PRESENT && ReactorNetty.http10(NativeExchanges.request(request));
	}

	private static final class ReactorNetty {

		static boolean http10(@Nullable Object request) {
			return request instanceof HttpServerRequest received && received.version().majorVersion() == 1
					&& received.version().minorVersion() == 0;
		}

		static @Nullable Boolean overHttp1(@Nullable Object request) {
			return (request instanceof HttpServerRequest received) ? received.version().majorVersion() == 1 : null;
		}

		static @Nullable List<String> get(@Nullable Object request, String name) {
			return (request instanceof HttpServerRequest received) ? received.requestHeaders().getAll(name) : null;
		}

	}

	private static final class Servlet {

		static @Nullable Boolean overHttp1(@Nullable Object request) {
			return (request instanceof HttpServletRequest received) ? RequestDecodingRules.isHttp1(received.getProtocol())
					: null;
		}

		static @Nullable List<String> get(@Nullable Object request, String name) {
			return (request instanceof HttpServletRequest received) ? Collections.list(received.getHeaders(name))
					: null;
		}

	}

}
