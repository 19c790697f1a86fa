package io.restcompress.server;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.restcompress.decision.CodingOption;
import io.restcompress.decision.CompressionDecisions;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The adaptive decision over real HTTP: a peer on loopback gets identity, and a peer that a
 * link rule puts behind a slow link gets the strongest coding it accepts, and never one it
 * did not accept; the server learns how fast peers decode from the request bodies it decodes,
 * an adaptive client from the responses it decodes, on both server stacks.
 */
class AdaptiveDecisionIntegrationTests {

	/** More bodies than the decoder's JIT warm-up, which teaches nothing. */
	private static final int BODIES_TO_LEARN_FROM = 10;

	@Nested
	@SpringBootTest(classes = AdaptiveApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = "restcompress.server.decision=adaptive")
	class LoopbackPeer extends AbstractServerIntegrationTests {

		@Autowired
		MeterRegistry registry;

		@Test
		void sendsIdentityWithVaryToALocalPeer() {
			HttpResponse<byte[]> response = this.http.get("/large", "Accept-Encoding", "lzf, gzip, zstd");
			assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
			assertThat(header(response, "Vary")).isEqualTo("Accept-Encoding");
			assertThat(response.body()).isEqualTo(TestEndpoints.LARGE);
			awaitIncrease(() -> decisions("local", "identity", "fast_link"), 0);
			assertThat(this.registry.find("restcompress.skipped").tag("reason", "adaptive").counter()).isNotNull();
		}

		private double decisions(String link, String choice, String reason) {
			var counter = this.registry.find("restcompress.decisions")
				.tags("side", "server", "direction", "response", "link", link, "choice", choice, "reason", reason)
				.counter();
			return (counter != null) ? counter.count() : 0;
		}

	}

	@Nested
	@SpringBootTest(classes = AdaptiveApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "restcompress.server.decision=adaptive", "restcompress.network.links[0].name=slow",
					"restcompress.network.links[0].addresses=loopback", "restcompress.network.links[0].bandwidth=10Mbit",
					"restcompress.server.encodings=lzf,gzip,deflate,zstd,br", "restcompress.decision.explore=false",
					"management.endpoints.web.exposure.include=restcompress" })
	class SlowPeer extends AbstractServerIntegrationTests {

		@ParameterizedTest(name = "Accept-Encoding: {0} -> {1}")
		@CsvSource({ "'lzf, gzip, deflate, zstd, br', zstd", "'lzf, gzip', gzip", "lzf, lzf", "'gzip;q=0, lzf', lzf",
				"identity, identity" })
		void sendsTheStrongestAcceptedCodingOverASlowLink(String acceptEncoding, String coding) {
			HttpResponse<byte[]> response = this.http.get("/large", "Accept-Encoding", acceptEncoding);
			assertThat(response.headers().firstValue("Content-Encoding").orElse("identity")).isEqualTo(coding);
			byte[] body = coding.equals("identity") ? response.body() : HttpTestClient.decode(coding, response.body());
			assertThat(body).isEqualTo(TestEndpoints.LARGE);
		}

		@Autowired
		CompressionDecisions decisions;

		@Test
		void learnsHowFastPeersDecodeFromTheRequestBodiesItDecodes() {
			postsZstdBodiesAndLearnsTheirDecoderSpeed(this.http, this.decisions);
		}

		@Test
		void reportsPerLinkWhatItChoosesAndWhy() {
			this.http.get("/large", "Accept-Encoding", "lzf, gzip");
			String report = new String(this.http.get("/actuator/restcompress").body(), StandardCharsets.UTF_8);
			assertThat(report).contains("\"decisions\"")
				.contains("\"slow\":{\"bandwidthMegabitsPerSecond\":10.0")
				.contains("\"local\":{\"referenceChoice\":\"identity\"")
				.contains("\"referenceReason\":\"fast_link\"")
				.contains("\"chosen\":{\"server\":{\"gzip:6\":{\"fastest\":");
		}

	}

	@Nested
	@SpringBootTest(classes = AdaptiveApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "restcompress.client.decision=adaptive", "restcompress.client.accept-encodings=zstd" })
	class AdaptiveClient extends AbstractServerIntegrationTests {

		@Autowired
		CompressionDecisions decisions;

		@Autowired
		RestClient.Builder builder;

		@Test
		void learnsHowFastPeersDecodeFromTheResponsesItDecodes() {
			double seeded = zstdDecoderNanosPerByte(this.decisions);
			RestClient client = this.builder.baseUrl("http://localhost:" + this.port).build();
			for (int i = 0; i < BODIES_TO_LEARN_FROM; i++) {
				ResponseEntity<byte[]> response = client.get().uri("/large").retrieve().toEntity(byte[].class);
				assertThat(response.getBody()).isEqualTo(TestEndpoints.LARGE);
			}
			assertThat(zstdDecoderNanosPerByte(this.decisions)).isNotEqualTo(seeded);
		}

	}

	@Nested
	@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "spring.main.web-application-type=reactive", "restcompress.server.decision=adaptive" })
	class ReactiveServer extends AbstractServerIntegrationTests {

		@Autowired
		CompressionDecisions decisions;

		@Test
		void sendsIdentityWithVaryToALocalPeer() {
			HttpResponse<byte[]> response = this.http.get("/unknown-length/100000", "Accept-Encoding",
					"lzf, gzip, zstd");
			assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
			assertThat(header(response, "Vary")).isEqualTo("Accept-Encoding");
			assertThat(response.body()).isEqualTo(TestPayloads.json(100_000));
		}

		@Test
		void learnsHowFastPeersDecodeFromTheRequestBodiesItDecodes() {
			postsZstdBodiesAndLearnsTheirDecoderSpeed(this.http, this.decisions);
		}

	}

	@Nested
	@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "spring.main.web-application-type=reactive", "restcompress.server.decision=adaptive",
					"restcompress.network.links[0].name=slow", "restcompress.network.links[0].addresses=loopback",
					"restcompress.network.links[0].bandwidth=10Mbit",
					"restcompress.server.encodings=lzf,gzip,deflate,zstd,br", "restcompress.decision.explore=false" })
	class ReactiveSlowPeer extends AbstractServerIntegrationTests {

		@ParameterizedTest(name = "{0}, Accept-Encoding: {1} -> {2}")
		@CsvSource({ "known-length, 'lzf, gzip, deflate, zstd, br', zstd", "known-length, 'lzf, gzip', gzip",
				"known-length, lzf, lzf", "known-length, 'gzip;q=0, lzf', lzf", "known-length, identity, identity",
				"unknown-length, 'lzf, gzip, deflate, zstd, br', zstd", "unknown-length, 'lzf, gzip', gzip",
				"unknown-length, identity, identity" })
		void sendsTheStrongestAcceptedCodingOverASlowLink(String length, String acceptEncoding, String coding) {
			HttpResponse<byte[]> response = this.http.get("/" + length + "/100000", "Accept-Encoding", acceptEncoding);
			assertThat(response.headers().firstValue("Content-Encoding").orElse("identity")).isEqualTo(coding);
			assertThat(header(response, "Vary")).isEqualTo("Accept-Encoding");
			byte[] body = coding.equals("identity") ? response.body() : HttpTestClient.decode(coding, response.body());
			assertThat(body).isEqualTo(TestPayloads.json(100_000));
		}

	}

	private static void postsZstdBodiesAndLearnsTheirDecoderSpeed(HttpTestClient http,
			CompressionDecisions decisions) {
		double seeded = zstdDecoderNanosPerByte(decisions);
		byte[] encoded = HttpTestClient.encode("zstd", TestEndpoints.LARGE);
		for (int i = 0; i < BODIES_TO_LEARN_FROM; i++) {
			HttpResponse<byte[]> response = http.post("/echo", encoded, "Content-Encoding", "zstd", "Content-Type",
					"application/json", "Accept-Encoding", "identity");
			assertThat(response.body()).isEqualTo(TestEndpoints.LARGE);
		}
		AbstractServerIntegrationTests.awaitIncrease(() -> Math.abs(zstdDecoderNanosPerByte(decisions) - seeded), 0);
	}

	private static double zstdDecoderNanosPerByte(CompressionDecisions decisions) {
		return decisions.policy().performance().estimate(CodingOption.parse("zstd:1"), null).decodeNanosPerByte();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(TestEndpoints.Compressed.class)
	static class AdaptiveApplication {

		@Bean
		MeterRegistry meterRegistry() {
			return new SimpleMeterRegistry();
		}

	}

}
