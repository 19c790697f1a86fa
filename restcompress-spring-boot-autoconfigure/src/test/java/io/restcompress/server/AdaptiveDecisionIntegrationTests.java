package io.restcompress.server;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
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

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The adaptive decision over real HTTP: a peer on loopback gets identity, and a peer that a
 * link rule puts behind a slow link gets the strongest coding it accepts, and never one it
 * did not accept.
 */
class AdaptiveDecisionIntegrationTests {

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
