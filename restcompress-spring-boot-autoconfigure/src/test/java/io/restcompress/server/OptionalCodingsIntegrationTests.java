package io.restcompress.server;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The optional codings (zstd, br, lz4) on responses with the default preference order, over
 * real HTTP.
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class OptionalCodingsIntegrationTests extends AbstractServerIntegrationTests {

	@ParameterizedTest(name = "Accept-Encoding: {0} -> {1}")
	@CsvSource(delimiter = '|', value = { "zstd|zstd", "br|br", "lz4|lz4", "*|gzip", "deflate, gzip, br, zstd|gzip",
			"zstd, br|zstd", "br, deflate|br", "zstd, gzip;q=0.9|zstd", "lzf, lz4, zstd|lzf", "lz4, zstd|lz4",
			"gzip;q=0, *|zstd", "lz4, *|lz4" })
	void negotiatesAmongEveryAvailableCoding(String acceptEncoding, String expected) {
		HttpResponse<byte[]> response = this.http.get("/large", "Accept-Encoding", acceptEncoding);
		assertThat(header(response, "Content-Encoding")).isEqualTo(expected);
		assertThat(HttpTestClient.decode(expected, response.body())).isEqualTo(TestEndpoints.LARGE);
	}

	@ParameterizedTest
	@ValueSource(strings = { "zstd", "br", "lz4" })
	void flushesEachServerSentEventAsDecodableBytes(String coding) throws IOException {
		CountDownLatch gate = new CountDownLatch(1);
		TestEndpoints.streamGate = gate;
		HttpResponse<InputStream> response = this.http.stream("/sse", "Accept-Encoding", coding);
		assertThat(header(response, "Content-Encoding")).isEqualTo(coding);
		try (InputStream events = HttpTestClient.codec(coding).decoder(response.body())) {
			assertThat(readUntil(events, "\n\n")).contains("data:one");
			gate.countDown();
			assertThat(new String(events.readAllBytes(), StandardCharsets.UTF_8)).contains("data:two");
		}
	}

}
