package io.restcompress.websocket;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.web.socket.PongMessage;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.AbstractWebSocketHandler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.willThrow;
import static org.mockito.Mockito.mock;

/**
 * Tests for {@link RecordingWebSocketHandler}.
 */
class RecordingWebSocketHandlerTests {

	private final List<String> recorded = new ArrayList<>();

	private final WebSocketMessageRecorder recorder = new WebSocketMessageRecorder() {

		@Override
		public void message(boolean outbound, boolean compressed, long payloadBytes) {
			RecordingWebSocketHandlerTests.this.recorded.add((outbound ? "sent " : "received ") + payloadBytes);
		}

	};

	private final List<WebSocketSession> sessions = new ArrayList<>();

	private final RecordingWebSocketHandler handler = new RecordingWebSocketHandler(new AbstractWebSocketHandler() {

		@Override
		public void afterConnectionEstablished(WebSocketSession session) {
			RecordingWebSocketHandlerTests.this.sessions.add(session);
		}

		@Override
		public boolean supportsPartialMessages() {
			return true;
		}

	}, this.recorder);

	@Test
	void countsAMessageReceivedInPartsOnceWithAllItsBytes() throws Exception {
		WebSocketSession session = session();
		this.handler.afterConnectionEstablished(session);
		this.handler.handleMessage(session, new TextMessage("abc", false));
		this.handler.handleMessage(session, new PongMessage(ByteBuffer.wrap(new byte[] { 1, 2 })));
		this.handler.handleMessage(session, new TextMessage("de", false));
		assertThat(this.recorded).isEmpty();
		this.handler.handleMessage(session, new TextMessage("f", true));
		this.handler.handleMessage(session, new TextMessage("whole"));
		assertThat(this.recorded).containsExactly("received 6", "received 5");
	}

	@Test
	void countsAMessageSentInPartsOnceAndOnlyWhatWasSent() throws Exception {
		WebSocketSession session = session();
		this.handler.afterConnectionEstablished(session);
		WebSocketSession recording = this.sessions.get(0);
		recording.sendMessage(new TextMessage("ab", false));
		recording.sendMessage(new TextMessage("c", true));
		willThrow(new IOException("closed")).given(session).sendMessage(any());
		assertThatIOException().isThrownBy(() -> recording.sendMessage(new TextMessage("lost")));
		assertThat(this.recorded).containsExactly("sent 3");
	}

	private static WebSocketSession session() {
		WebSocketSession session = mock(WebSocketSession.class);
		given(session.getAttributes()).willReturn(new HashMap<>());
		given(session.getExtensions()).willReturn(List.of());
		return session;
	}

}
