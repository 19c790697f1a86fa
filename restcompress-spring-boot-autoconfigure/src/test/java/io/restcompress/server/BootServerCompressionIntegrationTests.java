package io.restcompress.server;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Next to Spring Boot's own {@code server.compression}: nothing is encoded twice.
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "server.compression.enabled=true", "server.compression.min-response-size=1B" })
class BootServerCompressionIntegrationTests extends AbstractServerIntegrationTests {

	@Test
	void encodesOnceWhenTheFilterEncodes() {
		HttpResponse<byte[]> response = this.http.get("/large", "Accept-Encoding", "gzip");
		assertThat(response.headers().allValues("Content-Encoding")).containsExactly("gzip");
		assertThat(HttpTestClient.decode("gzip", response.body())).isEqualTo(TestEndpoints.LARGE);
	}

	@Test
	void encodesOnceWhenTheFilterEncodesLzf() {
		HttpResponse<byte[]> response = this.http.get("/large", "Accept-Encoding", "lzf, gzip;q=0.5");
		assertThat(response.headers().allValues("Content-Encoding")).containsExactly("lzf");
		assertThat(HttpTestClient.decode("lzf", response.body())).isEqualTo(TestEndpoints.LARGE);
	}

	@Test
	void leavesUnannotatedHandlersToTomcatsGzip() {
		HttpResponse<byte[]> response = this.http.get("/plain/large", "Accept-Encoding", "gzip");
		assertThat(response.headers().allValues("Content-Encoding")).containsExactly("gzip");
		assertThat(HttpTestClient.decode("gzip", response.body())).isEqualTo(TestEndpoints.LARGE);
	}

}
