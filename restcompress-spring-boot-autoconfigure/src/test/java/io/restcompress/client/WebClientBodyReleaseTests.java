package io.restcompress.client;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A WebClient response whose encoded body is released unread, or whose decoder the decoder
 * pool refuses: nothing is decoded only to be thrown away, and the connection goes back to a
 * pool of one, so that the next request on it is answered.
 */
class WebClientBodyReleaseTests extends PlainOriginTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	private final ConnectionProvider oneConnection = ConnectionProvider.builder("one")
		.maxConnections(1)
		.pendingAcquireTimeout(Duration.ofSeconds(5))
		.build();

	private final ClientCompression compression = ClientCompression.builder(PlainOrigin.CODECS)
		.recorder(this.recorder)
		.build();

	@AfterEach
	void disposeConnections() {
		this.oneConnection.dispose();
	}

	@Test
	void releasesABodyThatWouldNotDecodeWithoutDecodingIt() {
		this.origin.handle("/not-gzip", (exchange, body) -> {
			exchange.getResponseHeaders().set("Content-Encoding", "gzip");
			PlainOrigin.respond(exchange, 200, "not gzip at all".repeat(1000).getBytes(StandardCharsets.UTF_8));
		});
		WebClient client = webClient(new ClientCompressionExchangeFilter(this.compression));
		String notGzip = this.origin.uri("/not-gzip").toString();
		ResponseEntity<Void> entity = client.get().uri(notGzip).retrieve().toBodilessEntity().block(TIMEOUT);
		assertThat(entity.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(entity.getHeaders().containsHeader("Content-Encoding")).isFalse();
		assertThat(client.get().uri(notGzip).exchangeToMono(ClientResponse::releaseBody).blockOptional(TIMEOUT))
			.isEmpty();
		assertThat(client.get().uri(notGzip).retrieve().bodyToMono(Void.class).blockOptional(TIMEOUT)).isEmpty();
		assertThat(this.recorder.events).noneMatch((event) -> event.contains("CORRUPT"));
		assertThat(client.get().uri(this.origin.uri("/payload/gzip/100000")).retrieve().bodyToMono(byte[].class)
			.block(TIMEOUT)).isEqualTo(Payloads.json(100_000));
	}

	@Test
	void stillDecodesABodyThatIsReadAfterItsEntityWasTaken() {
		WebClient client = webClient(new ClientCompressionExchangeFilter(this.compression));
		byte[] body = client.get()
			.uri(this.origin.uri("/payload/lzf/100000"))
			.exchangeToMono((response) -> response.bodyToMono(byte[].class))
			.block(TIMEOUT);
		assertThat(body).isEqualTo(Payloads.json(100_000));
	}

	@Test
	void decodesABodyOnceWhenItIsReleasedAfterItWasRead() {
		AtomicInteger tasks = new AtomicInteger();
		Executor decoders = Executors.newCachedThreadPool();
		Executor counting = (task) -> {
			tasks.incrementAndGet();
			decoders.execute(task);
		};
		ClientCompression limited = ClientCompression.builder(PlainOrigin.CODECS)
			.recorder(this.recorder)
			.maxDecodedSize(50_000)
			.build();
		WebClient client = webClient(new ClientCompressionExchangeFilter(limited, counting));
		assertThat(client.get()
			.uri(this.origin.uri("/payload/gzip/40000"))
			.exchangeToMono((response) -> response.bodyToMono(byte[].class))
			.block(TIMEOUT)).isEqualTo(Payloads.json(40_000));
		assertThat(tasks).hasValue(1);
		Throwable tooLarge = catchThrowable(() -> client.get()
			.uri(this.origin.uri("/payload/gzip/100000"))
			.retrieve()
			.bodyToMono(byte[].class)
			.block(TIMEOUT));
		assertThat(tooLarge).hasRootCauseInstanceOf(ResponseTooLargeException.class);
		assertThat(tasks).hasValue(2);
	}

	@Test
	void letsGoOfTheConnectionOfABodyWhoseDecoderWasRefused() {
		AtomicInteger tasks = new AtomicInteger();
		Executor decoders = Executors.newCachedThreadPool();
		Executor refusingTheFirst = (task) -> {
			if (tasks.getAndIncrement() == 0) {
				throw new RejectedExecutionException("refused for the test");
			}
			decoders.execute(task);
		};
		WebClient client = webClient(new ClientCompressionExchangeFilter(this.compression, refusingTheFirst));
		String payload = this.origin.uri("/payload/gzip/100000").toString();
		Throwable refused = catchThrowable(
				() -> client.get().uri(payload).retrieve().bodyToMono(byte[].class).block(TIMEOUT));
		assertThat(refused).hasRootCauseInstanceOf(RejectedExecutionException.class);
		assertThat(client.get().uri(payload).retrieve().bodyToMono(byte[].class).block(TIMEOUT))
			.isEqualTo(Payloads.json(100_000));
	}

	private WebClient webClient(ClientCompressionExchangeFilter filter) {
		return WebClient.builder()
			.clientConnector(new ReactorClientHttpConnector(HttpClient.create(this.oneConnection)))
			.filter(filter)
			.build();
	}

}
