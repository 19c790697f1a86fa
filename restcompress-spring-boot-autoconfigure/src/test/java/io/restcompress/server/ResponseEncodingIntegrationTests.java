package io.restcompress.server;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract's "Server: responses" rules over real HTTP, seen through a client that decodes
 * nothing, with the response codings of the contract's first table (lzf, gzip, deflate).
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "restcompress.server.encodings=lzf,gzip,deflate")
class ResponseEncodingIntegrationTests extends AbstractServerIntegrationTests {

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip", "deflate" })
	void encodesAnnotatedHandlerInTheAcceptedCoding(String coding) {
		HttpResponse<byte[]> response = this.http.get("/large", "Accept-Encoding", coding);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(header(response, "Content-Encoding")).isEqualTo(coding);
		assertThat(header(response, "Vary")).isEqualTo("Accept-Encoding");
		assertThat(response.body().length).isLessThan(TestEndpoints.LARGE.length / 2);
		assertThat(HttpTestClient.decode(coding, response.body())).isEqualTo(TestEndpoints.LARGE);
		if (response.headers().firstValue("Content-Length").isPresent()) {
			assertThat(response.headers().firstValueAsLong("Content-Length").getAsLong())
				.isEqualTo(response.body().length);
		}
	}

	/**
	 * Tomcat ends an encoded body of unknown length by closing the connection for an HTTP/1.0
	 * client, which it can read.
	 */
	@Test
	void encodesForAnHttp10ClientWithTheBodyEndedByTheConnection() throws IOException {
		byte[] response = getOverHttp10("/known-length/10000");
		assertThat(headerSection(response)).contains("content-encoding: gzip").doesNotContain("transfer-encoding");
		try (InputStream decoded = new GZIPInputStream(new ByteArrayInputStream(bodyAfterHeaders(response)))) {
			assertThat(decoded.readAllBytes()).hasSize(10000);
		}
	}

	@Test
	void encodesXGzipRequestsAsGzip() {
		HttpResponse<byte[]> response = this.http.get("/large", "Accept-Encoding", "x-gzip");
		assertThat(header(response, "Content-Encoding")).isEqualTo("gzip");
		assertThat(HttpTestClient.decode("gzip", response.body())).isEqualTo(TestEndpoints.LARGE);
	}

	@Test
	void leavesUnannotatedHandlerUntouched() {
		HttpResponse<byte[]> response = this.http.get("/plain/large", "Accept-Encoding", "lzf, gzip");
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(response.headers().firstValue("Vary")).isEmpty();
		assertThat(response.body()).isEqualTo(TestEndpoints.LARGE);
	}

	@Test
	void neverEncodesExcludedMethodOfAnnotatedClass() {
		HttpResponse<byte[]> response = this.http.get("/excluded", "Accept-Encoding", "lzf");
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(response.body()).isEqualTo(TestEndpoints.LARGE);
	}

	@Test
	void usesTheAnnotationsOwnPreferenceOrder() {
		HttpResponse<byte[]> response = this.http.get("/gzip-first", "Accept-Encoding", "lzf, gzip");
		assertThat(header(response, "Content-Encoding")).isEqualTo("gzip");
		HttpResponse<byte[]> onlyDeflate = this.http.get("/gzip-first", "Accept-Encoding", "deflate");
		assertThat(onlyDeflate.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(header(onlyDeflate, "Vary")).isEqualTo("Accept-Encoding");
	}

	@ParameterizedTest(name = "Accept-Encoding: {0} -> {1}")
	@CsvSource(delimiter = '|', value = { "lzf, gzip, deflate|lzf", "gzip, lzf|lzf", "GZIP|gzip", "LZF;Q=1|lzf",
			"gzip;q=1.0, lzf;q=0.5|gzip", "lzf;q=0.2, deflate;q=0.3|deflate", "*|gzip", "*;q=0.5, lzf;q=0.4|gzip",
			"lzf;q=0, *|gzip", "gzip;q=0, *|deflate", "identity|identity", "identity, lzf;q=0.5|identity",
			"gzip;q=0.5, identity;q=0.4|gzip", "br|identity", "gzip;q=2, lzf;q=abc|identity",
			"'gzip;q=0, deflate;q=0, lzf;q=0'|identity", "' , ;, gzip'|gzip" })
	void negotiatesTheCodingPerRfc9110(String acceptEncoding, String expected) {
		HttpResponse<byte[]> response = this.http.get("/large", "Accept-Encoding", acceptEncoding);
		assertThat(response.headers().firstValue("Content-Encoding").orElse("identity")).isEqualTo(expected);
		assertThat(header(response, "Vary")).isEqualTo("Accept-Encoding");
		byte[] body = expected.equals("identity") ? response.body() : HttpTestClient.decode(expected, response.body());
		assertThat(body).isEqualTo(TestEndpoints.LARGE);
	}

	@Test
	void sendsIdentityWithVaryWhenNoAcceptEncodingIsSent() {
		HttpResponse<byte[]> response = this.http.get("/large");
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(header(response, "Vary")).isEqualTo("Accept-Encoding");
		assertThat(response.body()).isEqualTo(TestEndpoints.LARGE);
	}

	/**
	 * A servlet included in a page sets its fragment's length, which the container ignores in
	 * an include; so does restcompress: the page goes out whole.
	 */
	@ParameterizedTest
	@CsvSource({ "1000, 500, identity", "1000, 500, lzf", "1000, 3000, identity", "1000, 3000, lzf" })
	void sendsTheWholePageWhenAnIncludedServletSetsTheLengthOfItsFragment(int before, int after, String coding) {
		HttpResponse<byte[]> response = this.http.get("/page-with-fragment/" + before + "/" + after, "Accept-Encoding",
				coding);
		byte[] page = concat(TestPayloads.json(before), TestEndpoints.FragmentServlet.FRAGMENT,
				TestPayloads.json(after));
		byte[] body = response.headers().firstValue("Content-Encoding").isPresent()
				? HttpTestClient.decode(coding, response.body()) : response.body();
		assertThat(body).isEqualTo(page);
		assertThat(this.http.get("/large").body()).as("the connection's next response").isEqualTo(TestEndpoints.LARGE);
	}

	private static byte[] concat(byte[]... parts) {
		java.io.ByteArrayOutputStream joined = new java.io.ByteArrayOutputStream();
		for (byte[] part : parts) {
			joined.writeBytes(part);
		}
		return joined.toByteArray();
	}

	@Test
	void sendsIdentityForEmptyAcceptEncoding() {
		HttpResponse<byte[]> response = this.http.get("/large", "Accept-Encoding", "");
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
	}

	@Test
	void sendsNoBodyButTheEncodedFieldsForHead() {
		HttpResponse<byte[]> response = this.http.head("/large", "Accept-Encoding", "lzf");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(header(response, "Content-Encoding")).isEqualTo("lzf");
		assertThat(response.body()).isEmpty();
	}

	@Test
	void neverEncodesNoContent() {
		HttpResponse<byte[]> response = this.http.get("/no-content", "Accept-Encoding", "lzf");
		assertThat(response.statusCode()).isEqualTo(204);
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
	}

	@Test
	void neverEncodesPartialContent() {
		HttpResponse<byte[]> response = this.http.get("/partial", "Accept-Encoding", "lzf");
		assertThat(response.statusCode()).isEqualTo(206);
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(response.body()).isEqualTo(TestEndpoints.LARGE);
	}

	@Test
	void neverEncodesResponsesWithContentRange() {
		HttpResponse<byte[]> response = this.http.get("/content-range", "Accept-Encoding", "lzf");
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(response.body()).isEqualTo(TestEndpoints.LARGE);
	}

	@Test
	void leavesResponsesWithAContentEncodingAlone() {
		HttpResponse<byte[]> response = this.http.get("/pre-encoded", "Accept-Encoding", "lzf");
		assertThat(header(response, "Content-Encoding")).isEqualTo("br");
		assertThat(response.body()).isEqualTo(TestEndpoints.LARGE);
		assertThat(response.headers().firstValue("Vary")).isEmpty();
	}

	@Test
	void encodesResponsesWhoseContentEncodingIsIdentity() {
		HttpResponse<byte[]> response = this.http.get("/identity-encoded", "Accept-Encoding", "lzf");
		assertThat(header(response, "Content-Encoding")).isEqualTo("lzf");
		assertThat(HttpTestClient.decode("lzf", response.body())).isEqualTo(TestEndpoints.LARGE);
	}

	@Test
	void respectsNoTransform() {
		HttpResponse<byte[]> response = this.http.get("/no-transform", "Accept-Encoding", "lzf");
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(response.body()).isEqualTo(TestEndpoints.LARGE);
	}

	@Test
	void leavesIncompressibleTypesAlone() {
		HttpResponse<byte[]> image = this.http.get("/image", "Accept-Encoding", "lzf");
		assertThat(image.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(image.headers().firstValue("Vary")).isEmpty();
		HttpResponse<byte[]> untyped = this.http.get("/no-type", "Accept-Encoding", "lzf");
		assertThat(untyped.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(untyped.body()).isEqualTo(TestEndpoints.LARGE);
	}

	@Test
	void encodesSuffixedAndWildcardTypesWhateverTheStatus() {
		HttpResponse<byte[]> problem = this.http.get("/problem", "Accept-Encoding", "lzf");
		assertThat(problem.statusCode()).isEqualTo(409);
		assertThat(header(problem, "Content-Encoding")).isEqualTo("lzf");
		HttpResponse<byte[]> text = this.http.get("/text", "Accept-Encoding", "lzf");
		assertThat(header(text, "Content-Encoding")).isEqualTo("lzf");
		assertThat(HttpTestClient.decode("lzf", text.body())).isEqualTo(TestEndpoints.LARGE);
	}

	@ParameterizedTest
	@CsvSource({ "4499, false", "4500, true", "4501, true" })
	void appliesTheThresholdToKnownLengths(int size, boolean encoded) {
		HttpResponse<byte[]> response = this.http.get("/known-length/" + size, "Accept-Encoding", "lzf");
		assertThat(response.headers().firstValue("Content-Encoding").isPresent()).isEqualTo(encoded);
		assertThat(response.headers().firstValue("Vary").isPresent()).isEqualTo(encoded);
		byte[] body = encoded ? HttpTestClient.decode("lzf", response.body()) : response.body();
		assertThat(body).isEqualTo(TestPayloads.json(size));
	}

	@ParameterizedTest
	@CsvSource({ "1, false", "4499, false", "4500, true", "250000, true" })
	void appliesTheThresholdToUnknownLengthsByBuffering(int size, boolean encoded) {
		HttpResponse<byte[]> response = this.http.get("/unknown-length/" + size, "Accept-Encoding", "lzf");
		assertThat(response.headers().firstValue("Content-Encoding").isPresent()).isEqualTo(encoded);
		if (!encoded) {
			assertThat(response.headers().firstValueAsLong("Content-Length")).hasValue(size);
		}
		byte[] body = encoded ? HttpTestClient.decode("lzf", response.body()) : response.body();
		assertThat(body).isEqualTo(TestPayloads.json(size));
	}

	/**
	 * A length the handler declares after its body was encoded, while the encoded body is still
	 * in the container's buffer, is the identity length, not the length of what is sent.
	 */
	@Test
	void ignoresALengthDeclaredAfterTheBodyWasEncoded() throws IOException {
		byte[] response = getOverHttp10("/fields-after-body/6000");
		byte[] body = bodyAfterHeaders(response);
		assertThat(headerSection(response)).contains("content-encoding: gzip");
		assertThat(field(new String(response, StandardCharsets.ISO_8859_1), "content-length"))
			.isIn(null, String.valueOf(body.length));
		try (InputStream decoded = new GZIPInputStream(new ByteArrayInputStream(body))) {
			assertThat(decoded.readAllBytes()).isEqualTo(TestPayloads.json(6000));
		}
	}

	@Test
	void suffixesAnEntityTagSetAfterTheBodyWasEncoded() {
		HttpResponse<byte[]> response = this.http.get("/fields-after-body/6000", "Accept-Encoding", "gzip");
		assertThat(header(response, "Content-Encoding")).isEqualTo("gzip");
		assertThat(header(response, "ETag")).isEqualTo("\"late-gzip\"");
		assertThat(HttpTestClient.decode("gzip", response.body())).isEqualTo(TestPayloads.json(6000));
	}

	@ParameterizedTest
	@ValueSource(strings = { "/known-length/20000", "/unknown-length/20000" })
	void sendsAnEncodedBodyThatFitsTheContainersBufferWithItsLength(String path) {
		HttpResponse<byte[]> response = this.http.get(path, "Accept-Encoding", "lzf");
		assertThat(header(response, "Content-Encoding")).isEqualTo("lzf");
		assertThat(response.headers().firstValue("Transfer-Encoding")).isEmpty();
		assertThat(response.headers().firstValueAsLong("Content-Length")).hasValue(response.body().length);
		assertThat(HttpTestClient.decode("lzf", response.body())).isEqualTo(TestPayloads.json(20000));
	}

	@Test
	void mergesVaryWithoutDuplicates() {
		HttpResponse<byte[]> merged = this.http.get("/vary", "Accept-Encoding", "lzf", "X-Vary", "Origin");
		assertThat(String.join(", ", merged.headers().allValues("Vary"))).isEqualTo("Origin, Accept-Encoding");
		HttpResponse<byte[]> present = this.http.get("/vary", "Accept-Encoding", "lzf", "X-Vary", "accept-encoding");
		assertThat(present.headers().allValues("Vary")).containsExactly("accept-encoding");
		HttpResponse<byte[]> star = this.http.get("/vary", "Accept-Encoding", "lzf", "X-Vary", "*");
		assertThat(star.headers().allValues("Vary")).containsExactly("*");
	}

	@Test
	void removesAcceptRangesFromEncodedResponses() {
		HttpResponse<byte[]> encoded = this.http.get("/accept-ranges", "Accept-Encoding", "lzf");
		assertThat(encoded.headers().firstValue("Accept-Ranges")).isEmpty();
		HttpResponse<byte[]> identity = this.http.get("/accept-ranges");
		assertThat(header(identity, "Accept-Ranges")).isEqualTo("bytes");
	}

	@Test
	void encodesWhatIsWrittenThroughTheWriter() {
		HttpResponse<byte[]> response = this.http.get("/writer", "Accept-Encoding", "gzip");
		assertThat(header(response, "Content-Encoding")).isEqualTo("gzip");
		assertThat(HttpTestClient.decode("gzip", response.body())).isEqualTo(TestEndpoints.LARGE);
	}

	@ParameterizedTest
	@CsvSource({ "100, gzip", "10000, gzip", "10000, lzf", "10000, identity" })
	void dropsWhatTheWriterHeldWhenTheBufferIsReset(int size, String coding) {
		HttpResponse<byte[]> response = this.http.get("/writer-reset?size=" + size, "Accept-Encoding", coding);
		byte[] body = response.headers().firstValue("Content-Encoding").isPresent()
				? HttpTestClient.decode(coding, response.body()) : response.body();
		assertThat(body).isEqualTo(Arrays.copyOf(TestEndpoints.LARGE, size));
	}

	@Test
	void keepsTheWritersCharsetWhenTheContentTypeChangesAfterIt() {
		HttpResponse<byte[]> response = this.http.get("/writer-charset");
		assertThat(header(response, "Content-Type")).isEqualToIgnoringCase("text/plain;charset=UTF-8");
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("déjà vu, 5 €");
	}

	@Test
	void advertisesTheAcceptedRequestCodings() {
		HttpResponse<byte[]> response = this.http.get("/plain/get");
		assertThat(response.headers().allValues("Accept-Encoding")).containsExactly("lzf, lz4, gzip, zstd, br, deflate");
	}

}
