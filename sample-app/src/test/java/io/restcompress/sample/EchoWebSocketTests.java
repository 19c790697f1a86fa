package io.restcompress.sample;

import java.net.URI;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import jakarta.websocket.ContainerProvider;
import jakarta.websocket.WebSocketContainer;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketExtension;
import org.springframework.web.socket.WebSocketHttpHeaders;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.client.standard.StandardWebSocketClient;
import org.springframework.web.socket.handler.AbstractWebSocketHandler;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code WS /ws/echo} with Spring's own WebSocket client, which offers permessage-deflate
 * when asked to.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class EchoWebSocketTests {

	@LocalServerPort
	int port;

	@Test
	void echoesTextAndBinaryMessagesCompressedWithPermessageDeflate() throws Exception {
		WebSocketHttpHeaders headers = new WebSocketHttpHeaders();
		headers.setSecWebSocketExtensions(List.of(new WebSocketExtension("permessage-deflate")));
		Replies replies = new Replies();
		WebSocketContainer container = ContainerProvider.getWebSocketContainer();
		container.setDefaultMaxTextMessageBufferSize(WebSocketEchoConfiguration.MAX_MESSAGE_SIZE);
		container.setDefaultMaxBinaryMessageBufferSize(WebSocketEchoConfiguration.MAX_MESSAGE_SIZE);
		WebSocketSession session = new StandardWebSocketClient(container)
			.execute(replies, headers, URI.create("ws://127.0.0.1:" + this.port + "/ws/echo"))
			.get(10, TimeUnit.SECONDS);
		try {
			assertThat(session.getExtensions()).extracting(WebSocketExtension::getName)
				.containsExactly("permessage-deflate");
			String json = "{\"id\":1,\"login\":\"someone\",\"text\":\"" + "é€ snowman ☃ ".repeat(500) + "\"}";
			session.sendMessage(new TextMessage(json));
			assertThat(replies.next()).isInstanceOfSatisfying(TextMessage.class,
					(text) -> assertThat(text.getPayload()).isEqualTo(json));
			byte[] binary = new byte[70_000];
			for (int i = 0; i < binary.length; i++) {
				binary[i] = (byte) (i * 31 % 251);
			}
			session.sendMessage(new BinaryMessage(binary));
			assertThat(replies.next()).isInstanceOfSatisfying(BinaryMessage.class, (reply) -> {
				ByteBuffer payload = reply.getPayload();
				byte[] bytes = new byte[payload.remaining()];
				payload.get(bytes);
				assertThat(bytes).isEqualTo(binary);
			});
		}
		finally {
			session.close();
		}
	}

	static class Replies extends AbstractWebSocketHandler {

		private final BlockingQueue<WebSocketMessage<?>> messages = new LinkedBlockingQueue<>();

		@Override
		protected void handleTextMessage(WebSocketSession session, TextMessage message) {
			this.messages.add(message);
		}

		@Override
		protected void handleBinaryMessage(WebSocketSession session, BinaryMessage message) {
			this.messages.add(message);
		}

		@Override
		public boolean supportsPartialMessages() {
			return false;
		}

		WebSocketMessage<?> next() throws InterruptedException {
			WebSocketMessage<?> message = this.messages.poll(10, TimeUnit.SECONDS);
			assertThat(message).as("an echo within 10 seconds").isNotNull();
			return message;
		}

	}

}
