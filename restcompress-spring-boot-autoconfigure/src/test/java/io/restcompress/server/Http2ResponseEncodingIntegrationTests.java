package io.restcompress.server;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * HTTP/2 responses on Tomcat.
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "server.http2.enabled=true")
class Http2ResponseEncodingIntegrationTests extends AbstractHttp2ResponseEncodingTests {

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip", "zstd" })
	void dropsTheCodingOfABodyGivenUpForAnErrorOverHttp2(String coding) {
		HttpResponse<byte[]> response = get("/error-after-body", "Accept-Encoding", coding);
		assertThat(response.statusCode()).isEqualTo(503);
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(response.headers().allValues("ETag")).allMatch((tag) -> !tag.contains("-" + coding));
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("\"status\":503");
	}

	@ParameterizedTest
	@CsvSource({ "100, gzip", "10000, zstd", "10000, identity" })
	void dropsWhatTheWriterHeldWhenTheBufferIsResetOverHttp2(int size, String coding) {
		HttpResponse<byte[]> response = get("/writer-reset?size=" + size, "Accept-Encoding", coding);
		byte[] body = response.headers().firstValue("Content-Encoding").isPresent()
				? HttpTestClient.decode(coding, response.body()) : response.body();
		assertThat(body).isEqualTo(Arrays.copyOf(TestEndpoints.LARGE, size));
	}

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip" })
	void dropsTheCodingOfABodyGivenUpForTheErrorPageOfAFailingViewOverHttp2(String coding) {
		HttpResponse<byte[]> response = get("/view-failing-after-body", "Accept-Encoding", coding);
		assertThat(response.statusCode()).isEqualTo(500);
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("\"status\":500");
	}

	@ParameterizedTest
	@CsvSource({ "14, gzip", "14, identity", "10000, zstd", "10000, identity" })
	void deliversTheBodyOfAnAsyncRequestCompletedWithoutADispatchOverHttp2(int size, String coding) {
		HttpResponse<byte[]> response = get("/async-completed-without-dispatch/" + size, "Accept-Encoding", coding);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Encoding").orElse(null))
			.isEqualTo((size < 4500 || coding.equals("identity")) ? null : coding);
		assertThat(HttpTestClient.decodedBody(response)).isEqualTo(TestPayloads.json(size));
	}

	@Override
	List<String> notModifiedPaths() {
		return List.of("/etag");
	}

	@Override
	String streamPath() {
		return "/sse";
	}

	@Override
	void endsTheStream() {
		TestEndpoints.streamGate = new CountDownLatch(0);
	}

}
