package io.restcompress.sample;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import com.ning.compress.lzf.LZFInputStream;
import com.ning.compress.lzf.LZFOutputStream;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample endpoints as the contract describes them, over real HTTP: what both sample apps,
 * the servlet one and its WebFlux twin, must answer alike. A subclass starts its app on a
 * random port.
 */
public abstract class AbstractSampleContractTests {

	private static final List<String> TAGGED_DOCUMENTS = List.of("/api/static", "/api/uncompressed/static",
			"/api/feed?version=3", "/api/bulletin?version=3");

	private static final List<String> UNUSABLE_CONTENT_TYPES = List.of("foo", "application/",
			"text/html; charset=bogus", "*/*", "text/*");

	@LocalServerPort
	protected int port;

	protected final HttpClient client;

	/**
	 * Creates the tests with a client that prefers {@code version}.
	 * @param version the HTTP version to send with ({@code HTTP_2} upgrades a cleartext
	 * connection when the server offers it)
	 */
	protected AbstractSampleContractTests(HttpClient.Version version) {
		this.client = HttpClient.newBuilder().version(version).build();
	}

	@Test
	void servesTheStaticDocumentInLzfAndGzip() throws Exception {
		HttpResponse<byte[]> plain = get("/api/static");
		byte[] identity = plain.body();
		assertThat(identity.length).isBetween(1_700_000, 1_900_000);
		assertThat(plain.headers().firstValue("Content-Length")).hasValue(String.valueOf(identity.length));
		HttpResponse<byte[]> lzf = get("/api/static", "Accept-Encoding", "lzf");
		assertThat(lzf.headers().firstValue("Content-Encoding")).hasValue("lzf");
		assertThat(new LZFInputStream(new ByteArrayInputStream(lzf.body())).readAllBytes()).isEqualTo(identity);
		HttpResponse<byte[]> gzip = get("/api/static", "Accept-Encoding", "gzip");
		assertThat(gzip.headers().firstValue("Content-Encoding")).hasValue("gzip");
		assertThat(new GZIPInputStream(new ByteArrayInputStream(gzip.body())).readAllBytes()).isEqualTo(identity);
	}

	@Test
	void speaksEveryCodingAndGivesPlainClientsGzip() throws Exception {
		assertThat(get("/api/ping").headers().firstValue("Accept-Encoding"))
			.hasValue("lzf, lz4, gzip, zstd, br, deflate");
		HttpResponse<byte[]> curlLike = get("/api/static", "Accept-Encoding", "deflate, gzip, br, zstd");
		assertThat(curlLike.headers().firstValue("Content-Encoding")).hasValue("gzip");
	}

	@Test
	void answersConditionalRequestsForEitherRepresentation() throws Exception {
		String etag = get("/api/static", "Accept-Encoding", "lzf").headers().firstValue("ETag").orElseThrow();
		assertThat(etag).endsWith("-lzf\"");
		HttpResponse<byte[]> notModified = get("/api/static", "Accept-Encoding", "lzf", "If-None-Match", etag);
		assertThat(notModified.statusCode()).isEqualTo(304);
		assertThat(notModified.headers().firstValue("Vary")).hasValue("Accept-Encoding");
		assertThat(get("/api/static", "If-None-Match", etag).statusCode()).isEqualTo(304);
	}

	@Test
	void answersIfNoneMatchStarWithNotModifiedForEveryTaggedDocument() throws Exception {
		for (String path : TAGGED_DOCUMENTS) {
			HttpResponse<byte[]> response = get(path, "If-None-Match", "*");
			assertThat(response.statusCode()).as(path).isEqualTo(304);
			assertThat(response.headers().firstValue("ETag")).as(path).isPresent();
		}
		assertThat(get("/api/static", "Accept-Encoding", "lzf", "If-None-Match", "*").headers().firstValue("ETag")
			.orElseThrow()).endsWith("-lzf\"");
	}

	@Test
	void refusesAnIfMatchThatNamesNoCurrentTagWithPreconditionFailed() throws Exception {
		for (String path : TAGGED_DOCUMENTS) {
			HttpResponse<byte[]> response = get(path, "If-Match", "\"nope\"");
			assertThat(response.statusCode()).as(path).isEqualTo(412);
			assertThat(new String(response.body(), StandardCharsets.UTF_8)).as(path)
				.contains("\"status\":412", "If-Match names no current entity tag");
		}
	}

	@Test
	void comparesIfMatchStronglyAfterTheCodingSuffixIsStripped() throws Exception {
		String etag = get("/api/static").headers().firstValue("ETag").orElseThrow();
		String gzipTag = etag.substring(0, etag.length() - 1) + "-gzip\"";
		HttpResponse<byte[]> suffixed = get("/api/static", "If-Match", gzipTag);
		assertThat(suffixed.statusCode()).isEqualTo(200);
		assertThat(suffixed.body()).hasSizeGreaterThan(1_700_000);
		assertThat(get("/api/static", "If-Match", "*").statusCode()).isEqualTo(200);
		assertThat(get("/api/static", "If-Match", "W/" + etag).statusCode()).isEqualTo(412);
		assertThat(get("/api/static", "If-Match", "W/" + gzipTag).statusCode()).isEqualTo(412);
	}

	@Test
	void evaluatesIfMatchBeforeIfNoneMatch() throws Exception {
		String etag = get("/api/static").headers().firstValue("ETag").orElseThrow();
		assertThat(get("/api/static", "If-Match", "\"nope\"", "If-None-Match", etag).statusCode()).isEqualTo(412);
		assertThat(get("/api/static", "If-Match", etag, "If-None-Match", etag).statusCode()).isEqualTo(304);
		assertThat(get("/api/static", "If-Match", etag, "If-None-Match", "\"other\"").statusCode()).isEqualTo(200);
	}

	@Test
	void readsEntityTagListsAcrossCommasWeakTagsAndFieldLines() throws Exception {
		String etag = get("/api/static").headers().firstValue("ETag").orElseThrow();
		String opaque = etag.substring(1, etag.length() - 1);
		assertThat(get("/api/static", "If-None-Match", "\"a\", W/" + etag).statusCode()).isEqualTo(304);
		assertThat(get("/api/static", "If-None-Match", "\"a\"", "If-None-Match", etag).statusCode()).isEqualTo(304);
		assertThat(get("/api/static", "If-None-Match", "\"x," + opaque + "\"").statusCode()).isEqualTo(200);
		assertThat(get("/api/static", "If-Match", "\"a\", " + etag).statusCode()).isEqualTo(200);
		assertThat(get("/api/static", "If-Match", "\"a\"", "If-Match", etag).statusCode()).isEqualTo(200);
		assertThat(get("/api/static", "If-Match", "\"x," + opaque + "\"").statusCode()).isEqualTo(412);
		assertThat(get("/api/static", "If-Match", opaque).statusCode()).isEqualTo(412);
	}

	@Test
	void answersHeadWithTheHeaderFieldsOfGet() throws Exception {
		HttpResponse<byte[]> head = this.client.send(
				request("/api/static", "Accept-Encoding", "lzf").method("HEAD", HttpRequest.BodyPublishers.noBody())
					.build(),
				HttpResponse.BodyHandlers.ofByteArray());
		assertThat(head.headers().firstValue("Content-Encoding")).hasValue("lzf");
		assertThat(head.headers().firstValue("Vary")).hasValue("Accept-Encoding");
		assertThat(head.headers().firstValue("ETag").orElseThrow()).endsWith("-lzf\"");
		assertThat(head.headers().firstValue("Content-Length")).isEmpty();
	}

	@Test
	void leavesTheUnannotatedCopyAndThePingAlone() throws Exception {
		assertThat(get("/api/uncompressed/static", "Accept-Encoding", "lzf").headers().firstValue("Content-Encoding"))
			.isEmpty();
		HttpResponse<byte[]> ping = get("/api/ping", "Accept-Encoding", "lzf");
		assertThat(ping.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(new String(ping.body(), StandardCharsets.UTF_8)).isEqualTo("pong");
	}

	@Test
	void generatesComplexDocuments() throws Exception {
		HttpResponse<byte[]> response = get("/api/complex/500", "Accept-Encoding", "lzf");
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("lzf");
		String json = new String(new LZFInputStream(new ByteArrayInputStream(response.body())).readAllBytes(),
				StandardCharsets.UTF_8);
		assertThat(json).startsWith("[{\"id\":").contains("\"date\":", "\"login\":", "\"boolean\":", "\"someId\":");
		assertThat(get("/api/complex/1000000").statusCode()).isEqualTo(400);
	}

	@Test
	void echoesAnLzfRequestBody() throws Exception {
		byte[] body = get("/api/complex/200").body();
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		try (OutputStream lzf = new LZFOutputStream(encoded)) {
			lzf.write(body);
		}
		HttpResponse<byte[]> response = post("/api/echo", encoded.toByteArray(), "Content-Encoding", "lzf",
				"Content-Type", "application/json");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
		assertThat(response.body()).isEqualTo(body);
	}

	@Test
	void echoesABodyWithoutContentTypeAsOctetStream() throws Exception {
		HttpResponse<byte[]> response = post("/api/echo", new byte[] { 1, 2, 3 });
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/octet-stream");
		assertThat(response.body()).containsExactly(1, 2, 3);
	}

	@Test
	void refusesAnInvalidOrWildcardRequestContentTypeWithUnsupportedMediaType() throws Exception {
		for (String contentType : UNUSABLE_CONTENT_TYPES) {
			HttpResponse<byte[]> response = post("/api/echo", "{}".getBytes(StandardCharsets.UTF_8), "Content-Type",
					contentType);
			assertThat(response.statusCode()).as(contentType).isEqualTo(415);
			assertThat(new String(response.body(), StandardCharsets.UTF_8)).as(contentType)
				.contains("\"status\":415", "Content-Type");
		}
	}

	@Test
	void refusesBadRequestBodiesWithProblems() throws Exception {
		HttpResponse<byte[]> unsupported = post("/api/echo", new byte[10], "Content-Encoding", "snappy");
		assertThat(unsupported.statusCode()).isEqualTo(415);
		assertThat(unsupported.headers().firstValue("Accept-Encoding")).hasValue("lzf, lz4, gzip, zstd, br, deflate");
		assertThat(post("/api/echo", "ZVgarbage".getBytes(StandardCharsets.UTF_8), "Content-Encoding", "lzf")
			.statusCode()).isEqualTo(400);
		ByteArrayOutputStream bomb = new ByteArrayOutputStream();
		try (OutputStream gzip = new GZIPOutputStream(bomb)) {
			gzip.write(new byte[20 * 1024 * 1024]);
		}
		HttpResponse<byte[]> tooLarge = post("/api/echo", bomb.toByteArray(), "Content-Encoding", "gzip");
		assertThat(tooLarge.statusCode()).isEqualTo(413);
		assertThat(new String(tooLarge.body(), StandardCharsets.UTF_8)).contains("\"status\":413");
	}

	@Test
	void streamsJsonLinesInLzf() throws Exception {
		HttpResponse<InputStream> response = this.client.send(request("/api/stream", "Accept-Encoding", "lzf").build(),
				HttpResponse.BodyHandlers.ofInputStream());
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("lzf");
		try (InputStream lines = new LZFInputStream(response.body())) {
			String text = new String(lines.readAllBytes(), StandardCharsets.UTF_8);
			assertThat(text.lines()).hasSize(40).allMatch((line) -> line.startsWith("{\"id\":"));
		}
	}

	@Test
	void streamsJsonLinesWhateverJsonTypeTheClientAccepts() throws Exception {
		for (String accept : List.of("application/json", "application/x-ndjson", "*/*")) {
			HttpResponse<byte[]> response = get("/api/stream", "Accept", accept, "Accept-Encoding", "identity");
			assertThat(response.statusCode()).as(accept).isEqualTo(200);
			assertThat(response.headers().firstValue("Content-Type")).as(accept).hasValue("application/x-ndjson");
			assertThat(new String(response.body(), StandardCharsets.UTF_8).lines()).as(accept).hasSize(40);
		}
	}

	@Test
	void exposesHealthMetricsAndPrometheus() throws Exception {
		assertThat(get("/actuator/health").statusCode()).isEqualTo(200);
		assertThat(get("/actuator/metrics").statusCode()).isEqualTo(200);
		assertThat(get("/actuator/prometheus").statusCode()).isEqualTo(200);
		assertThat(get("/actuator/restcompress").statusCode()).isEqualTo(200);
	}

	protected HttpResponse<byte[]> get(String path, String... headers) throws IOException, InterruptedException {
		return this.client.send(request(path, headers).build(), HttpResponse.BodyHandlers.ofByteArray());
	}

	protected HttpResponse<byte[]> post(String path, byte[] body, String... headers)
			throws IOException, InterruptedException {
		return this.client.send(request(path, headers).POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
				HttpResponse.BodyHandlers.ofByteArray());
	}

	protected HttpRequest.Builder request(String path, String... headers) {
		HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path));
		return (headers.length > 0) ? builder.headers(headers) : builder;
	}

}
