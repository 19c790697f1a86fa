package io.restcompress.server.reactive;

import io.netty.channel.Channel;
import org.jspecify.annotations.Nullable;
import reactor.netty.Connection;

import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.util.ClassUtils;

/**
 * Keeps an HTTP/2 request body moving on Reactor Netty while a decoder reads it from a thread of
 * its own. When more of a stream's body is asked for outside the connection's read, Netty (4.2.18)
 * may write the stream's {@code WINDOW_UPDATE} without flushing it; a client that has used up its
 * flow-control window then waits for it forever, and the request hangs. Flushing the stream's
 * channel on its event loop after each demand, behind the read that demand starts, sends it.
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
		Channel stream = REACTOR_NETTY_PRESENT ? ReactorNetty.http2Stream(request) : null;
		return (stream != null) ? () -> stream.eventLoop().execute(stream::flush) : NONE;
	}

	private static final class ReactorNetty {

		static @Nullable Channel http2Stream(ServerHttpRequest request) {
			Object nativeRequest;
			try {
				nativeRequest = ServerHttpRequestDecorator.getNativeRequest(request);
			}
			catch (IllegalArgumentException ex) {
				return null;
			}
			if (nativeRequest instanceof Connection connection) {
				Channel channel = connection.channel();
				return (channel.parent() != null) ? channel : null;
			}
			return null;
		}

	}

}
