package io.restcompress.server.reactive;

import io.restcompress.internal.reactive.Http2StreamFlush;
import org.jspecify.annotations.Nullable;
import reactor.netty.Connection;

import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.util.ClassUtils;

/**
 * Finds the Reactor Netty HTTP/2 stream of a request, whose body the decoder must keep moving
 * with {@link Http2StreamFlush}; on other servers and over HTTP/1.1 there is nothing to do.
 */
final class ReactorNettyStreamFlush {

	private static final Runnable NONE = () -> {
	};

	private static final boolean REACTOR_NETTY_PRESENT = ClassUtils.isPresent("reactor.netty.Connection",
			ReactorNettyStreamFlush.class.getClassLoader());

	private ReactorNettyStreamFlush() {
	}

	/**
	 * Returns what to run after each demand for a request's body.
	 * @param request the request
	 * @return a flush of its HTTP/2 stream on Reactor Netty, otherwise nothing
	 */
	static Runnable afterDemand(ServerHttpRequest request) {
		Runnable flush = REACTOR_NETTY_PRESENT ? ReactorNetty.afterDemand(request) : null;
		return (flush != null) ? flush : NONE;
	}

	private static final class ReactorNetty {

		static @Nullable Runnable afterDemand(ServerHttpRequest request) {
			Object nativeRequest;
			try {
				nativeRequest = ServerHttpRequestDecorator.getNativeRequest(request);
			}
			catch (IllegalArgumentException ex) {
				return null;
			}
			return (nativeRequest instanceof Connection connection)
					? Http2StreamFlush.afterDemand(connection.channel()) : null;
		}

	}

}
