package io.restcompress.sample;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.client.standard.StandardWebSocketClient;
import org.springframework.web.socket.handler.TextWebSocketHandler;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample app with restcompress switched off, as the benchmark harness runs it for its
 * uncompressed baseline: every endpoint still answers, uncompressed.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "restcompress.enabled=false")
class RestcompressDisabledTests {

	@LocalServerPort
	int port;

	@Test
	void servesTheDocumentUncompressed() throws Exception {
		HttpResponse<byte[]> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/api/static"))
				.header("Accept-Encoding", "lzf, gzip")
				.build(), HttpResponse.BodyHandlers.ofByteArray());
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
	}

	@Test
	void echoesOverWebSocket() throws Exception {
		CompletableFuture<String> reply = new CompletableFuture<>();
		WebSocketSession session = new StandardWebSocketClient().execute(new TextWebSocketHandler() {

			@Override
			protected void handleTextMessage(WebSocketSession session, TextMessage message) {
				reply.complete(message.getPayload());
			}

		}, "ws://127.0.0.1:" + this.port + "/ws/echo").get(10, TimeUnit.SECONDS);
		try {
			session.sendMessage(new TextMessage("{\"ping\":1}"));
			assertThat(reply.get(10, TimeUnit.SECONDS)).isEqualTo("{\"ping\":1}");
		}
		finally {
			session.close();
		}
	}

}
