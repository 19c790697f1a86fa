package io.restcompress.websocket;

import java.util.List;

import org.springframework.web.socket.WebSocketExtension;

/**
 * Receives what happens on WebSocket sessions: the extensions each session negotiated and
 * the size of every message as the application sent or received it.
 */
public interface WebSocketMessageRecorder {

	/** A recorder that records nothing. */
	WebSocketMessageRecorder NONE = new WebSocketMessageRecorder() {
	};

	/**
	 * A session was opened.
	 * @param extensions the extensions it negotiated
	 */
	default void opened(List<WebSocketExtension> extensions) {
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
