package io.restcompress.websocket;

import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Receives what happens on WebSocket sessions, servlet and reactive alike: the
 * permessage-deflate parameters each session negotiated and the size of every message as the
 * application sent or received it.
 */
public interface WebSocketMessageRecorder {

	/** A recorder that records nothing. */
	WebSocketMessageRecorder NONE = new WebSocketMessageRecorder() {
	};

	/**
	 * A session was opened.
	 * @param permessageDeflate the parameters of the permessage-deflate extension it
	 * negotiated (a parameter without a value maps to {@code null} or an empty string), or
	 * {@code null} if it negotiated none
	 */
	default void opened(@Nullable Map<String, @Nullable String> permessageDeflate) {
	}

	/**
	 * A message was sent or received.
	 * @param outbound whether the application sent it
	 * @param compressed whether the session compresses messages with permessage-deflate
	 * @param payloadBytes the size of its payload as the application sees it, uncompressed
	 */
	default void message(boolean outbound, boolean compressed, long payloadBytes) {
	}

}
