package io.restcompress.server;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What the auto-configured {@link RestClient} records in the meter registry, calling this
 * project's own server over real HTTP.
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ClientMetricsIntegrationTests extends AbstractServerIntegrationTests {

	@Autowired
	MeterRegistry registry;

	@Autowired
	RestClient.Builder builder;

	RestClient client;

	@BeforeEach
	void restClient() {
		this.client = this.builder.baseUrl("http://localhost:" + this.port).build();
	}

	@Test
	void recordsDecodedResponses() {
		double before = bodies("response", "lzf", "decode");
		byte[] body = this.client.get().uri("/large").retrieve().body(byte[].class);
		assertThat(body).isEqualTo(TestEndpoints.LARGE);
		assertThat(bodies("response", "lzf", "decode")).isEqualTo(before + 1);
	}

	@Test
	void recordsCompressedRequestsOnceTheServerAdvertisedItsCodings() {
		byte[] body = TestPayloads.json(20_000);
		this.client.get().uri("/plain/get").retrieve().toBodilessEntity();
		double before = bodies("request", "lzf", "encode");
		byte[] echoed = this.client.post().uri("/echo").contentType(MediaType.APPLICATION_JSON).body(body)
			.retrieve().body(byte[].class);
		assertThat(echoed).isEqualTo(body);
		assertThat(bodies("request", "lzf", "encode")).isEqualTo(before + 1);
	}

	@Test
	void recordsRequestBodiesBelowTheThreshold() {
		double before = counter("restcompress.skipped", "reason", "below_threshold", "direction", "request");
		this.client.post().uri("/echo").contentType(MediaType.APPLICATION_JSON).body("{}".getBytes())
			.retrieve().toBodilessEntity();
		assertThat(counter("restcompress.skipped", "reason", "below_threshold", "direction", "request"))
			.isEqualTo(before + 1);
	}

	@Test
	void recordsCorruptResponses() {
		double before = counter("restcompress.rejected", "reason", "corrupt", "coding", "br");
		assertThatExceptionOfType(RestClientException.class)
			.isThrownBy(() -> this.client.get().uri("/pre-encoded").retrieve().body(byte[].class));
		awaitIncrease(() -> counter("restcompress.rejected", "reason", "corrupt", "coding", "br"), before);
	}

	private double bodies(String direction, String coding, String operation) {
		DistributionSummary summary = this.registry.find("restcompress.body.identity.size")
			.tags("side", "client", "direction", direction, "coding", coding, "operation", operation)
			.summary();
		return (summary != null) ? summary.count() : 0;
	}

	private double counter(String name, String... tags) {
		Counter counter = this.registry.find(name).tags("side", "client").tags(tags).counter();
		return (counter != null) ? counter.count() : 0;
	}

}
