package io.restcompress.server;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Responses over HTTP/2 (cleartext, after an upgrade), where the header fields of a response
 * without a body go out in a HEADERS frame that ends the stream: encoded responses, a
 * {@code 304}, a {@code HEAD} and a body below the threshold carry the fields they carry over
 * HTTP/1.1.
 */
abstract class AbstractHttp2ResponseEncodingTests extends AbstractServerIntegrationTests {

	HttpTestClient http2;

	@BeforeEach
	void upgradeToHttp2() {
		this.http2 = new HttpTestClient(this.port, HttpClient.Version.HTTP_2);
		get("/known-length/100");
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip", "zstd", "lzf" })
	void encodesAResponseOfKnownLengthOverHttp2(String coding) {
		HttpResponse<byte[]> response = get("/known-length/20000", "Accept-Encoding", coding);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(header(response, "Content-Encoding")).isEqualTo(coding);
		assertThat(header(response, "Vary")).isEqualTo("Accept-Encoding");
		assertThat(HttpTestClient.decode(coding, response.body())).isEqualTo(TestPayloads.json(20_000));
	}

	@Test
	void answersNotModifiedOverHttp2WithTheSuffixedTagAndVary() {
		for (String path : notModifiedPaths()) {
			assertThat(header(get(path, "Accept-Encoding", "zstd"), "ETag")).as(path).isEqualTo("\"v1-zstd\"");
			HttpResponse<byte[]> zstd = get(path, "Accept-Encoding", "zstd", "If-None-Match", "\"v1-zstd\"");
			assertThat(zstd.statusCode()).as(path).isEqualTo(304);
			assertThat(header(zstd, "ETag")).as(path).isEqualTo("\"v1-zstd\"");
			assertThat(header(zstd, "Vary")).as(path).isEqualTo("Accept-Encoding");
			assertThat(zstd.headers().firstValue("Content-Encoding")).as(path).isEmpty();
			assertThat(zstd.body()).as(path).isEmpty();
			HttpResponse<byte[]> identity = get(path, "If-None-Match", "\"v1-zstd\"");
			assertThat(identity.statusCode()).as(path).isEqualTo(304);
			assertThat(header(identity, "ETag")).as(path).isEqualTo("\"v1\"");
			assertThat(header(identity, "Vary")).as(path).isEqualTo("Accept-Encoding");
		}
	}

	@Test
	void keepsTheTagOfASmallRepresentationSentAsItIsOnItsNotModifiedOverHttp2() {
		answersNotModifiedToASmallRepresentationWithItsOwnTag(this::get);
	}

	@Test
	void answersHeadOverHttp2WithTheHeaderFieldsOfGet() {
		HttpResponse<byte[]> get = get("/etag", "Accept-Encoding", "zstd");
		HttpResponse<byte[]> head = head("/etag", "Accept-Encoding", "zstd");
		assertThat(head.statusCode()).isEqualTo(200);
		assertThat(header(head, "Content-Encoding")).isEqualTo("zstd").isEqualTo(header(get, "Content-Encoding"));
		assertThat(header(head, "Vary")).isEqualTo("Accept-Encoding").isEqualTo(header(get, "Vary"));
		assertThat(header(head, "ETag")).isEqualTo("\"v1-zstd\"").isEqualTo(header(get, "ETag"));
		assertThat(head.headers().firstValue("Content-Length")).isEmpty();
		assertThat(head.body()).isEmpty();
		HttpResponse<byte[]> identity = head("/etag");
		assertThat(identity.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(header(identity, "Vary")).isEqualTo("Accept-Encoding");
		assertThat(identity.headers().firstValueAsLong("Content-Length")).hasValue(get("/etag").body().length);
	}

	@Test
	void answersHeadToAStreamOverHttp2WithTheHeaderFieldsOfGet() {
		endsTheStream();
		HttpResponse<byte[]> head = head(streamPath(), "Accept-Encoding", "gzip");
		endsTheStream();
		HttpResponse<byte[]> get = get(streamPath(), "Accept-Encoding", "gzip");
		assertThat(head.statusCode()).isEqualTo(200);
		assertThat(header(head, "Content-Encoding")).isEqualTo("gzip").isEqualTo(header(get, "Content-Encoding"));
		assertThat(header(head, "Vary")).isEqualTo("Accept-Encoding").isEqualTo(header(get, "Vary"));
		assertThat(header(head, "Content-Type")).isEqualTo(header(get, "Content-Type"));
		assertThat(head.body()).isEmpty();
	}

	@Test
	void sendsAResponseBelowTheThresholdOverHttp2AsIdentity() {
		HttpResponse<byte[]> response = get("/known-length/4499", "Accept-Encoding", "gzip");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(header(response, "Content-Length")).isEqualTo("4499");
		assertThat(response.body()).isEqualTo(TestPayloads.json(4499));
	}

	/**
	 * The paths of handlers that send entity tag {@code "v1"} and answer a matching
	 * {@code If-None-Match} with a {@code 304}, one for each way the framework ends such a
	 * response.
	 * @return the paths
	 */
	abstract List<String> notModifiedPaths();

	/**
	 * The path of a handler that streams server-sent events.
	 * @return the path
	 */
	abstract String streamPath();

	/**
	 * Lets the next request to {@link #streamPath()} end its stream without waiting for the
	 * test.
	 */
	abstract void endsTheStream();

	HttpResponse<byte[]> get(String path, String... headers) {
		return overHttp2(this.http2.get(path, headers));
	}

	private HttpResponse<byte[]> head(String path, String... headers) {
		return overHttp2(this.http2.head(path, headers));
	}

	private static HttpResponse<byte[]> overHttp2(HttpResponse<byte[]> response) {
		assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
		return response;
	}

}
