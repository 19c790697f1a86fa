package io.restcompress.server.reactive;

import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import org.springframework.util.ClassUtils;

/**
 * The server's own request and response behind a WebFlux exchange's decorators: Reactor Netty's
 * operations, a servlet container's request, or none (a mock, or a server that does not say).
 */
final class NativeExchanges {

	/**
	 * Whether the servlet API is present: only then may a class name servlet types, in a nested
	 * class that it reaches behind this check.
	 */
	static final boolean SERVLET_PRESENT = ClassUtils.isPresent("jakarta.servlet.http.HttpServletRequest",
			NativeExchanges.class.getClassLoader());

	private NativeExchanges() {
	}

	static @Nullable Object request(ServerHttpRequest request) {
		return unwrapped(() -> ServerHttpRequestDecorator.getNativeRequest(request));
	}

	static @Nullable Object response(ServerHttpResponse response) {
		return unwrapped(() -> ServerHttpResponseDecorator.getNativeResponse(response));
	}

	private static @Nullable Object unwrapped(Supplier<Object> nativeExchange) {
		try {
			return nativeExchange.get();
		}
		catch (IllegalArgumentException | IllegalStateException ex) {
			return null;
		}
	}

}
