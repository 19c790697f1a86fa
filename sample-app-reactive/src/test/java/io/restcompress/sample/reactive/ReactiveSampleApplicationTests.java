package io.restcompress.sample.reactive;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import io.restcompress.sample.AbstractSampleContractTests;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.WebsocketClientSpec;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.web.reactive.socket.WebSocketMessage;
import org.springframework.web.reactive.socket.client.ReactorNettyWebSocketClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample endpoints as the contract describes them, over real HTTP against the WebFlux
 * sample on Reactor Netty, and its WebSocket echo.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ReactiveSampleApplicationTests extends AbstractSampleContractTests {

	ReactiveSampleApplicationTests() {
		super(java.net.http.HttpClient.Version.HTTP_1_1);
	}

	@Test
	void echoesWebSocketTextAndBinaryMessagesWithPermessageDeflate() {
		String json = "{\"id\":1,\"login\":\"someone\",\"text\":\"" + "é€ snowman ☃ ".repeat(500) + "\"}";
		byte[] binary = new byte[70_000];
		for (int i = 0; i < binary.length; i++) {
			binary[i] = (byte) (i * 31 % 251);
		}
		AtomicReference<String> extensions = new AtomicReference<>();
		List<Object> echoes = new CopyOnWriteArrayList<>();
		ReactorNettyWebSocketClient client = new ReactorNettyWebSocketClient(HttpClient.create(),
				() -> WebsocketClientSpec.builder().compress(true).maxFramePayloadLength(1024 * 1024));
		client.execute(URI.create("ws://localhost:" + this.port + "/ws/echo"), (session) -> {
			extensions.set(session.getHandshakeInfo().getHeaders().getFirst("Sec-WebSocket-Extensions"));
			Mono<Void> send = session.send(Flux.just(session.textMessage(json),
					session.binaryMessage((buffers) -> buffers.wrap(binary))));
			Mono<Void> receive = session.receive().take(2).doOnNext((message) -> echoes.add(
					(message.getType() == WebSocketMessage.Type.TEXT) ? message.getPayloadAsText() : bytes(message)))
				.then();
			return Mono.when(send, receive);
		}).block(Duration.ofSeconds(30));
		assertThat(extensions.get()).startsWith("permessage-deflate");
		assertThat(echoes).hasSize(2);
		assertThat(echoes.get(0)).isEqualTo(json);
		assertThat(echoes.get(1)).isEqualTo(binary);
	}

	private static byte[] bytes(WebSocketMessage message) {
		byte[] bytes = new byte[message.getPayload().readableByteCount()];
		message.getPayload().read(bytes);
		return bytes;
	}

}
