package io.restcompress.server.reactive;

import io.netty.channel.Channel;
import io.restcompress.internal.reactive.Http1ResponsesInFlight;
import io.restcompress.internal.reactive.Http2StreamFlush;
import org.jspecify.annotations.Nullable;
import reactor.netty.Connection;

import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.util.ClassUtils;

/**
 * What the content coding needs of the Reactor Netty channel of an exchange: the HTTP/2 stream
 * of a request, whose body the decoder must keep moving with {@link Http2StreamFlush}, and
 * whether the channel of a response was closed, since Reactor Netty completes the write of a
 * body, rather than failing it, when the connection closes before the body was written; and
 * the mark of a request whose body is decoded, for {@link Http1ResponsesInFlight}. On other
 * servers there is no such channel, and over HTTP/1.1 no stream to flush.
 */
final class ReactorNettyChannels {

	private static final Runnable NONE = () -> {
	};

	private static final boolean REACTOR_NETTY_PRESENT = ClassUtils.isPresent("reactor.netty.Connection",
			ReactorNettyChannels.class.getClassLoader());

	private ReactorNettyChannels() {
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

	/**
	 * Marks the request whose body restcompress reads (to decode it, or to drop it before a
	 * refusal) on its channel, so that an HTTP/1.1 connection whose input ends in the middle of
	 * that body fails the read instead of closing.
	 * @param request the request
	 */
	static void decodesBody(ServerHttpRequest request) {
		if (REACTOR_NETTY_PRESENT) {
			ReactorNetty.decodesBody(request);
		}
	}

	/**
	 * Whether the connection (or HTTP/2 stream) a response goes out on was closed.
	 * @param response the response
	 * @return {@code true} if it is a Reactor Netty response whose channel is no longer active
	 */
	static boolean isClosed(ServerHttpResponse response) {
		return REACTOR_NETTY_PRESENT && ReactorNetty.isActive(response) == Boolean.FALSE;
	}

	/**
	 * Whether the connection (or HTTP/2 stream) a response goes out on is known to be open:
	 * when Reactor Netty cancels a response's body or write while it is, its client did not
	 * go away (the application cancelled it, for example with a timeout).
	 * @param response the response
	 * @return {@code true} if it is a Reactor Netty response whose channel is active
	 */
	static boolean isOpen(ServerHttpResponse response) {
		return REACTOR_NETTY_PRESENT && ReactorNetty.isActive(response) == Boolean.TRUE;
	}

	private static final class ReactorNetty {

		static @Nullable Runnable afterDemand(ServerHttpRequest request) {
			Channel channel = channel(NativeExchanges.request(request));
			return (channel != null) ? Http2StreamFlush.afterDemand(channel) : null;
		}

		static void decodesBody(ServerHttpRequest request) {
			Channel channel = channel(NativeExchanges.request(request));
			if (channel != null) {
				Http1ResponsesInFlight.decodesBody(channel);
			}
		}

		static @Nullable Boolean isActive(ServerHttpResponse response) {
			Channel channel = channel(NativeExchanges.response(response));
			return (channel != null) ? channel.isActive() : null;
		}

		private static @Nullable Channel channel(@Nullable Object nativeExchange) {
			return (nativeExchange instanceof Connection connection) ? connection.channel() : null;
		}

	}

}
