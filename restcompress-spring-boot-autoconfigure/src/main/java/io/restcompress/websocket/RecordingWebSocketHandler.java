package io.restcompress.websocket;

import java.io.IOException;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.PingMessage;
import org.springframework.web.socket.PongMessage;
import org.springframework.web.socket.WebSocketExtension;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.WebSocketHandlerDecorator;
import org.springframework.web.socket.handler.WebSocketSessionDecorator;

/**
 * Reports a session's negotiated extensions when it opens, and each message it receives or
 * sends, to a {@link WebSocketMessageRecorder}: a message in parts (a handler that supports
 * partial messages) once, with all its parts' bytes, and a sent message once it was sent. The
 * application's handler sees a session that records what it sends.
 */
final class RecordingWebSocketHandler extends WebSocketHandlerDecorator {

	private static final String SESSION_ATTRIBUTE = RecordingWebSocketHandler.class.getName() + ".session";

	private final WebSocketMessageRecorder recorder;

	RecordingWebSocketHandler(WebSocketHandler delegate, WebSocketMessageRecorder recorder) {
		super(delegate);
		this.recorder = recorder;
	}

	@Override
	public void afterConnectionEstablished(WebSocketSession session) throws Exception {
		RecordingSession recording = new RecordingSession(session, this.recorder);
		session.getAttributes().put(SESSION_ATTRIBUTE, recording);
		this.recorder.opened(deflateParameters(session));
		super.afterConnectionEstablished(recording);
	}

	@Override
	public void handleMessage(WebSocketSession session, WebSocketMessage<?> message) throws Exception {
		RecordingSession recording = recording(session);
		recording.received.add(message);
		super.handleMessage(recording, message);
	}

	@Override
	public void handleTransportError(WebSocketSession session, Throwable exception) throws Exception {
		super.handleTransportError(recording(session), exception);
	}

	@Override
	public void afterConnectionClosed(WebSocketSession session, CloseStatus closeStatus) throws Exception {
		super.afterConnectionClosed(recording(session), closeStatus);
	}

	private static @Nullable Map<String, @Nullable String> deflateParameters(WebSocketSession session) {
		return session.getExtensions()
			.stream()
			.filter((extension) -> PerMessageDeflatePolicy.NAME.equals(extension.getName()))
			.findFirst()
			.<Map<String, @Nullable String>>map(WebSocketExtension::getParameters)
			.orElse(null);
	}

	private RecordingSession recording(WebSocketSession session) {
		Object recording = session.getAttributes().get(SESSION_ATTRIBUTE);
		return (recording instanceof RecordingSession found) ? found : new RecordingSession(session, this.recorder);
	}

	private static final class RecordingSession extends WebSocketSessionDecorator {

		private final Messages received;

		private final Messages sent;

		RecordingSession(WebSocketSession session, WebSocketMessageRecorder recorder) {
			super(session);
			boolean compressed = session.getExtensions()
				.stream()
				.anyMatch((extension) -> PerMessageDeflatePolicy.NAME.equals(extension.getName()));
			this.received = new Messages(recorder, false, compressed);
			this.sent = new Messages(recorder, true, compressed);
		}

		@Override
		public void sendMessage(WebSocketMessage<?> message) throws IOException {
			super.sendMessage(message);
			this.sent.add(message);
		}

	}

	/**
	 * Counts the data messages of one direction, a message sent or received in parts once, when
	 * its last part is; control messages (a ping between two parts) are not data.
	 */
	private static final class Messages {

		private final WebSocketMessageRecorder recorder;

		private final boolean outbound;

		private final boolean compressed;

		private long partsBytes;

		Messages(WebSocketMessageRecorder recorder, boolean outbound, boolean compressed) {
			this.recorder = recorder;
			this.outbound = outbound;
			this.compressed = compressed;
		}

		synchronized void add(WebSocketMessage<?> message) {
			if (message instanceof PingMessage || message instanceof PongMessage) {
				return;
			}
			this.partsBytes += message.getPayloadLength();
			if (message.isLast()) {
				this.recorder.message(this.outbound, this.compressed, this.partsBytes);
				this.partsBytes = 0;
			}
		}

	}

}
