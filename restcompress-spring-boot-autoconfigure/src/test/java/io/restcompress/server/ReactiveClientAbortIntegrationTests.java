package io.restcompress.server;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import io.restcompress.LzfCompressed;
import io.restcompress.internal.reactive.LeakRecordingDetector;
import io.restcompress.server.LeavingHttp2Client.Leaving;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.WebFilter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A client that goes away in the middle of a response on WebFlux and Reactor Netty, encoded or
 * not: a closed connection, a reset HTTP/2 stream, in a stream of lines, in a large body that is
 * still being produced, and in one whose last bytes the server has produced but not yet sent.
 */
@SpringBootTest(classes = ReactiveClientAbortIntegrationTests.AbortApplication.class,
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.main.web-application-type=reactive", "server.http2.enabled=true" })
class ReactiveClientAbortIntegrationTests extends AbstractClientAbortTests {

	static final AtomicInteger timedOut = new AtomicInteger();

	@AfterAll
	static void releasedEveryBuffer() {
		LeakRecordingDetector.assertNoLeaks();
	}

	@ParameterizedTest(name = "{0} {1} {2}")
	@CsvSource({ "HTTP_1_1, gzip, /stream", "HTTP_1_1, zstd, /stream", "HTTP_1_1, lzf, /stream",
			"HTTP_2, gzip, /stream", "HTTP_1_1, gzip, /large", "HTTP_1_1, lzf, /large", "HTTP_2, zstd, /large",
			"HTTP_1_1, lzf, /large-array", "HTTP_1_1, gzip, /large-array", "HTTP_1_1, identity, /stream",
			"HTTP_1_1, identity, /large", "HTTP_1_1, identity, /large-array", "HTTP_1_1, identity, /large-octets" })
	void countsAClientThatWentAwayWithoutLoggingAnError(HttpClient.Version version, String coding, String path,
			CapturedOutput output) throws Exception {
		countsOneAbortedBody(coding, output, readingFirstBytes(version, path, coding));
	}

	@ParameterizedTest(name = "{0} {1} {2}")
	@CsvSource({ "RESET_STREAM, gzip, /stream", "CLOSE_CONNECTION, zstd, /stream", "RESET_STREAM, lzf, /large",
			"CLOSE_CONNECTION, gzip, /large", "RESET_STREAM, zstd, /large-array",
			"CLOSE_CONNECTION, lzf, /large-array", "RESET_STREAM, identity, /stream",
			"CLOSE_CONNECTION, identity, /large", "RESET_STREAM, identity, /large-array",
			"CLOSE_CONNECTION, identity, /large-octets" })
	void countsAnHttp2ClientThatLeftWithoutLoggingAnError(Leaving leaving, String coding, String path,
			CapturedOutput output) throws Exception {
		countsOneAbortedBody(coding, output, leavingHttp2(leaving, path, coding));
	}

	@ParameterizedTest(name = "{0} {1}")
	@CsvSource({ "HTTP_1_1, gzip", "HTTP_2, zstd", "HTTP_2, lzf" })
	void countsACompletedStreamAsCompleteOnly(HttpClient.Version version, String coding) {
		countsACompletedBodyAsComplete(version, "/stream?lines=70", coding);
	}

	@ParameterizedTest(name = "{0} {1}")
	@CsvSource({ "HTTP_1_1, gzip", "HTTP_1_1, lzf", "HTTP_2, zstd" })
	void countsACompletedLargeBodyAsCompleteOnly(HttpClient.Version version, String coding) {
		countsACompletedBodyAsComplete(version, "/large-array", coding);
	}

	@ParameterizedTest(name = "{0} {1}")
	@CsvSource({ "HTTP_1_1, gzip", "HTTP_2, zstd", "HTTP_1_1, identity" })
	void doesNotCountABodyThatTheApplicationCancelledAsAborted(HttpClient.Version version, String coding)
			throws Exception {
		clientGone = new CountDownLatch(1);
		int timedOutBefore = timedOut.get();
		double abortedBefore = aborted(coding);
		double completedBefore = completed(coding);
		HttpClient client = HttpClient.newBuilder().version(version).build();
		URI timingOut = URI.create("http://localhost:" + this.port + "/stream?timeout=300");
		HttpRequest request = HttpRequest.newBuilder(timingOut).header("Accept-Encoding", coding).build();
		try {
			HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
			assertThat(response.version()).isEqualTo(version);
			try (InputStream body = response.body()) {
				body.readAllBytes();
			}
		}
		catch (IOException ex) {
			// the server ends the response it timed out without its last chunk
		}
		finally {
			clientGone.countDown();
		}
		assertThat(timedOut.get()).as("responses the application timed out").isEqualTo(timedOutBefore + 1);
		assertThat(aborted(coding)).as("bodies recorded as aborted").isEqualTo(abortedBefore);
		if (contentEncoding(coding) != null) {
			assertThat(completed(coding)).as("bodies recorded as complete").isEqualTo(completedBefore);
		}
	}

	@ParameterizedTest(name = "{0} {1} close={2}")
	@CsvSource({ "/octets-array, identity, false", "/octets-array, identity, true", "/large-array, gzip, true",
			"/stream?lines=70, zstd, true", "/stream?lines=70, identity, true", "/large-array, identity, false" })
	void countsAWholeResponseAsDelivered(String path, String coding, boolean connectionClose) throws Exception {
		countsAWholeHttp11ResponseAsDelivered(path, coding, connectionClose);
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ EndlessController.class, OctetsController.class, Meters.class })
	static class AbortApplication {

		/**
		 * Gives up on a request after {@code ?timeout} milliseconds, cancelling its response.
		 */
		@Bean
		WebFilter timingOut() {
			return (exchange, chain) -> {
				String timeout = exchange.getRequest().getQueryParams().getFirst("timeout");
				if (timeout == null) {
					return chain.filter(exchange);
				}
				return chain.filter(exchange)
					.timeout(Duration.ofMillis(Long.parseLong(timeout)))
					.doOnError(TimeoutException.class, (ex) -> timedOut.incrementAndGet());
			};
		}

	}

	@RestController
	@LzfCompressed
	static class EndlessController {

		/**
		 * Streams lines of about 1 KB: 64 at once, then, once the client went away, one every
		 * 10 ms.
		 */
		@GetMapping(path = "/stream", produces = MediaType.APPLICATION_NDJSON_VALUE)
		Flux<Line> stream(@RequestParam(defaultValue = "1000") int lines) {
			Mono<Void> gone = clientGone();
			SplittableRandom random = new SplittableRandom(7);
			return Flux.range(0, 64)
				.concatWith(gone.thenMany(Flux.interval(Duration.ofMillis(10)).map(Long::intValue)))
				.take(lines)
				.map((i) -> new Line(i, new String(TestPayloads.hex(random, 1000))));
		}

		/**
		 * Sends 16 MB of barely compressible text in buffers of 1 MB, all but the first once the
		 * client went away.
		 */
		@GetMapping("/large")
		ResponseEntity<Flux<DataBuffer>> large() {
			Mono<Void> gone = clientGone();
			SplittableRandom random = new SplittableRandom(7);
			Flux<DataBuffer> body = Flux.range(0, 16)
				.concatMap((i) -> ((i == 1) ? gone : Mono.<Void>empty())
					.then(Mono.fromSupplier(() -> megabyte(random))));
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
		}

		/**
		 * Sends what {@code /large} sends as {@code application/octet-stream}, a type that is
		 * never encoded.
		 */
		@GetMapping("/large-octets")
		ResponseEntity<Flux<DataBuffer>> largeOctets() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_OCTET_STREAM).body(large().getBody());
		}

		/**
		 * Sends 24 MB of barely compressible text as one {@code byte[]}: the server has encoded
		 * the whole body long before it has written it.
		 */
		@GetMapping("/large-array")
		ResponseEntity<byte[]> largeArray() {
			return ResponseEntity.ok()
				.contentType(MediaType.APPLICATION_JSON)
				.body(TestPayloads.hex(new SplittableRandom(7), 24 << 20));
		}

		private static DataBuffer megabyte(SplittableRandom random) {
			return DefaultDataBufferFactory.sharedInstance.wrap(TestPayloads.hex(random, 1 << 20));
		}

		private static Mono<Void> clientGone() {
			CountDownLatch gate = clientGone;
			return Mono.fromCallable(() -> gate.await(30, TimeUnit.SECONDS))
				.subscribeOn(Schedulers.boundedElastic())
				.then();
		}

	}

	record Line(int index, String text) {
	}

}
