package io.restcompress.server;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPInputStream;

import io.micrometer.core.instrument.MeterRegistry;
import io.restcompress.codec.LzfCodec;
import io.restcompress.internal.reactive.LeakRecordingDetector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Sinks;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The response half of the contract on WebFlux and Reactor Netty, over real HTTP with a client
 * that decodes nothing.
 */
@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "spring.main.web-application-type=reactive")
class ReactiveServerIntegrationTests extends AbstractServerIntegrationTests {

	@AfterAll
	static void releasedEveryBuffer() {
		LeakRecordingDetector.assertNoLeaks();
	}

	/**
	 * A fresh stream per test; WebFlux commits the header fields with the first element, so
	 * streaming tests emit it before they send the request.
	 */
	@BeforeEach
	void freshEvents() {
		ReactiveTestApplication.events = Sinks.many().unicast().onBackpressureBuffer();
	}

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip", "deflate", "zstd", "br", "lz4" })
	void encodesAnnotatedResponseOfKnownLengthInEveryCoding(String coding) {
		HttpResponse<byte[]> response = this.http.get("/known-length/20000", "Accept-Encoding", coding);
		assertThat(header(response, "Content-Encoding")).isEqualTo(coding);
		assertThat(header(response, "Vary")).isEqualTo("Accept-Encoding");
		assertThat(response.headers().firstValue("Content-Length")).isEmpty();
		assertThat(HttpTestClient.decode(coding, response.body())).isEqualTo(TestPayloads.json(20_000));
	}

	/**
	 * Reactor Netty would frame an encoded body, whose length is never known, in chunks, which
	 * an HTTP/1.0 client cannot read (RFC 9112, section 6.1): such a client gets identity.
	 */
	@Test
	void sendsAnHttp10ClientItsBodyUnencoded() throws IOException {
		byte[] response = getOverHttp10("/known-length/10000");
		assertThat(headerSection(response)).doesNotContain("content-encoding", "transfer-encoding")
			.contains("content-length: 10000", "vary: accept-encoding");
		assertThat(bodyAfterHeaders(response)).hasSize(10000);
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "gzip" })
	void writesAFileThroughTheServersZeroCopyTransferWhenItIsNotEncoded(String acceptEncoding) {
		HttpResponse<byte[]> response = acceptEncoding.isEmpty() ? this.http.get("/zero-copy/image/50000")
				: this.http.get("/zero-copy/image/50000", "Accept-Encoding", acceptEncoding);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(response.body()).isEqualTo(TestPayloads.json(50_000));
	}

	@Test
	void encodesAFileWrittenForTheServersZeroCopyTransfer() {
		HttpResponse<byte[]> plain = this.http.get("/zero-copy/json/50000");
		assertThat(plain.statusCode()).isEqualTo(200);
		assertThat(plain.body()).isEqualTo(TestPayloads.json(50_000));
		HttpResponse<byte[]> encoded = this.http.get("/zero-copy/json/50000", "Accept-Encoding", "gzip");
		assertThat(header(encoded, "Content-Encoding")).isEqualTo("gzip");
		assertThat(HttpTestClient.decode("gzip", encoded.body())).isEqualTo(TestPayloads.json(50_000));
	}

	@Test
	void encodesBodyOfUnknownLengthOnceItReachesTheThreshold() {
		HttpResponse<byte[]> response = this.http.get("/unknown-length/50000", "Accept-Encoding", "gzip");
		assertThat(header(response, "Content-Encoding")).isEqualTo("gzip");
		assertThat(HttpTestClient.decode("gzip", response.body())).isEqualTo(TestPayloads.json(50_000));
	}

	@Test
	void sendsBodyOfUnknownLengthBelowTheThresholdAsItIsWithItsLength() {
		HttpResponse<byte[]> response = this.http.get("/unknown-length/4000", "Accept-Encoding", "gzip");
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(response.headers().firstValue("Vary")).isEmpty();
		assertThat(header(response, "Content-Length")).isEqualTo("4000");
		assertThat(response.body()).isEqualTo(TestPayloads.json(4000));
	}

	@Test
	void sendsKnownLengthBelowTheThresholdAsItIs() {
		HttpResponse<byte[]> response = this.http.get("/known-length/4499", "Accept-Encoding", "lzf");
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(header(response, "Content-Length")).isEqualTo("4499");
	}

	@Test
	void sendsIdentityWithVaryWhenNoCodingIsAcceptable() {
		HttpResponse<byte[]> none = this.http.get("/known-length/20000");
		assertThat(none.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(header(none, "Vary")).isEqualTo("Accept-Encoding");
		assertThat(none.body()).isEqualTo(TestPayloads.json(20_000));
		HttpResponse<byte[]> refused = this.http.get("/known-length/20000", "Accept-Encoding", "lzf;q=0, snappy");
		assertThat(refused.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(header(refused, "Vary")).isEqualTo("Accept-Encoding");
	}

	@Test
	void prefersTheHighestQualityThenTheServerOrder() {
		assertThat(header(this.http.get("/known-length/20000", "Accept-Encoding", "gzip, lzf"), "Content-Encoding"))
			.isEqualTo("lzf");
		assertThat(header(this.http.get("/known-length/20000", "Accept-Encoding", "gzip;q=1, lzf;q=0.5"),
				"Content-Encoding"))
			.isEqualTo("gzip");
	}

	@Test
	void leavesExcludedUnannotatedAndIncompressibleResponsesAlone() {
		for (String path : new String[] { "/excluded", "/image", "/fn/excluded", "/fn/plain" }) {
			HttpResponse<byte[]> response = this.http.get(path, "Accept-Encoding", "lzf, gzip");
			assertThat(response.statusCode()).as(path).isEqualTo(200);
			assertThat(response.headers().firstValue("Content-Encoding")).as(path).isEmpty();
			assertThat(response.headers().firstValue("Vary")).as(path).isEmpty();
		}
	}

	@Test
	void encodesFunctionalRoutesMarkedCompressed() {
		HttpResponse<byte[]> response = this.http.get("/fn/compressed", "Accept-Encoding", "lzf");
		assertThat(header(response, "Content-Encoding")).isEqualTo("lzf");
		assertThat(HttpTestClient.decode("lzf", response.body())).isEqualTo(TestPayloads.json(20_000));
	}

	@Test
	void usesTheCodingsTheHandlerNames() {
		assertThat(header(this.http.get("/gzip-only", "Accept-Encoding", "lzf, gzip;q=0.5"), "Content-Encoding"))
			.isEqualTo("gzip");
		assertThat(header(this.http.get("/fn/gzip-only", "Accept-Encoding", "lzf, gzip;q=0.5"), "Content-Encoding"))
			.isEqualTo("gzip");
		assertThat(this.http.get("/gzip-only", "Accept-Encoding", "lzf").headers().firstValue("Content-Encoding"))
			.isEmpty();
	}

	@Test
	void suffixesTheEntityTagAndAnswersConditionalRequestsForEitherRepresentation() {
		HttpResponse<byte[]> lzf = this.http.get("/etag", "Accept-Encoding", "lzf");
		assertThat(header(lzf, "ETag")).isEqualTo("\"v1-lzf\"");
		HttpResponse<byte[]> notModified = this.http.get("/etag", "Accept-Encoding", "lzf", "If-None-Match",
				"\"v1-lzf\"");
		assertThat(notModified.statusCode()).isEqualTo(304);
		assertThat(header(notModified, "ETag")).isEqualTo("\"v1-lzf\"");
		assertThat(header(notModified, "Vary")).isEqualTo("Accept-Encoding");
		assertThat(notModified.headers().firstValue("Content-Type")).as("representation metadata on a 304").isEmpty();
		HttpResponse<byte[]> identity = this.http.get("/etag", "If-None-Match", "\"v1-lzf\"");
		assertThat(identity.statusCode()).isEqualTo(304);
		assertThat(header(identity, "ETag")).isEqualTo("\"v1\"");
		assertThat(header(identity, "Vary")).isEqualTo("Accept-Encoding");
		assertThat(this.http.get("/etag", "Accept-Encoding", "gzip", "If-None-Match", "\"v2-gzip\"").statusCode())
			.isEqualTo(200);
	}

	@Test
	void stripsCodingSuffixFromIfMatch() {
		HttpResponse<byte[]> response = this.http.put("/if-match", new byte[0], "If-Match", "\"v1-gzip\", W/\"w-lzf\"");
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("\"v1\", W/\"w-lzf\"");
	}

	@Test
	void completesANotModifiedResponseThatTheHandlerEndsWithoutABody() {
		HttpResponse<byte[]> lzf = this.http.get("/checked-etag", "Accept-Encoding", "lzf");
		assertThat(header(lzf, "Content-Encoding")).isEqualTo("lzf");
		assertThat(header(lzf, "ETag")).isEqualTo("\"v1-lzf\"");
		HttpResponse<byte[]> notModified = this.http.get("/checked-etag", "Accept-Encoding", "lzf", "If-None-Match",
				"\"v1-lzf\"");
		assertThat(notModified.statusCode()).isEqualTo(304);
		assertThat(header(notModified, "ETag")).isEqualTo("\"v1-lzf\"");
		assertThat(header(notModified, "Vary")).isEqualTo("Accept-Encoding");
	}

	@Test
	void keepsTheTagOfASmallRepresentationSentAsItIsOnItsNotModified() {
		answersNotModifiedToASmallRepresentationWithItsOwnTag();
		HttpResponse<byte[]> suffixed = this.http.get("/etag", "Accept-Encoding", "gzip", "If-None-Match",
				"\"v1-gzip\"");
		assertThat(header(suffixed, "ETag")).isEqualTo("\"v1-gzip\"");
	}

	@Test
	void answersNotModifiedForASuffixedTagThatACacheWeakened() {
		HttpResponse<byte[]> response = this.http.get("/etag", "Accept-Encoding", "gzip", "If-None-Match",
				"W/\"v1-gzip\"");
		assertThat(response.statusCode()).isEqualTo(304);
		assertThat(header(response, "ETag")).isEqualTo("\"v1-gzip\"");
	}

	@Test
	void answersHeadWithTheHeaderFieldsOfGet() {
		HttpResponse<byte[]> head = this.http.head("/etag", "Accept-Encoding", "lzf");
		assertThat(head.statusCode()).isEqualTo(200);
		assertThat(header(head, "Content-Encoding")).isEqualTo("lzf");
		assertThat(header(head, "Vary")).isEqualTo("Accept-Encoding");
		assertThat(header(head, "ETag")).isEqualTo("\"v1-lzf\"");
		assertThat(head.headers().firstValue("Content-Length")).isEmpty();
		HttpResponse<byte[]> identity = this.http.head("/etag");
		assertThat(identity.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(header(identity, "Vary")).isEqualTo("Accept-Encoding");
		assertThat(header(identity, "Content-Length")).isEqualTo("20000");
	}

	@Test
	void countsAHeadAsSkippedForItsMethod(@Autowired MeterRegistry registry) {
		double before = serverCount(registry, "restcompress.skipped", "reason", "status_or_method");
		assertThat(header(this.http.head("/etag", "Accept-Encoding", "lzf"), "Content-Encoding")).isEqualTo("lzf");
		awaitIncrease(() -> serverCount(registry, "restcompress.skipped", "reason", "status_or_method"), before);
		assertThat(serverCount(registry, "restcompress.skipped", "reason", "status_or_method")).isEqualTo(before + 1);
	}

	@Test
	void answersHeadOfAnEmptyGetWithItsHeaderFields() {
		HttpResponse<byte[]> get = this.http.get("/bodiless", "Accept-Encoding", "lzf");
		HttpResponse<byte[]> head = this.http.head("/bodiless", "Accept-Encoding", "lzf");
		assertThat(get.body()).isEmpty();
		assertThat(get.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(head.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(head.headers().allValues("Vary")).isEqualTo(get.headers().allValues("Vary"));
	}

	/**
	 * Only a WebSocket handshake is left undecided for its protocol switch: a request that
	 * merely offers another protocol (the JDK's client offers {@code h2c} on {@code http} URIs)
	 * gets the response its request without the offer gets.
	 */
	@Test
	void answersARequestOfferingAnotherProtocolAsOneWithout() throws Exception {
		assertThat(rawHeaderSection("/bodiless", "Upgrade: h2c\r\nConnection: Upgrade, HTTP2-Settings\r\n"
				+ "HTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA\r\n"))
			.isEqualTo(rawHeaderSection("/bodiless", ""));
	}

	/**
	 * The status line and the header fields of a response to a raw HTTP/1.1 GET, without
	 * {@code Date}.
	 */
	private java.util.List<String> rawHeaderSection(String path, String fields) throws Exception {
		try (java.net.Socket socket = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), this.port)) {
			socket.setSoTimeout(10_000);
			socket.getOutputStream()
				.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: lzf\r\n" + fields
						+ "Connection: close\r\n\r\n")
					.getBytes(StandardCharsets.ISO_8859_1));
			String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
			return java.util.Arrays.stream(response.substring(0, response.indexOf("\r\n\r\n")).split("\r\n"))
				.filter((line) -> !line.regionMatches(true, 0, "Date:", 0, 5))
				.sorted()
				.toList();
		}
	}

	@Test
	void advertisesTheRequestCodings() {
		assertThat(header(this.http.get("/image"), "Accept-Encoding")).contains("lzf", "gzip", "deflate");
	}

	@Test
	@Timeout(30)
	void flushesEachServerSentEventEncodedAsItIsEmitted() throws Exception {
		ReactiveTestApplication.events.tryEmitNext("first");
		HttpResponse<InputStream> response = this.http.stream("/sse", "Accept-Encoding", "gzip");
		assertThat(header(response, "Content-Encoding")).isEqualTo("gzip");
		try (InputStream events = new GZIPInputStream(response.body())) {
			assertThat(readUntil(events, "\n\n")).isEqualTo("data:first\n\n");
			ReactiveTestApplication.events.tryEmitNext("second");
			assertThat(readUntil(events, "\n\n")).isEqualTo("data:second\n\n");
			ReactiveTestApplication.events.tryEmitComplete();
			assertThat(events.read()).isEqualTo(-1);
		}
	}

	/**
	 * Each JSON line is encoded and flushed as it is emitted, well below the threshold: the
	 * second line is emitted only once the first has been read and decoded, so the first must
	 * reach the client alone (a response held back waits for the second line: the test times
	 * out). {@code /ndjson} is written by Jackson's streaming encoder with a flush per line;
	 * {@code /ndjson-text}, a {@code Flux<String>} whose type carries a {@code charset}, reaches
	 * the server through {@code writeWith} without flushes, and is a stream all the same. The
	 * stream is ended however the test ends, so that a held response does not outlive it.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "/ndjson", "/ndjson-text" })
	@Timeout(30)
	void flushesEachJsonLineEncodedAsItIsEmitted(String path) throws Exception {
		ReactiveTestApplication.events.tryEmitNext("first");
		try {
			HttpResponse<InputStream> response = this.http.stream(path, "Accept-Encoding", "lzf");
			assertThat(header(response, "Content-Type")).startsWith("application/x-ndjson");
			assertThat(header(response, "Content-Encoding")).isEqualTo("lzf");
			try (InputStream lines = new LzfCodec().decoder(response.body())) {
				assertThat(readUntil(lines, "\n")).isEqualTo("{\"event\":\"first\"}\n");
				ReactiveTestApplication.events.tryEmitNext("second");
				assertThat(readUntil(lines, "\n")).isEqualTo("{\"event\":\"second\"}\n");
				ReactiveTestApplication.events.tryEmitComplete();
				assertThat(lines.read()).isEqualTo(-1);
			}
		}
		finally {
			ReactiveTestApplication.events.tryEmitComplete();
		}
	}

	/**
	 * A client that stops reading makes Reactor Netty take flushed events ahead of the one it
	 * is writing (up to 32), so the last events and the end of the encoding are taken after the
	 * stream has completed: they are encoded all the same.
	 */
	@Test
	@Timeout(60)
	void encodesEveryEventOfAStreamThatEndedWhileTheClientWasNotReading() throws Exception {
		readsEveryEventOfALargeStreamAfterAPause(this.http);
	}

	/**
	 * Asks for 40 events of 1 MB in gzip, reads nothing for two seconds, then reads and decodes
	 * them all.
	 * @return the response, its body read
	 */
	static HttpResponse<InputStream> readsEveryEventOfALargeStreamAfterAPause(HttpTestClient http)
			throws Exception {
		HttpResponse<InputStream> response = http.stream("/sse/40/1000000", "Accept-Encoding", "gzip");
		assertThat(header(response, "Content-Encoding")).isEqualTo("gzip");
		Thread.sleep(2000);
		try (InputStream events = new GZIPInputStream(response.body())) {
			List<String> read = new String(events.readAllBytes(), StandardCharsets.US_ASCII).lines()
				.filter((line) -> line.startsWith("data:"))
				.toList();
			assertThat(read).hasSize(40);
			assertThat(read.get(39)).startsWith("data:39:");
		}
		return response;
	}

	@Test
	void sendsAnEmptyStreamWithoutCoding() {
		ReactiveTestApplication.events.tryEmitComplete();
		HttpResponse<byte[]> response = this.http.get("/ndjson", "Accept-Encoding", "lzf");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(header(response, "Content-Length")).isEqualTo("0");
		assertThat(response.body()).isEmpty();
	}

	@Test
	void answersHeadToAStreamWithTheHeaderFieldsOfGet() {
		HttpResponse<byte[]> head = this.http.head("/sse", "Accept-Encoding", "gzip");
		assertThat(head.statusCode()).isEqualTo(200);
		assertThat(header(head, "Content-Encoding")).isEqualTo("gzip");
		assertThat(header(head, "Vary")).isEqualTo("Accept-Encoding");
	}

	@Test
	void answersAnInvalidPathVariableWithWebFluxsErrorAsItIs() {
		HttpResponse<byte[]> response = this.http.get("/known-length/abc", "Accept-Encoding", "lzf");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("\"status\":400");
	}

}
