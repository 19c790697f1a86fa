package io.restcompress.server;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.restcompress.LzfCompressed;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.InputStreamResource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A client that goes away in the middle of an encoded response (a reset HTTP/2 stream, a
 * closed HTTP/1.1 connection) is counted as {@code client_abort} and logged at debug level
 * only, not as a server error.
 */
@SpringBootTest(classes = ClientAbortIntegrationTests.AbortApplication.class,
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "server.http2.enabled=true")
@ExtendWith(OutputCaptureExtension.class)
class ClientAbortIntegrationTests extends AbstractServerIntegrationTests {

	static volatile CountDownLatch clientGone = new CountDownLatch(1);

	@Autowired
	MeterRegistry registry;

	@ParameterizedTest(name = "{0} {1} {2}")
	@CsvSource({ "HTTP_2, gzip, /endless", "HTTP_2, zstd, /endless", "HTTP_2, lzf, /endless",
			"HTTP_1_1, gzip, /endless", "HTTP_1_1, zstd, /endless", "HTTP_1_1, gzip, /endless-stream",
			"HTTP_2, zstd, /endless-stream" })
	void countsAClientThatWentAwayWithoutLoggingAnError(HttpClient.Version version, String coding, String path,
			CapturedOutput output) throws Exception {
		clientGone = new CountDownLatch(1);
		double before = aborted(coding);
		double completedBefore = completed(coding);
		HttpClient client = HttpClient.newBuilder().version(version).build();
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path))
			.header("Accept-Encoding", coding)
			.build();
		HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
		assertThat(response.version()).isEqualTo(version);
		assertThat(header(response, "Content-Encoding")).isEqualTo(coding);
		try (InputStream body = response.body()) {
			assertThat(body.readNBytes(8192)).hasSize(8192);
		}
		clientGone.countDown();
		awaitIncrease(() -> aborted(coding), before);
		assertThat(completed(coding)).as("bodies recorded as complete").isEqualTo(completedBefore);
		assertThat(output.getAll()).doesNotContain(" ERROR ").doesNotContain("may not be written");
	}

	private double completed(String coding) {
		DistributionSummary summary = this.registry.find("restcompress.body.identity.size")
			.tags("side", "server", "direction", "response", "coding", coding)
			.summary();
		return (summary != null) ? summary.count() : 0;
	}

	private double aborted(String coding) {
		Counter counter = this.registry.find("restcompress.aborted")
			.tags("side", "server", "direction", "response", "coding", coding, "reason", "client_abort")
			.counter();
		return (counter != null) ? counter.count() : 0;
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(EndlessController.class)
	static class AbortApplication {

		@Bean
		MeterRegistry meterRegistry() {
			return new SimpleMeterRegistry();
		}

	}

	@RestController
	@LzfCompressed
	static class EndlessController {

		/**
		 * Sends 1 MB of barely compressible JSON, waits until the client went away, then up to
		 * 256 MB more, which the server cannot deliver.
		 */
		@GetMapping("/endless")
		ResponseEntity<InputStreamResource> endless() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(new InputStreamResource(body()));
		}

		private static InputStream body() {
			CountDownLatch gate = clientGone;
			return new InputStream() {

				private final SplittableRandom random = new SplittableRandom(7);

				private long position;

				@Override
				public int read() throws IOException {
					if (this.position == 1 << 20) {
						awaitClientGone(gate);
					}
					if (this.position >= 257L << 20) {
						return -1;
					}
					this.position++;
					return "0123456789abcdef".charAt(this.random.nextInt(16));
				}

				@Override
				public int read(byte[] bytes, int offset, int length) throws IOException {
					int n = 0;
					while (n < Math.min(length, 8192)) {
						int b = read();
						if (b == -1) {
							return (n > 0) ? n : -1;
						}
						bytes[offset + n++] = (byte) b;
					}
					return n;
				}

			};
		}

		/**
		 * Streams as {@code /endless} does, from an async {@code StreamingResponseBody}, whose
		 * failed write Spring MVC hands to an async dispatch.
		 */
		@GetMapping("/endless-stream")
		ResponseEntity<StreamingResponseBody> endlessStream() {
			InputStream body = body();
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body((output) -> {
				byte[] chunk = new byte[8192];
				int n;
				while ((n = body.read(chunk)) != -1) {
					output.write(chunk, 0, n);
				}
			});
		}

		private static void awaitClientGone(CountDownLatch gate) throws IOException {
			try {
				if (!gate.await(30, TimeUnit.SECONDS)) {
					throw new IOException("the test never closed its response");
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IOException(ex);
			}
		}

	}

}
