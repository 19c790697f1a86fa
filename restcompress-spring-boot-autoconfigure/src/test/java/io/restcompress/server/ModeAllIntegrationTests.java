package io.restcompress.server;

import java.net.http.HttpResponse;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code restcompress.server.mode=all} with excluded paths, a custom coding order and no
 * request-coding advertisement.
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "restcompress.server.mode=all", "restcompress.server.excluded-paths=/unknown-length/**",
				"restcompress.server.encodings=gzip,lzf", "restcompress.server.request.advertise=false",
				"restcompress.server.min-response-size=100B" })
class ModeAllIntegrationTests extends AbstractServerIntegrationTests {

	@Autowired
	MeterRegistry registry;

	@Test
	void encodesUnannotatedHandlers() {
		HttpResponse<byte[]> response = this.http.get("/plain/large", "Accept-Encoding", "lzf");
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("lzf");
		assertThat(HttpTestClient.decode("lzf", response.body())).isEqualTo(TestEndpoints.LARGE);
	}

	@Test
	void stillExcludesHandlersAnnotatedNotCompressed() {
		HttpResponse<byte[]> response = this.http.get("/plain/excluded", "Accept-Encoding", "lzf");
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
	}

	@Test
	void neverEncodesExcludedPaths() {
		double disabled = disabledCount();
		HttpResponse<byte[]> response = this.http.get("/unknown-length/10000", "Accept-Encoding", "lzf");
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(response.body()).isEqualTo(TestPayloads.json(10_000));
		assertThat(disabledCount()).isEqualTo(disabled + 1);
	}

	private double disabledCount() {
		Counter counter = this.registry.find("restcompress.skipped").tags("side", "server", "reason", "disabled").counter();
		return (counter != null) ? counter.count() : 0;
	}

	@Test
	void prefersTheConfiguredOrder() {
		HttpResponse<byte[]> response = this.http.get("/large", "Accept-Encoding", "lzf, gzip, deflate");
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("gzip");
		HttpResponse<byte[]> deflateOnly = this.http.get("/large", "Accept-Encoding", "deflate");
		assertThat(deflateOnly.headers().firstValue("Content-Encoding")).isEmpty();
	}

	@Test
	void appliesTheConfiguredThreshold() {
		HttpResponse<byte[]> response = this.http.get("/known-length/100", "Accept-Encoding", "gzip");
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("gzip");
		HttpResponse<byte[]> below = this.http.get("/known-length/99", "Accept-Encoding", "gzip");
		assertThat(below.headers().firstValue("Content-Encoding")).isEmpty();
	}

	@Test
	void doesNotAdvertiseWhenSwitchedOff() {
		assertThat(this.http.get("/plain/get").headers().firstValue("Accept-Encoding")).isEmpty();
	}

}
