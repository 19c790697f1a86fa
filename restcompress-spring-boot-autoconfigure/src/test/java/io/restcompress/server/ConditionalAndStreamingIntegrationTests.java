package io.restcompress.server;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;

import io.restcompress.codec.LzfCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Entity tags and conditional requests, and streamed and asynchronous responses, over real
 * HTTP.
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ConditionalAndStreamingIntegrationTests extends AbstractServerIntegrationTests {

	@Test
	void suffixesStrongEntityTagWithTheCoding() {
		assertThat(header(this.http.get("/etag", "Accept-Encoding", "lzf"), "ETag")).isEqualTo("\"v1-lzf\"");
		assertThat(header(this.http.get("/etag", "Accept-Encoding", "gzip"), "ETag")).isEqualTo("\"v1-gzip\"");
		assertThat(header(this.http.get("/etag"), "ETag")).isEqualTo("\"v1\"");
	}

	@Test
	void leavesWeakEntityTagAlone() {
		assertThat(header(this.http.get("/weak-etag", "Accept-Encoding", "lzf"), "ETag")).isEqualTo("W/\"v1\"");
	}

	@Test
	void answersNotModifiedForTheEncodedRepresentationsTag() {
		HttpResponse<byte[]> response = this.http.get("/etag", "Accept-Encoding", "lzf", "If-None-Match", "\"v1-lzf\"");
		assertThat(response.statusCode()).isEqualTo(304);
		assertThat(header(response, "ETag")).isEqualTo("\"v1-lzf\"");
		assertThat(header(response, "Vary")).isEqualTo("Accept-Encoding");
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
	}

	@Test
	void answersNotModifiedForTheIdentityRepresentationsTag() {
		HttpResponse<byte[]> identity = this.http.get("/etag", "If-None-Match", "\"v1\"");
		assertThat(identity.statusCode()).isEqualTo(304);
		assertThat(header(identity, "ETag")).isEqualTo("\"v1\"");
		HttpResponse<byte[]> mixed = this.http.get("/etag", "Accept-Encoding", "gzip", "If-None-Match",
				"\"other\", \"v1-lzf\"");
		assertThat(mixed.statusCode()).isEqualTo(304);
		assertThat(header(mixed, "ETag")).isEqualTo("\"v1-gzip\"");
	}

	@Test
	void keepsTheTagOfASmallRepresentationSentAsItIsOnItsNotModified() {
		answersNotModifiedToASmallRepresentationWithItsOwnTag();
	}

	@Test
	void answersNotModifiedForASuffixedTagThatACacheWeakened() {
		HttpResponse<byte[]> response = this.http.get("/etag", "Accept-Encoding", "gzip", "If-None-Match",
				"W/\"v1-gzip\"");
		assertThat(response.statusCode()).isEqualTo(304);
		assertThat(header(response, "ETag")).isEqualTo("\"v1-gzip\"");
	}

	@Test
	void sendsTheRepresentationWhenTheTagDoesNotMatch() {
		HttpResponse<byte[]> response = this.http.get("/etag", "Accept-Encoding", "lzf", "If-None-Match", "\"v2-lzf\"");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(HttpTestClient.decode("lzf", response.body())).isEqualTo(TestEndpoints.LARGE);
	}

	@Test
	void stripsCodingSuffixFromIfMatch() {
		HttpResponse<byte[]> response = this.http.put("/if-match", new byte[0], "If-Match", "\"v1-gzip\", W/\"w-lzf\"");
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("\"v1\", W/\"w-lzf\"");
	}

	@Test
	void stripsCodingSuffixFromIfNoneMatchReadAsOneHeader() {
		HttpResponse<byte[]> response = this.http.get("/plain/if-none-match", "If-None-Match", "\"a-lzf\", \"b-gzip\", \"c\"");
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("\"a\", \"b\", \"c\"");
	}

	@ParameterizedTest
	@ValueSource(strings = { "/streaming", "/deferred", "/callable" })
	void encodesAsynchronousResponses(String path) {
		HttpResponse<byte[]> response = this.http.get(path, "Accept-Encoding", "gzip");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(header(response, "Content-Encoding")).isEqualTo("gzip");
		assertThat(HttpTestClient.decode("gzip", response.body())).isEqualTo(TestEndpoints.LARGE);
	}

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip", "zstd" })
	void dropsTheCodingOfABodyGivenUpForAnError(String coding) {
		HttpResponse<byte[]> response = this.http.get("/error-after-body", "Accept-Encoding", coding);
		assertThat(response.statusCode()).isEqualTo(503);
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(response.headers().allValues("ETag")).allMatch((tag) -> !tag.contains("-" + coding));
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("\"status\":503");
	}

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip" })
	void dropsTheCodingOfABodyGivenUpForTheErrorPageOfAFailingView(String coding) {
		HttpResponse<byte[]> response = this.http.get("/view-failing-after-body", "Accept-Encoding", coding);
		assertThat(response.statusCode()).isEqualTo(500);
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("\"status\":500");
	}

	@ParameterizedTest
	@CsvSource({ "14, gzip", "14, ''", "10000, gzip", "10000, ''" })
	void deliversTheBodyOfAnAsyncRequestCompletedWithoutADispatch(int size, String acceptEncoding) {
		HttpResponse<byte[]> response = acceptEncoding.isEmpty() ? this.http.get("/async-completed-without-dispatch/" + size)
				: this.http.get("/async-completed-without-dispatch/" + size, "Accept-Encoding", acceptEncoding);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(HttpTestClient.decodedBody(response)).isEqualTo(TestPayloads.json(size));
	}

	@ParameterizedTest
	@CsvSource({ "14, gzip", "14, ''", "20000, gzip", "20000, ''" })
	void deliversTheBodyOfAnAsyncRequestCompletedByItsTimeoutListener(int size, String acceptEncoding) {
		HttpResponse<byte[]> response = acceptEncoding.isEmpty()
				? this.http.get("/async-completed-by-timeout-listener/" + size)
				: this.http.get("/async-completed-by-timeout-listener/" + size, "Accept-Encoding", acceptEncoding);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Encoding").orElse(null))
			.isEqualTo((size < 4500 || acceptEncoding.isEmpty()) ? null : acceptEncoding);
		assertThat(HttpTestClient.decodedBody(response)).isEqualTo(TestPayloads.json(size));
	}

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip" })
	void dropsTheCodingOfABodyGivenUpForARedirect(String coding) {
		HttpResponse<byte[]> response = this.http.get("/redirect-after-body", "Accept-Encoding", coding);
		assertThat(response.statusCode()).isEqualTo(302);
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(response.headers().firstValue("Location")).hasValueSatisfying((location) -> location.endsWith("/large"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip", "zstd" })
	void sendsTheWholeEncodedBodyOfARedirectThatKeepsTheBuffer(String coding) {
		HttpResponse<byte[]> response = this.http.get("/redirect-keeping-body", "Accept-Encoding", coding);
		assertThat(response.statusCode()).isEqualTo(303);
		assertThat(response.headers().firstValue("Location")).hasValueSatisfying((location) -> location.endsWith("/large"));
		assertThat(header(response, "Content-Encoding")).isEqualTo(coding);
		assertThat(HttpTestClient.decode(coding, response.body())).isEqualTo(Arrays.copyOf(TestEndpoints.LARGE, 6000));
	}

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip" })
	void sendsTheLocationOfARedirectWhoseKeptBodyOutgrowsTheContainersBuffer(String coding) {
		HttpResponse<byte[]> response = this.http.get("/redirect-keeping-large-body", "Accept-Encoding", coding);
		assertThat(response.statusCode()).isEqualTo(303);
		assertThat(response.headers().firstValue("Location")).hasValueSatisfying((location) -> location.endsWith("/large"));
		assertThat(HttpTestClient.decode(coding, response.body())).isEqualTo(TestEndpoints.NOISY);
	}

	@Test
	void sendsTheHeldBackBodyOfARedirectThatKeepsTheBuffer() {
		HttpResponse<byte[]> response = this.http.get("/redirect-keeping-small-body", "Accept-Encoding", "gzip");
		assertThat(response.statusCode()).isEqualTo(303);
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("{\"moved\":true}");
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip", "lzf", "identity" })
	@ExtendWith(OutputCaptureExtension.class)
	void endsAStreamThatTheHandlerClosedItself(String coding, CapturedOutput output) {
		HttpResponse<byte[]> response = this.http.get("/streaming-closed", "Accept-Encoding", coding);
		assertThat(response.statusCode()).isEqualTo(200);
		byte[] body = "identity".equals(coding) ? response.body() : HttpTestClient.decode(coding, response.body());
		assertThat(body).isEqualTo(TestEndpoints.LARGE);
		assertThat(this.http.get("/streaming-closed", "Accept-Encoding", coding).statusCode()).isEqualTo(200);
		assertThat(output.getAll()).doesNotContain(" ERROR ").doesNotContain("NullPointerException");
	}

	/**
	 * The emitter's timeout completes the response on a container thread while the
	 * application's thread is still sending: the encoder ends once, after a whole send, and
	 * the sends after it fail (the emitter's own check, Spring's completed async request, or the
	 * ended body's I/O error).
	 */
	@ParameterizedTest
	@ValueSource(strings = { "gzip", "zstd", "lzf" })
	@ExtendWith(OutputCaptureExtension.class)
	void endsAnEncodedBodyOnceWhenItsTimeoutRacesASend(String coding, CapturedOutput output)
			throws InterruptedException {
		for (int round = 0; round < 5; round++) {
			TestEndpoints.emitterEnd.set(null);
			HttpResponse<byte[]> response = this.http.get("/emitted-until-timeout", "Accept-Encoding", coding);
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(header(response, "Content-Encoding")).isEqualTo(coding);
			String body = new String(HttpTestClient.decode(coding, response.body()), StandardCharsets.UTF_8);
			assertThat(body).endsWith("\n");
			assertThat(body.lines().distinct()).hasSize(1);
			Throwable end = emitterEnd();
			assertThat(end).isInstanceOfAny(IOException.class, IllegalStateException.class);
			if (end instanceof IllegalStateException) {
				assertThat(end).hasMessageContaining("already completed");
			}
		}
		assertThat(output.getAll()).doesNotContain(" ERROR ").doesNotContain("NullPointerException");
	}

	private static Throwable emitterEnd() throws InterruptedException {
		for (int tries = 0; tries < 200 && TestEndpoints.emitterEnd.get() == null; tries++) {
			Thread.sleep(50);
		}
		return TestEndpoints.emitterEnd.get();
	}

	@Test
	void deliversAnIdentityBodyASynchronousHandlerFlushedBeforeItReturns() throws IOException {
		CountDownLatch gate = new CountDownLatch(1);
		TestEndpoints.streamGate = gate;
		HttpResponse<InputStream> response = this.http.stream("/flushed-then-waits");
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		try (InputStream body = response.body()) {
			assertThat(body.readNBytes(TestEndpoints.LARGE.length)).isEqualTo(TestEndpoints.LARGE);
			gate.countDown();
			assertThat(body.read()).isEqualTo(-1);
		}
	}

	@Test
	void deliversWhatASynchronousHandlerFlushedOnceItWritesMore() throws IOException {
		CountDownLatch gate = new CountDownLatch(1);
		TestEndpoints.streamGate = gate;
		HttpResponse<InputStream> response = this.http.stream("/flushed-parts", "Accept-Encoding", "lzf");
		assertThat(header(response, "Content-Encoding")).isEqualTo("lzf");
		try (InputStream body = new LzfCodec().decoder(response.body())) {
			byte[] flushed = body.readNBytes(20_000);
			assertThat(flushed).isEqualTo(Arrays.copyOf(TestEndpoints.LARGE, 20_000));
			gate.countDown();
			assertThat(body.readAllBytes()).isEqualTo(Arrays.copyOfRange(TestEndpoints.LARGE, 20_000,
					TestEndpoints.LARGE.length));
		}
	}

	@Test
	void flushesEachServerSentEventAsDecodableBytes() throws IOException {
		CountDownLatch gate = new CountDownLatch(1);
		TestEndpoints.streamGate = gate;
		HttpResponse<InputStream> response = this.http.stream("/sse", "Accept-Encoding", "lzf");
		assertThat(header(response, "Content-Encoding")).isEqualTo("lzf");
		try (InputStream events = new LzfCodec().decoder(response.body())) {
			String first = readUntil(events, "\n\n");
			assertThat(first).contains("event:first").contains("data:one");
			gate.countDown();
			String rest = new String(events.readAllBytes(), StandardCharsets.UTF_8);
			assertThat(rest).contains("event:second").contains("data:two");
		}
	}

}
