package io.restcompress.server;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.List;

import io.restcompress.internal.reactive.LeakRecordingDetector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.core.publisher.Sinks;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * HTTP/2 responses on Reactor Netty, whose responses without a body the content-coding
 * filter completes itself.
 */
@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.main.web-application-type=reactive", "server.http2.enabled=true" })
class ReactiveHttp2ResponseEncodingIntegrationTests extends AbstractHttp2ResponseEncodingTests {

	@AfterAll
	static void releasedEveryBuffer() {
		LeakRecordingDetector.assertNoLeaks();
	}

	@ParameterizedTest
	@CsvSource({ "image, gzip, ", "json, identity, ", "json, gzip, gzip", "json, zstd, zstd" })
	void writesAFileForTheServersZeroCopyTransferOverHttp2(String type, String accepted, String applied) {
		HttpResponse<byte[]> response = get("/zero-copy/" + type + "/50000", "Accept-Encoding", accepted);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Encoding").orElse(null)).isEqualTo(applied);
		assertThat(HttpTestClient.decodedBody(response)).isEqualTo(TestPayloads.json(50_000));
	}

	@Test
	void sendsAnEmptyStreamOverHttp2WithoutCoding() {
		endsTheStreamWith();
		HttpResponse<byte[]> response = get("/ndjson", "Accept-Encoding", "lzf");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(header(response, "Content-Length")).isEqualTo("0");
		assertThat(response.body()).isEmpty();
	}

	/**
	 * The HTTP/2 twin of
	 * {@link ReactiveServerIntegrationTests#encodesEveryEventOfAStreamThatEndedWhileTheClientWasNotReading()}:
	 * Reactor Netty takes flushed groups ahead on an HTTP/2 stream too.
	 */
	@Test
	@Timeout(60)
	void encodesEveryEventOfAStreamThatEndedWhileTheHttp2ClientWasNotReading() throws Exception {
		assertThat(ReactiveServerIntegrationTests.readsEveryEventOfALargeStreamAfterAPause(this.http2).version())
			.isEqualTo(HttpClient.Version.HTTP_2);
	}

	/**
	 * {@code /etag} is answered by {@code ResponseEntity} handling, which ends the {@code 304}
	 * through the filter's response; {@code /checked-etag} by the handler's
	 * {@code checkNotModified} and an empty result, which leaves it to the end of the filter
	 * chain.
	 */
	@Override
	List<String> notModifiedPaths() {
		return List.of("/etag", "/checked-etag");
	}

	@Override
	String streamPath() {
		return "/sse";
	}

	@Override
	void endsTheStream() {
		endsTheStreamWith("first");
	}

	private static void endsTheStreamWith(String... events) {
		Sinks.Many<String> sink = Sinks.many().unicast().onBackpressureBuffer();
		for (String event : events) {
			sink.tryEmitNext(event);
		}
		sink.tryEmitComplete();
		ReactiveTestApplication.events = sink;
	}

}
