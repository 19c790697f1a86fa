package io.restcompress.sample;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.restcompress.codec.ContentCodecs;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code /api/stream} streams in every coding: the first line arrives, decoded, while the
 * handler is still held after writing it.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SampleStreamTests {

	@LocalServerPort
	int port;

	@Autowired
	ContentCodecs codecs;

	@Autowired
	HeldStream stream;

	final HttpClient client = HttpClient.newHttpClient();

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "lz4", "gzip", "zstd", "br", "deflate", "identity" })
	void sendsTheFirstLineWhileTheHandlerIsStillWriting(String coding) throws Exception {
		CountDownLatch release = this.stream.hold();
		try {
			HttpResponse<InputStream> response = this.client.send(
					HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/api/stream"))
						.header("Accept-Encoding", coding)
						.build(),
					HttpResponse.BodyHandlers.ofInputStream());
			assertThat(response.statusCode()).isEqualTo(200);
			boolean identity = coding.equals("identity");
			assertThat(response.headers().firstValue("Content-Encoding"))
				.isEqualTo(identity ? Optional.empty() : Optional.of(coding));
			try (InputStream lines = identity ? response.body()
					: this.codecs.find(coding).orElseThrow().decoder(response.body())) {
				String first = readLine(lines);
				assertThat(first).startsWith("{\"id\":");
				assertThat(this.stream.pastFirstLine).as("the handler went on after the first line").isFalse();
				release.countDown();
				String rest = new String(lines.readAllBytes(), StandardCharsets.UTF_8);
				assertThat(rest.lines()).hasSize(39).allMatch((line) -> line.startsWith("{\"id\":"));
			}
		}
		finally {
			release.countDown();
		}
	}

	private static String readLine(InputStream in) throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream();
		for (int b = in.read(); b != '\n'; b = in.read()) {
			assertThat(b).as("end of the body before the first line ended").isNotEqualTo(-1);
			line.write(b);
		}
		return line.toString(StandardCharsets.UTF_8);
	}

	/**
	 * Holds the handler after its first line until the test releases it; the other lines
	 * follow without a pause.
	 */
	static final class HeldStream implements StreamPacing {

		private volatile CountDownLatch release = new CountDownLatch(0);

		volatile boolean pastFirstLine;

		CountDownLatch hold() {
			this.pastFirstLine = false;
			this.release = new CountDownLatch(1);
			return this.release;
		}

		@Override
		public void afterLine(int line) throws InterruptedException {
			if (line == 0) {
				try {
					this.release.await(30, TimeUnit.SECONDS);
				}
				finally {
					this.pastFirstLine = true;
				}
			}
		}

	}

	@TestConfiguration(proxyBeanMethods = false)
	static class HeldStreamConfiguration {

		@Bean
		@Primary
		HeldStream heldStream() {
			return new HeldStream();
		}

	}

}
