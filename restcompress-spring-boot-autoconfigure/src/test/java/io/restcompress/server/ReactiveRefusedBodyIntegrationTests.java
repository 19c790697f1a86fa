package io.restcompress.server;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Refused request bodies on Reactor Netty, over HTTP/1.1 and, for a body that trickles in,
 * over HTTP/2.
 */
@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.main.web-application-type=reactive", "server.http2.enabled=true",
				"restcompress.server.request.drain-timeout=1s" })
class ReactiveRefusedBodyIntegrationTests extends AbstractRefusedBodyTests {

	private static final int CHUNKS = 200;

	@Override
	String echoPath() {
		return "/echo";
	}

	/**
	 * A body of 200 chunks of 1,500 bytes, one every 100 ms, takes twenty times the drain timeout
	 * to arrive: the 415 comes while it is still being sent.
	 */
	@Test
	void answersATricklingRefusedBodyOverHttp2WhileItIsStillBeingSent() {
		AtomicInteger sent = new AtomicInteger();
		Flux<ByteBuf> trickle = Flux.interval(Duration.ofMillis(100))
			.take(CHUNKS)
			.map((i) -> {
				sent.incrementAndGet();
				return Unpooled.wrappedBuffer(new byte[1500]);
			});
		AtomicInteger sentWhenAnswered = new AtomicInteger();
		Integer status = HttpClient.create(ConnectionProvider.newConnection())
			.protocol(HttpProtocol.H2C)
			.host("localhost")
			.port(this.port)
			.headers((headers) -> headers.set("Content-Encoding", "x-unknown"))
			.post()
			.uri(echoPath())
			.send(trickle)
			.responseSingle((head, body) -> {
				sentWhenAnswered.set(sent.get());
				return body.asString().defaultIfEmpty("").thenReturn(head.status().code());
			})
			.block(Duration.ofSeconds(30));
		assertThat(status).isEqualTo(415);
		assertThat(sentWhenAnswered.get()).isLessThan(CHUNKS / 2);
	}

}
