package io.restcompress.sample.reactive;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import io.restcompress.sample.AbstractSampleContractTests;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample endpoints as the contract describes them, over real HTTP against the WebFlux
 * sample on Reactor Netty, and its WebSocket echo.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ReactiveSampleApplicationTests extends AbstractSampleContractTests {

	ReactiveSampleApplicationTests() {
		super(HttpClient.Version.HTTP_1_1);
	}

	@Test
	void echoesWebSocketTextAndBinaryMessagesWithPerMessageDeflate() throws Exception {
		CompletableFuture<String> text = new CompletableFuture<>();
		CompletableFuture<ByteBuffer> binary = new CompletableFuture<>();
		WebSocket socket = this.client.newWebSocketBuilder()
			.buildAsync(URI.create("ws://localhost:" + this.port + "/ws/echo"), new WebSocket.Listener() {

				@Override
				public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
					text.complete(data.toString());
					webSocket.request(1);
					return null;
				}

				@Override
				public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
					binary.complete(data);
					webSocket.request(1);
					return null;
				}

			})
			.get(30, TimeUnit.SECONDS);
		socket.sendText("{\"hello\":\"reactive\"}", true).get(30, TimeUnit.SECONDS);
		assertThat(text.get(30, TimeUnit.SECONDS)).isEqualTo("{\"hello\":\"reactive\"}");
		socket.sendBinary(ByteBuffer.wrap(new byte[] { 1, 2, 3 }), true).get(30, TimeUnit.SECONDS);
		assertThat(binary.get(30, TimeUnit.SECONDS)).isEqualTo(ByteBuffer.wrap(new byte[] { 1, 2, 3 }));
		socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(30, TimeUnit.SECONDS);
	}

}
