package io.restcompress.websocket;

import java.io.IOException;

import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.WebSocketHandlerDecorator;
import org.springframework.web.socket.handler.WebSocketSessionDecorator;

/**
 * Reports a session's negotiated extensions when it opens, and each message it receives or
 * sends, to a {@link WebSocketMessageRecorder}. The application's handler sees a session
 * that records what it sends.
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
		this.recorder.opened(session.getExtensions());
		super.afterConnectionEstablished(recording);
	}

	@Override
	public void handleMessage(WebSocketSession session, WebSocketMessage<?> message) throws Exception {
		RecordingSession recording = recording(session);
		this.recorder.message(false, recording.compressed, message.getPayloadLength());
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

	private RecordingSession recording(WebSocketSession session) {
		Object recording = session.getAttributes().get(SESSION_ATTRIBUTE);
		return (recording instanceof RecordingSession found) ? found : new RecordingSession(session, this.recorder);
	}

	private static final class RecordingSession extends WebSocketSessionDecorator {

		private final WebSocketMessageRecorder recorder;

		private final boolean compressed;

		RecordingSession(WebSocketSession session, WebSocketMessageRecorder recorder) {
			super(session);
			this.recorder = recorder;
			this.compressed = session.getExtensions()
				.stream()
				.anyMatch((extension) -> PerMessageDeflatePolicy.NAME.equals(extension.getName()));
		}

		@Override
		public void sendMessage(WebSocketMessage<?> message) throws IOException {
			this.recorder.message(true, this.compressed, message.getPayloadLength());
			super.sendMessage(message);
		}

	}

}
