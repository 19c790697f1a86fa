package io.restcompress.client;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.restcompress.codec.ContentTimeoutException;
import org.junit.jupiter.api.Test;
import reactor.netty.http.client.HttpClient;

import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A WebClient whose origin stops sending an encoded response body part-way: with an idle
 * timeout the decoder gives up and frees its thread, without one it waits.
 */
class WebClientIdleTimeoutTests extends PlainOriginTests {

	private final ClientCompression compression = ClientCompression.builder(PlainOrigin.CODECS)
		.recorder(this.recorder)
		.build();

	@Test
	void failsABodyThatStopsArrivingOnceTheIdleTimeoutPasses() throws Exception {
		CountDownLatch stalled = new CountDownLatch(1);
		serveStalling(stalled);
		try {
			Throwable failure = catchThrowable(() -> webClient(Duration.ofMillis(300)).get()
				.uri(this.origin.uri("/stalling"))
				.retrieve()
				.bodyToMono(byte[].class)
				.block(Duration.ofSeconds(30)));
			assertThat(failure).hasRootCauseInstanceOf(ContentTimeoutException.class);
			assertThat(this.recorder.events).contains("rejected CLIENT RESPONSE gzip TIMEOUT");
		}
		finally {
			stalled.countDown();
		}
	}

	@Test
	void waitsForABodyThatPausesWithoutAnIdleTimeout() throws Exception {
		CountDownLatch stalled = new CountDownLatch(1);
		serveStalling(stalled);
		Executors.newSingleThreadScheduledExecutor().schedule(stalled::countDown, 1, TimeUnit.SECONDS);
		byte[] body = webClient(Duration.ZERO).get()
			.uri(this.origin.uri("/stalling"))
			.retrieve()
			.bodyToMono(byte[].class)
			.block(Duration.ofSeconds(30));
		assertThat(body).isEqualTo(Payloads.json(100_000));
	}

	/**
	 * Serves 100 KB of JSON in gzip: the first half of the encoded body at once, the rest once
	 * {@code stalled} opens.
	 */
	private void serveStalling(CountDownLatch stalled) throws IOException {
		byte[] encoded = PlainOrigin.encode("gzip", Payloads.json(100_000));
		this.origin.handle("/stalling", (exchange, body) -> {
			exchange.getResponseHeaders().set("Content-Encoding", "gzip");
			exchange.getResponseHeaders().set("Content-Type", "application/json");
			exchange.sendResponseHeaders(200, 0);
			try (OutputStream output = exchange.getResponseBody()) {
				output.write(encoded, 0, encoded.length / 2);
				output.flush();
				if (stalled.await(60, TimeUnit.SECONDS)) {
					output.write(Arrays.copyOfRange(encoded, encoded.length / 2, encoded.length));
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
	}

	private WebClient webClient(Duration idleTimeout) {
		return WebClient.builder()
			.clientConnector(new ReactorClientHttpConnector(HttpClient.create()))
			.filter(new ClientCompressionExchangeFilter(this.compression, Executors.newCachedThreadPool(), idleTimeout))
			.build();
	}

}
