package io.restcompress.server.reactive;

import java.util.Collections;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import reactor.netty.http.server.HttpServerRequest;

import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.util.ClassUtils;

/**
 * Header fields of a request as its client sent them, read from the server's own request:
 * restcompress strips coding suffixes from the conditional fields of the request that the
 * application sees. On a server whose request it does not know, the fields as the application
 * sees them.
 */
final class ReceivedFields {

	private static final ClassLoader CLASS_LOADER = ReceivedFields.class.getClassLoader();

	private static final boolean REACTOR_NETTY_PRESENT = ClassUtils
		.isPresent("reactor.netty.http.server.HttpServerRequest", CLASS_LOADER);

	private static final boolean SERVLET_PRESENT = ClassUtils.isPresent("jakarta.servlet.http.HttpServletRequest",
			CLASS_LOADER);

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
		if (values == null && SERVLET_PRESENT) {
			values = Servlet.get(received, name);
		}
		return (values != null) ? values : request.getHeaders().getOrEmpty(name);
	}

	private static final class ReactorNetty {

		static @Nullable List<String> get(@Nullable Object request, String name) {
			return (request instanceof HttpServerRequest received) ? received.requestHeaders().getAll(name) : null;
		}

	}

	private static final class Servlet {

		static @Nullable List<String> get(@Nullable Object request, String name) {
			return (request instanceof HttpServletRequest received) ? Collections.list(received.getHeaders(name))
					: null;
		}

	}

}
