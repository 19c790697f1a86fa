package io.restcompress.internal.reactive;

import io.netty.channel.Channel;
import org.jspecify.annotations.Nullable;

/**
 * Keeps an HTTP/2 body moving on Reactor Netty while a decoder reads it from a thread of its own,
 * on the server (request bodies) and in {@code WebClient} (response bodies). When more of a
 * stream's body is asked for outside the connection's read, Netty (4.2.18) may write the stream's
 * {@code WINDOW_UPDATE} without flushing it; the peer, its flow-control window used up, then waits
 * for it until it gives up. Flushing the stream's channel on its event loop after each demand,
 * behind the read that demand starts, sends it.
 */
public final class Http2StreamFlush {

	private Http2StreamFlush() {
	}

	/**
	 * Returns what to run after each demand for the body a channel carries.
	 * @param channel the channel of a request or response
	 * @return a flush of the channel on its event loop if it is an HTTP/2 stream (a child of the
	 * connection's channel), otherwise {@code null}
	 */
	public static @Nullable Runnable afterDemand(Channel channel) {
		return (channel.parent() != null) ? () -> channel.eventLoop().execute(channel::flush) : null;
	}

}
