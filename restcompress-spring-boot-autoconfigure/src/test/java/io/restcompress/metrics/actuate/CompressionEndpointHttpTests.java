package io.restcompress.metrics.actuate;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.RejectReason;
import io.restcompress.metrics.Side;
import io.restcompress.metrics.SkipReason;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The endpoint and the Prometheus names over real HTTP. Outcomes are fed straight to the
 * recorder bean, as the server filter and the clients do; the tests that drive them with
 * compressed traffic belong to those components.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.endpoints.web.exposure.include=restcompress,prometheus",
				"restcompress.network.bandwidth=100Mbit",
				"management.metrics.distribution.percentiles-histogram.restcompress.codec.duration=true" })
class CompressionEndpointHttpTests {

	private static final long MB = 1_000_000;

	private static final long MS = 1_000_000;

	@LocalServerPort
	private int port;

	@Autowired
	private CompressionRecorder recorder;

	private final HttpClient client = HttpClient.newHttpClient();

	@Test
	void saysOverHttpWhetherEachCodingPays() throws Exception {
		// lzf: 250 MB/s encode, 500 MB/s decode, ratio 0.3: break-even 933.333 Mbit/s
		// gzip: 50 MB/s encode, 200 MB/s decode, ratio 0.2: break-even 256 Mbit/s
		for (int i = 0; i < 10; i++) {
			this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "lzf", 100 * MB, 30 * MB, 400 * MS);
			this.recorder.decoded(Side.SERVER, Direction.REQUEST, "lzf", 100 * MB, 30 * MB, 200 * MS);
			this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "gzip", 100 * MB, 20 * MB, 2_000 * MS);
			this.recorder.decoded(Side.SERVER, Direction.REQUEST, "gzip", 100 * MB, 20 * MB, 500 * MS);
		}
		this.recorder.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.BELOW_THRESHOLD);
		this.recorder.rejected(Side.SERVER, Direction.REQUEST, "unknown", RejectReason.UNSUPPORTED_CODING);
		HttpResponse<String> response = get("/actuator/restcompress");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("application/vnd.spring-boot.actuator.v3+json"));
		JsonNode report = JsonMapper.builder().build().readTree(response.body());
		assertThat(report.path("bandwidthMegabitsPerSecond").asDouble()).isEqualTo(100.0);
		JsonNode server = report.path("sides").path("server");
		JsonNode lzf = server.path("codings").path("lzf");
		assertThat(lzf.path("ratio").asDouble()).isEqualTo(0.3);
		assertThat(lzf.path("encode").path("megabytesPerSecond").asDouble()).isEqualTo(250.0);
		assertThat(lzf.path("codecSpeedBasis").asString()).isEqualTo("ROUND_TRIP");
		assertThat(lzf.path("breakEvenMegabitsPerSecond").asDouble()).isEqualTo(933.333);
		assertThat(lzf.path("verdict").asString()).isEqualTo("PAYS");
		assertThat(server.path("codings").path("gzip").path("verdict").asString()).isEqualTo("PAYS");
		JsonNode pair = server.path("pairs").path(0);
		assertThat(pair.path("faster").asString()).isEqualTo("lzf");
		assertThat(pair.path("fasterWinsAboveMegabitsPerSecond").asDouble()).isEqualTo(42.105);
		assertThat(pair.path("winner").asString()).isEqualTo("lzf");
		assertThat(server.path("skipped").path("below_threshold").asLong()).isEqualTo(1);
		assertThat(server.path("rejected").path("unsupported_coding").asLong()).isEqualTo(1);
		assertThat(report.path("sides").path("client").has("codings")).isTrue();
	}

	@Test
	void exposesTheDocumentedPrometheusSeries() throws Exception {
		this.recorder.encoded(Side.CLIENT, Direction.REQUEST, "deflate", 10_000, 2_000, 3 * MS);
		this.recorder.skipped(Side.CLIENT, Direction.REQUEST, SkipReason.NOT_ACCEPTABLE);
		HttpResponse<String> response = get("/actuator/prometheus");
		assertThat(response.statusCode()).isEqualTo(200);
		String tags = "coding=\"deflate\",direction=\"request\",operation=\"encode\",side=\"client\"";
		assertThat(response.body()).contains("restcompress_body_identity_size_bytes_sum{" + tags + "} 10000")
			.contains("restcompress_body_encoded_size_bytes_sum{" + tags + "} 2000")
			.contains("restcompress_codec_duration_seconds_count{" + tags + "} 1")
			.contains("restcompress_codec_duration_seconds_bucket{" + tags + ",le=\"0.003145726\"} 1")
			.contains("restcompress_skipped_bodies_total{coding=\"identity\",direction=\"request\","
					+ "reason=\"not_acceptable\",side=\"client\"} 1");
	}

	private HttpResponse<String> get(String path) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path)).build();
		return this.client.send(request, HttpResponse.BodyHandlers.ofString());
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class TestApplication {

	}

}
