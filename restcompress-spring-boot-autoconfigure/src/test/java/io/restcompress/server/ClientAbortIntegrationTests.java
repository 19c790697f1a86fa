package io.restcompress.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.http.HttpClient;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.restcompress.LzfCompressed;
import io.restcompress.server.LeavingHttp2Client.Leaving;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.context.annotation.Import;
import org.springframework.core.SpringProperties;
import org.springframework.core.io.InputStreamResource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * A client that goes away in the middle of a servlet response, encoded or not: a closed
 * connection, a reset HTTP/2 stream, while the handler writes or between the writes of an async
 * handler.
 * Shuts down at once: Tomcat may go on counting an async request whose HTTP/2 connection the
 * client closed as in progress.
 */
@SpringBootTest(classes = ClientAbortIntegrationTests.AbortApplication.class,
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "server.http2.enabled=true", "server.shutdown=immediate" })
class ClientAbortIntegrationTests extends AbstractClientAbortTests {

	/**
	 * Passes on the flushes of a {@code StreamingResponseBody}, as the sample app does: Spring
	 * Framework 7 drops them without this property.
	 */
	@BeforeAll
	static void passStreamingFlushesOn() {
		SpringProperties.setProperty(ServletServerHttpResponse.FLUSH_ENABLED_PROPERTY_NAME, "true");
	}

	@AfterAll
	static void restoreStreamingFlushes() {
		SpringProperties.setProperty(ServletServerHttpResponse.FLUSH_ENABLED_PROPERTY_NAME, null);
	}

	@ParameterizedTest(name = "{0} {1} {2}")
	@CsvSource({ "HTTP_2, gzip, /endless", "HTTP_2, zstd, /endless", "HTTP_2, lzf, /endless",
			"HTTP_1_1, gzip, /endless", "HTTP_1_1, zstd, /endless", "HTTP_1_1, gzip, /endless-stream",
			"HTTP_2, zstd, /endless-stream", "HTTP_2, lzf, /large-writes", "HTTP_1_1, lzf, /large-writes",
			"HTTP_2, gzip, /large-writes", "HTTP_2, gzip, /paced-stream", "HTTP_2, lzf, /paced-stream",
			"HTTP_1_1, lzf, /paced-stream", "HTTP_1_1, identity, /endless", "HTTP_2, identity, /endless-octets",
			"HTTP_1_1, identity, /large-writes", "HTTP_2, identity, /paced-stream" })
	void countsAClientThatWentAwayWithoutLoggingAnError(HttpClient.Version version, String coding, String path,
			CapturedOutput output) throws Exception {
		countsOneAbortedBody(coding, output, readingFirstBytes(version, path, coding));
	}

	@ParameterizedTest(name = "{0} {1} {2}")
	@CsvSource({ "RESET_STREAM, zstd, /paced-stream", "CLOSE_CONNECTION, gzip, /paced-stream",
			"CLOSE_CONNECTION, zstd, /paced-stream", "CLOSE_CONNECTION, lzf, /paced-stream",
			"RESET_STREAM, lzf, /large-writes", "CLOSE_CONNECTION, lzf, /large-writes",
			"RESET_STREAM, identity, /endless-octets", "CLOSE_CONNECTION, identity, /paced-stream",
			"RESET_STREAM, identity, /large-writes" })
	void countsAnHttp2ClientThatLeftWithoutLoggingAnError(Leaving leaving, String coding, String path,
			CapturedOutput output) throws Exception {
		countsOneAbortedBody(coding, output, leavingHttp2(leaving, path, coding));
	}

	@ParameterizedTest(name = "{0} {1}")
	@CsvSource({ "HTTP_1_1, gzip", "HTTP_2, zstd", "HTTP_2, lzf" })
	void countsACompletedStreamAsCompleteOnly(HttpClient.Version version, String coding) {
		countsACompletedBodyAsComplete(version, "/paced-stream?lines=70", coding);
	}

	@ParameterizedTest(name = "{0} {1} close={2}")
	@CsvSource({ "/octets-array, identity, false", "/octets-array, identity, true",
			"/paced-stream?lines=70, zstd, true", "/paced-stream?lines=70, identity, true",
			"/paced-stream?lines=70, gzip, false" })
	void countsAWholeResponseAsDelivered(String path, String coding, boolean connectionClose) throws Exception {
		countsAWholeHttp11ResponseAsDelivered(path, coding, connectionClose);
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ EndlessController.class, OctetsController.class, Meters.class })
	static class AbortApplication {

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

		/**
		 * Sends what {@code /endless} sends as {@code application/octet-stream}, a type that is
		 * never encoded.
		 */
		@GetMapping("/endless-octets")
		ResponseEntity<InputStreamResource> endlessOctets() {
			return ResponseEntity.ok()
				.contentType(MediaType.APPLICATION_OCTET_STREAM)
				.body(new InputStreamResource(body()));
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

		/**
		 * Declares 17 MB and writes them a megabyte at a time, as a message converter writes a
		 * {@code byte[]} body (lzf encodes writes that large straight from the caller's array),
		 * the writes after the first once the client went away.
		 */
		@GetMapping("/large-writes")
		void largeWrites(HttpServletResponse response) throws IOException {
			CountDownLatch gate = clientGone;
			SplittableRandom random = new SplittableRandom(7);
			response.setContentType(MediaType.APPLICATION_JSON_VALUE);
			response.setContentLengthLong(17L << 20);
			OutputStream output = response.getOutputStream();
			for (int i = 0; i < 17; i++) {
				if (i == 1) {
					awaitClientGone(gate);
				}
				output.write(TestPayloads.hex(random, 1 << 20));
			}
		}

		/**
		 * Streams lines of 1 KB from an async {@code StreamingResponseBody}, flushing each: 64
		 * at once, then, once the client went away, one every 10 ms, so that the client leaves
		 * between writes. Stops when interrupted, as the sample app's {@code /api/stream} does.
		 */
		@GetMapping("/paced-stream")
		ResponseEntity<StreamingResponseBody> pacedStream(@RequestParam(defaultValue = "1000") int lines) {
			CountDownLatch gate = clientGone;
			SplittableRandom random = new SplittableRandom(7);
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_NDJSON).body((output) -> {
				for (int i = 0; i < lines; i++) {
					if (i == 64 && !clientWentAway(gate)) {
						return;
					}
					if (i > 64 && !paused()) {
						return;
					}
					output.write(TestPayloads.hex(random, 1023));
					output.write('\n');
					output.flush();
				}
			});
		}

		private static boolean paused() {
			try {
				Thread.sleep(10);
				return true;
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
		}

		/**
		 * Waits until the test let its client go, or returns {@code false} when interrupted:
		 * Spring MVC interrupts an async handler whose client the container reports gone.
		 */
		private static boolean clientWentAway(CountDownLatch gate) throws IOException {
			try {
				awaitClientGone(gate);
				return true;
			}
			catch (InterruptedIOException ex) {
				return false;
			}
		}

		private static void awaitClientGone(CountDownLatch gate) throws IOException {
			try {
				if (!gate.await(30, TimeUnit.SECONDS)) {
					throw new IOException("the test never closed its response");
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new InterruptedIOException("interrupted while waiting for the client to go");
			}
		}

	}

}
