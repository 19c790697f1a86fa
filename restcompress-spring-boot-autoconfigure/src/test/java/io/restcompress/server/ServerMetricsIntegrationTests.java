package io.restcompress.server;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the server records for every outcome, checked in the meter registry after real HTTP
 * traffic.
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.endpoints.web.exposure.include=restcompress",
				"restcompress.server.request.max-decoded-size=1MB" })
class ServerMetricsIntegrationTests extends AbstractServerIntegrationTests {

	@Autowired
	MeterRegistry registry;

	@Test
	void recordsEncodedResponsesWithTheirSizesAndCodecTime() {
		double bodies = summaryCount("restcompress.body.identity.size", "response", "lzf", "encode");
		double identity = summaryTotal("restcompress.body.identity.size", "response", "lzf", "encode");
		double encoded = summaryTotal("restcompress.body.encoded.size", "response", "lzf", "encode");
		HttpResponse<byte[]> response = this.http.get("/large", "Accept-Encoding", "lzf");
		awaitIncrease(() -> summaryCount("restcompress.body.identity.size", "response", "lzf", "encode"), bodies);
		assertThat(summaryTotal("restcompress.body.identity.size", "response", "lzf", "encode") - identity)
			.isEqualTo(TestEndpoints.LARGE.length);
		assertThat(summaryTotal("restcompress.body.encoded.size", "response", "lzf", "encode") - encoded)
			.isEqualTo(response.body().length);
		Timer timer = this.registry.find("restcompress.codec.duration")
			.tags("side", "server", "direction", "response", "coding", "lzf")
			.timer();
		assertThat(timer).isNotNull();
		assertThat(timer.count()).isPositive();
	}

	@Test
	void recordsDecodedRequestBodies() {
		byte[] body = TestPayloads.json(40_000);
		double bodies = summaryCount("restcompress.body.identity.size", "request", "gzip", "decode");
		double identity = summaryTotal("restcompress.body.identity.size", "request", "gzip", "decode");
		this.http.post("/plain/echo", HttpTestClient.encode("gzip", body), "Content-Encoding", "gzip");
		awaitIncrease(() -> summaryCount("restcompress.body.identity.size", "request", "gzip", "decode"), bodies);
		assertThat(summaryTotal("restcompress.body.identity.size", "request", "gzip", "decode") - identity)
			.isEqualTo(body.length);
	}

	@ParameterizedTest(name = "{1} {0} -> {3}")
	@CsvSource({ "/known-length/100, GET, lzf, below_threshold", "/large, GET, '', not_acceptable",
			"/large, GET, 'lzf;q=0', not_acceptable", "/image, GET, lzf, content_type",
			"/pre-encoded, GET, lzf, already_encoded", "/no-transform, GET, lzf, already_encoded",
			"/large, HEAD, lzf, status_or_method", "/large-head-only, HEAD, lzf, status_or_method",
			"/no-content, GET, lzf, status_or_method",
			"/plain/large, GET, lzf, not_annotated", "/excluded, GET, lzf, not_annotated" })
	void recordsEachSkipReason(String path, String method, String acceptEncoding, String reason) {
		double before = serverCount(this.registry, "restcompress.skipped", "reason", reason);
		String[] headers = acceptEncoding.isEmpty() ? new String[0] : new String[] { "Accept-Encoding", acceptEncoding };
		HttpResponse<byte[]> response = method.equals("HEAD") ? this.http.head(path, headers) : this.http.get(path, headers);
		if (!method.equals("HEAD")) {
			assertThat(response.headers().firstValue("Content-Encoding").filter((coding) -> !coding.equals("br")))
				.isEmpty();
		}
		awaitIncrease(() -> serverCount(this.registry, "restcompress.skipped", "reason", reason), before);
	}

	@ParameterizedTest(name = "{0} -> {2}")
	@CsvSource({ "foo, unknown, unsupported_coding", "gzip, gzip, corrupt", "lzf, lzf, too_large" })
	void recordsEachRejectReason(String coding, String taggedCoding, String reason) {
		double before = serverCount(this.registry, "restcompress.rejected", "reason", reason, "coding", taggedCoding);
		byte[] body = switch (reason) {
			case "too_large" -> HttpTestClient.encode("lzf", new byte[2 * 1024 * 1024]);
			default -> "not encoded".getBytes(StandardCharsets.US_ASCII);
		};
		HttpResponse<byte[]> response = this.http.post("/plain/count", body, "Content-Encoding", coding);
		assertThat(response.statusCode()).isBetween(400, 499);
		awaitIncrease(() -> serverCount(this.registry, "restcompress.rejected", "reason", reason, "coding", taggedCoding), before);
	}

	@ParameterizedTest(name = "{0} -> {1}")
	@CsvSource({ "foo, unsupported_coding", "gzip, corrupt", "lzf, too_large" })
	void countsTheProblemResponseToARefusedBodyAsARejectionOnly(String coding, String reason) {
		countsTheProblemResponseAsARejectionOnly(this.registry, "/plain/count", coding, reason);
	}

	@Test
	void reportsTrafficInTheEndpoint() {
		this.http.get("/large", "Accept-Encoding", "gzip");
		HttpResponse<byte[]> report = this.http.get("/actuator/restcompress");
		assertThat(report.statusCode()).isEqualTo(200);
		assertThat(new String(report.body(), StandardCharsets.UTF_8)).contains("\"gzip\"").contains("server");
	}

	private double summaryCount(String name, String direction, String coding, String operation) {
		DistributionSummary summary = summary(name, direction, coding, operation);
		return (summary != null) ? summary.count() : 0;
	}

	private double summaryTotal(String name, String direction, String coding, String operation) {
		DistributionSummary summary = summary(name, direction, coding, operation);
		return (summary != null) ? summary.totalAmount() : 0;
	}

	private DistributionSummary summary(String name, String direction, String coding, String operation) {
		return this.registry.find(name)
			.tags("side", "server", "direction", direction, "coding", coding, "operation", operation)
			.summary();
	}

}
