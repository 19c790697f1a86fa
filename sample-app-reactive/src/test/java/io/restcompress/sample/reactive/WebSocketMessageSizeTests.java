package io.restcompress.sample.reactive;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code sample.websocket.max-message-size} limits the messages {@code /ws/echo} takes, as on
 * the servlet sample: a message of the limit is echoed, a larger one closes the session with
 * {@code 1009}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "sample.websocket.max-message-size=16KB")
class WebSocketMessageSizeTests {

	private static final int LIMIT = 16 * 1024;

	@LocalServerPort
	int port;

	@Test
	void echoesAMessageOfTheConfiguredLimit() throws Exception {
		Session session = connect();
		String message = "x".repeat(LIMIT);
		session.socket.sendText(message, true).get(30, TimeUnit.SECONDS);
		assertThat(session.text.get(30, TimeUnit.SECONDS)).isEqualTo(message);
		session.socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(30, TimeUnit.SECONDS);
	}

	@Test
	void closesWith1009OnAMessageOverTheConfiguredLimit() throws Exception {
		Session session = connect();
		session.socket.sendText("x".repeat(LIMIT + 1), true).get(30, TimeUnit.SECONDS);
		assertThat(session.closed.get(30, TimeUnit.SECONDS)).isEqualTo(1009);
	}

	private Session connect() throws Exception {
		Session session = new Session();
		session.socket = HttpClient.newHttpClient()
			.newWebSocketBuilder()
			.buildAsync(URI.create("ws://localhost:" + this.port + "/ws/echo"), new WebSocket.Listener() {

				private final StringBuilder received = new StringBuilder();

				@Override
				public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
					this.received.append(data);
					if (last) {
						session.text.complete(this.received.toString());
					}
					webSocket.request(1);
					return null;
				}

				@Override
				public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
					session.closed.complete(statusCode);
					return null;
				}

			})
			.get(30, TimeUnit.SECONDS);
		return session;
	}

	private static final class Session {

		final CompletableFuture<String> text = new CompletableFuture<>();

		final CompletableFuture<Integer> closed = new CompletableFuture<>();

		WebSocket socket;

	}

}
