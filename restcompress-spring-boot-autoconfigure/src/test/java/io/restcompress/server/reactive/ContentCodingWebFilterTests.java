package io.restcompress.server.reactive;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;

import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.GzipCodec;
import io.restcompress.internal.reactive.DecoderThreads;
import io.restcompress.internal.server.ResponseEncodingRules;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.server.CompressionMode;
import io.restcompress.server.ServerCompressionSettings;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.util.MimeType;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Tests for {@link ContentCodingWebFilter}.
 */
class ContentCodingWebFilterTests {

	private final ContentCodingWebFilter filter = filter();

	@Test
	void answersABodyNoDecoderThreadCanTakeWithServiceUnavailable() throws Exception {
		RejectedExecutionException busy = busyPool();
		MockServerWebExchange exchange = MockServerWebExchange
			.from(MockServerHttpRequest.post("/api/echo").header(HttpHeaders.CONTENT_ENCODING, "gzip"));
		this.filter.filter(exchange, (filtered) -> Mono.error(new IllegalStateException("reading failed", busy)))
			.block();
		assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
		assertThat(exchange.getResponse().getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("1");
		assertThat(exchange.getResponse().getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
		assertThat(exchange.getResponse().getBodyAsString().block()).contains("\"status\":503")
			.contains("\"coding\":\"gzip\"")
			.contains("threads are busy");
	}

	@Test
	void passesOtherFailuresOn() {
		MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/api/ping"));
		IllegalStateException failure = new IllegalStateException("the application's own");
		assertThat(catchThrowableOfType(IllegalStateException.class,
				() -> this.filter.filter(exchange, (filtered) -> Mono.error(failure)).block()))
			.isSameAs(failure);
	}

	private static RejectedExecutionException busyPool() throws InterruptedException {
		DecoderThreads pool = new DecoderThreads("test-decoder", 1, 1);
		CountDownLatch release = new CountDownLatch(1);
		try {
			pool.execute(() -> {
				try {
					release.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			});
			pool.execute(() -> {
			});
			RejectedExecutionException busy = catchThrowableOfType(RejectedExecutionException.class,
					() -> pool.execute(() -> {
					}));
			assertThat(busy).isInstanceOf(DecoderThreads.Busy.class);
			return busy;
		}
		finally {
			release.countDown();
			pool.shutdown();
		}
	}

	private static ContentCodingWebFilter filter() {
		ContentCodecs codecs = ContentCodecs.of(new GzipCodec(1));
		ServerCompressionSettings settings = new ServerCompressionSettings(codecs, codecs.all(), CompressionMode.ALL,
				4500, List.of(MimeType.valueOf("application/json")), List.of(), true, 16 * 1024 * 1024, 2, true);
		return new ContentCodingWebFilter(settings, CompressionRecorder.NONE, new ResponseEncodingRules(settings));
	}

}
