package io.restcompress.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

import com.aayushatharva.brotli4j.encoder.Encoder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract's "Server: request bodies" rules over real HTTP, with a 1 MB decoded-size limit
 * and a 64 KB form limit.
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "restcompress.server.request.max-decoded-size=1MB", "restcompress.server.request.max-form-size=64KB",
				"server.max-http-request-header-size=2MB" })
class RequestDecodingIntegrationTests extends AbstractServerIntegrationTests {

	private static final int LIMIT = 1024 * 1024;

	@BeforeEach
	void resetEndpoints() {
		TestEndpoints.handlerCalls.set(0);
		TestEndpoints.bytesDelivered.set(0);
	}

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip", "x-gzip", "deflate", "LZF", "zstd", "br", "lz4" })
	void decodesRequestBodiesForEveryEndpoint(String coding) {
		byte[] body = TestPayloads.json(300_000);
		HttpResponse<byte[]> response = this.http.post("/plain/echo", HttpTestClient.encode(coding.toLowerCase(), body),
				"Content-Encoding", coding);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(body);
		assertThat(header(response, "X-Seen-Content-Encoding")).isEqualTo("null");
		assertThat(header(response, "X-Seen-Content-Length")).isEqualTo("-1");
	}

	@Test
	void answersAProblemWithoutTheValidatorsTheHandlerSet() {
		answersAProblemWithoutTheValidatorsOfTheHandler("/plain/tagged-count");
	}

	@Test
	void decodesRawDeflate() throws IOException {
		byte[] body = TestPayloads.json(20_000);
		ByteArrayOutputStream raw = new ByteArrayOutputStream();
		try (OutputStream deflater = new DeflaterOutputStream(raw, new Deflater(6, true))) {
			deflater.write(body);
		}
		HttpResponse<byte[]> response = this.http.post("/plain/echo", raw.toByteArray(), "Content-Encoding", "deflate");
		assertThat(response.body()).isEqualTo(body);
	}

	@Test
	void decodesStackedCodingsInReverseOrder() {
		byte[] body = TestPayloads.json(50_000);
		byte[] gzipThenLzf = HttpTestClient.encode("lzf", HttpTestClient.encode("gzip", body));
		HttpResponse<byte[]> response = this.http.post("/plain/echo", gzipThenLzf, "Content-Encoding", "gzip, lzf");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(body);
		HttpResponse<byte[]> twoFields = this.http.post("/plain/echo", gzipThenLzf, "Content-Encoding", "gzip",
				"Content-Encoding", "lzf");
		assertThat(twoFields.body()).isEqualTo(body);
	}

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip", "deflate", "zstd", "br", "lz4" })
	void readsAnEmptyChunkedBodyAsEmptyWhateverItsCoding(String coding) throws IOException {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.getOutputStream()
				.write(("POST /plain/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n"
						+ "Content-Encoding: " + coding + "\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
						+ "0\r\n\r\n")
					.getBytes(StandardCharsets.US_ASCII));
			String head = readUntil(socket.getInputStream(), "\r\n\r\n");
			assertThat(head).startsWith("HTTP/1.1 200 ").containsIgnoringCase("X-Seen-Content-Encoding: null");
		}
	}

	@Test
	void refusesAnUnsupportedCodingWithoutWaitingForABodyTheClientHoldsBackUntil100Continue() throws IOException {
		String response = exchangeHalfClosed("Content-Length: 10\r\nExpect: 100-continue\r\n\r\n");
		assertThat(response.replaceFirst("^HTTP/1.1 100 \r\n\r\n", "")).startsWith("HTTP/1.1 415 ")
			.containsIgnoringCase("Content-Type: application/problem+json");
		assertThat(TestEndpoints.handlerCalls).hasValue(0);
	}

	@Test
	void answersAnUnsupportedCodingWhoseBodyEndsEarlyWith400AsAnyTruncatedRequest() throws IOException {
		String response = exchangeHalfClosed("Content-Length: 10\r\n\r\n01234");
		assertThat(response).startsWith("HTTP/1.1 400 ");
		assertThat(TestEndpoints.handlerCalls).hasValue(0);
	}

	String exchangeHalfClosed(String rest) throws IOException {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(10_000);
			socket.getOutputStream()
				.write(("POST /plain/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
						+ "Content-Encoding: foo\r\n" + rest)
					.getBytes(StandardCharsets.US_ASCII));
			socket.shutdownOutput();
			return new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
		}
	}

	@Test
	void refusesAnUnsupportedCodingOnHeadAsOnGet() {
		HttpResponse<byte[]> get = this.http.get("/plain/get", "Content-Encoding", "snappy");
		HttpResponse<byte[]> head = this.http.head("/plain/get", "Content-Encoding", "snappy");
		assertThat(get.statusCode()).isEqualTo(415);
		assertThat(head.statusCode()).isEqualTo(415);
		assertThat(header(head, "Accept-Encoding")).isEqualTo(header(get, "Accept-Encoding"));
		assertThat(header(head, "Content-Type")).isEqualTo("application/problem+json");
		assertThat(head.body()).isEmpty();
	}

	@Test
	void passesIdentityThrough() {
		byte[] body = TestPayloads.json(10_000);
		HttpResponse<byte[]> response = this.http.post("/plain/echo", body, "Content-Encoding", "identity");
		assertThat(response.body()).isEqualTo(body);
	}

	@Test
	void decodesRequestBodiesForAnnotatedMessageConverterEndpoints() {
		byte[] body = TestPayloads.json(30_000);
		HttpResponse<byte[]> response = this.http.post("/echo", HttpTestClient.encode("lzf", body), "Content-Encoding",
				"lzf", "Content-Type", "application/json", "Accept-Encoding", "gzip");
		assertThat(header(response, "Content-Encoding")).isEqualTo("gzip");
		assertThat(HttpTestClient.decode("gzip", response.body())).isEqualTo(body);
	}

	@Test
	void rejectsUnsupportedCodingWith415AndAcceptEncoding() {
		HttpResponse<byte[]> response = this.http.post("/plain/echo", "{}".getBytes(StandardCharsets.UTF_8),
				"Content-Encoding", "foo", "Content-Type", "application/json");
		assertThat(response.statusCode()).isEqualTo(415);
		assertThat(header(response, "Accept-Encoding")).isEqualTo("lzf, lz4, gzip, zstd, br, deflate");
		assertThat(header(response, "Content-Type")).isEqualTo("application/problem+json");
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("\"status\":415")
			.contains("\"coding\":\"foo\"")
			.contains("\"instance\":\"/plain/echo\"");
		assertThat(TestEndpoints.handlerCalls).hasValue(0);
	}

	@Test
	void answersWithAnRfc9457ProblemNamingTypeTitleStatusDetailInstanceAndCoding() {
		HttpResponse<byte[]> response = this.http.post("/plain/echo", "{}".getBytes(StandardCharsets.UTF_8),
				"Content-Encoding", "foo", "Content-Type", "application/json");
		assertThat(response.statusCode()).isEqualTo(415);
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("{\"type\":\"about:blank\","
				+ "\"title\":\"Unsupported Media Type\",\"status\":415,"
				+ "\"detail\":\"Content-Encoding 'foo' is not supported; supported codings: lzf, lz4, gzip, zstd, br, deflate\","
				+ "\"instance\":\"/plain/echo\",\"coding\":\"foo\"}");
		assertThat(header(response, "Content-Length")).isEqualTo(String.valueOf(response.body().length));
	}

	@Test
	void echoesAtMostTheFirst200CharactersOfAHugeContentEncoding() {
		String contentEncoding = "foo, ".repeat(240_000) + "bar";
		HttpResponse<byte[]> response = this.http.post("/plain/echo", "{}".getBytes(StandardCharsets.UTF_8),
				"Content-Encoding", contentEncoding, "Content-Type", "application/json");
		assertThat(response.statusCode()).isEqualTo(415);
		String body = new String(response.body(), StandardCharsets.UTF_8);
		assertThat(body).contains("\"coding\":\"" + contentEncoding.substring(0, 200) + "...\"")
			.doesNotContain("bar");
		assertThat(response.body().length).isLessThan(1000);
	}

	@Test
	void rejectsAnEncodedMultipartBodyWhichTheContainerParsesFromTheRawBody() {
		HttpResponse<byte[]> response = this.http.post("/plain/form",
				HttpTestClient.encode("gzip", "a=1".getBytes(StandardCharsets.US_ASCII)), "Content-Encoding", "gzip",
				"Content-Type", "multipart/form-data; boundary=x");
		assertThat(response.statusCode()).isEqualTo(415);
		assertThat(header(response, "Accept-Encoding")).isEqualTo("identity");
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("multipart");
		assertThat(TestEndpoints.handlerCalls).hasValue(0);
	}

	@Test
	void givesTheParametersOfAnEncodedFormFromItsDecodedBody() {
		HttpResponse<byte[]> response = this.http.post("/plain/form",
				HttpTestClient.encode("gzip", "a=%C3%A9t%C3%A9+1&b=2".getBytes(StandardCharsets.US_ASCII)),
				"Content-Encoding", "gzip", "Content-Type", "application/x-www-form-urlencoded");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("été 1");
	}

	@Test
	void givesTheQuerysParametersBeforeThoseOfAnEncodedFormsBody() {
		HttpResponse<byte[]> response = this.http.post("/plain/form/all?a=query&c=3",
				HttpTestClient.encode("lzf", "a=body&b=2&&b".getBytes(StandardCharsets.US_ASCII)),
				"Content-Encoding", "lzf", "Content-Type", "application/x-www-form-urlencoded; charset=UTF-8");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("a=[query, body] c=[3] b=[2, ]");
	}

	@ParameterizedTest
	@ValueSource(strings = { "a=1&=nameless", "a=%zz", "a=1&b=%E" })
	void answersAnEncodedFormWithAMalformedParameterWith400AsTheContainerDoesAnUnencodedOne(String form) {
		HttpResponse<byte[]> plain = this.http.post("/plain/form", form.getBytes(StandardCharsets.US_ASCII),
				"Content-Type", "application/x-www-form-urlencoded");
		HttpResponse<byte[]> encoded = this.http.post("/plain/form",
				HttpTestClient.encode("gzip", form.getBytes(StandardCharsets.US_ASCII)), "Content-Encoding", "gzip",
				"Content-Type", "application/x-www-form-urlencoded");
		assertThat(plain.statusCode()).isEqualTo(400);
		assertThat(encoded.statusCode()).isEqualTo(400);
		assertThat(header(encoded, "Content-Type")).isEqualTo("application/problem+json");
		assertThat(new String(encoded.body(), StandardCharsets.UTF_8)).contains("\"coding\":\"gzip\"");
	}

	@Test
	void answersAnEncodedFormWithMoreParametersThanTheContainerTakesWith400() {
		byte[] form = "a=1&".repeat(1001).getBytes(StandardCharsets.US_ASCII);
		HttpResponse<byte[]> plain = this.http.post("/plain/form", form, "Content-Type",
				"application/x-www-form-urlencoded");
		HttpResponse<byte[]> encoded = this.http.post("/plain/form", HttpTestClient.encode("zstd", form),
				"Content-Encoding", "zstd", "Content-Type", "application/x-www-form-urlencoded");
		assertThat(plain.statusCode()).isEqualTo(400);
		assertThat(encoded.statusCode()).isEqualTo(400);
		assertThat(new String(encoded.body(), StandardCharsets.UTF_8)).contains("more than 1000 parameters",
				"max-form-parameters");
	}

	@Test
	void readsAnEncodedFormsParametersAndThenAnEmptyReader() {
		HttpResponse<byte[]> response = this.http.post("/plain/form/reader",
				HttpTestClient.encode("gzip", "a=1".getBytes(StandardCharsets.US_ASCII)), "Content-Encoding", "gzip",
				"Content-Type", "application/x-www-form-urlencoded");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("1 -1");
	}

	@Test
	void readsAnEncodedFormsBodyAsItIsWhenTheApplicationReadsTheStream() {
		HttpResponse<byte[]> response = this.http.post("/plain/echo",
				HttpTestClient.encode("gzip", "a=1&b=2".getBytes(StandardCharsets.US_ASCII)), "Content-Encoding", "gzip",
				"Content-Type", "application/x-www-form-urlencoded");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(new String(response.body(), StandardCharsets.US_ASCII)).isEqualTo("a=1&b=2");
	}

	@Test
	void answersACorruptEncodedFormWith400NamingTheCoding() {
		byte[] encoded = HttpTestClient.encode("gzip", "a=1&b=2".getBytes(StandardCharsets.US_ASCII));
		encoded[encoded.length - 5] ^= 0x55;
		HttpResponse<byte[]> response = this.http.post("/plain/form", encoded, "Content-Encoding", "gzip",
				"Content-Type", "application/x-www-form-urlencoded");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("\"coding\":\"gzip\"");
	}

	@Test
	void answersAnEncodedFormDecodingPastTheLimitWith413() {
		HttpResponse<byte[]> response = this.http.post("/plain/form",
				HttpTestClient.encode("gzip", new byte[20 * 1024 * 1024]), "Content-Encoding", "gzip", "Content-Type",
				"application/x-www-form-urlencoded");
		assertThat(response.statusCode()).isEqualTo(413);
		assertThat(TestEndpoints.handlerCalls).hasValue(0);
	}

	@Test
	void streamsAnEncodedFormLargerThanTheFormLimitToAnApplicationThatReadsTheBody() {
		byte[] form = ("x=" + "a".repeat(200 * 1024)).getBytes(StandardCharsets.US_ASCII);
		HttpResponse<byte[]> response = this.http.post("/plain/echo", HttpTestClient.encode("gzip", form),
				"Content-Encoding", "gzip", "Content-Type", "application/x-www-form-urlencoded");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(form);
	}

	@Test
	void answersAnEncodedFormLargerThanTheFormLimitWith413WhenItsParametersAreRead() {
		byte[] form = ("a=" + "a".repeat(200 * 1024)).getBytes(StandardCharsets.US_ASCII);
		HttpResponse<byte[]> response = this.http.post("/plain/form", HttpTestClient.encode("gzip", form),
				"Content-Encoding", "gzip", "Content-Type", "application/x-www-form-urlencoded");
		assertThat(response.statusCode()).isEqualTo(413);
		assertThat(new String(response.body(), StandardCharsets.UTF_8))
			.contains("restcompress.server.request.max-form-size");
		assertThat(TestEndpoints.handlerCalls).hasValue(0);
	}

	@Test
	void decodesABrotliBodyWrittenWithTheLargestStandardWindow() throws IOException {
		byte[] body = TestPayloads.json(200_000);
		byte[] encoded = Encoder.compress(body, new Encoder.Parameters().setQuality(5).setWindow(24));
		HttpResponse<byte[]> response = this.http.post("/plain/echo", encoded, "Content-Encoding", "br");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(body);
	}

	@Test
	void leavesPlainFormsAlone() {
		HttpResponse<byte[]> response = this.http.post("/plain/form", "a=1".getBytes(StandardCharsets.US_ASCII),
				"Content-Type", "application/x-www-form-urlencoded");
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("1");
	}

	@Test
	void rejectsStackedCodingWithAnUnknownLayer() {
		HttpResponse<byte[]> response = this.http.post("/plain/echo", HttpTestClient.encode("gzip", new byte[10]),
				"Content-Encoding", "gzip, foo");
		assertThat(response.statusCode()).isEqualTo(415);
		assertThat(TestEndpoints.handlerCalls).hasValue(0);
	}

	@Test
	void rejectsMoreStackedCodingsThanAllowed() {
		byte[] body = HttpTestClient.encode("gzip", HttpTestClient.encode("gzip", HttpTestClient.encode("gzip", new byte[10])));
		HttpResponse<byte[]> response = this.http.post("/plain/echo", body, "Content-Encoding", "gzip, gzip, gzip");
		assertThat(response.statusCode()).isEqualTo(415);
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("stacks more codings than the 2");
		assertThat(TestEndpoints.handlerCalls).hasValue(0);
	}

	@Test
	void rejectsUnsupportedCodingOnABodilessGet() {
		HttpResponse<byte[]> response = this.http.get("/plain/get", "Content-Encoding", "foo");
		assertThat(response.statusCode()).isEqualTo(415);
	}

	@Test
	void ignoresSupportedCodingOnABodilessGet() {
		HttpResponse<byte[]> response = this.http.get("/plain/get", "Content-Encoding", "gzip");
		assertThat(response.statusCode()).isEqualTo(200);
	}

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip", "deflate", "zstd", "br", "lz4" })
	void answersCorruptDataWith400NamingTheCoding(String coding) {
		byte[] encoded = HttpTestClient.encode(coding, TestPayloads.json(50_000));
		encoded[encoded.length / 2] ^= 0x5A;
		encoded[encoded.length / 2 + 1] ^= 0x33;
		assertProblem(this.http.post("/plain/count", encoded, "Content-Encoding", coding), 400, coding);
	}

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip", "deflate", "zstd", "br", "lz4" })
	void answersTruncatedDataWith400(String coding) {
		byte[] encoded = HttpTestClient.encode(coding, TestPayloads.json(50_000));
		assertProblem(this.http.post("/plain/count", Arrays.copyOf(encoded, encoded.length - 3), "Content-Encoding",
				coding), 400, coding);
	}

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip", "deflate", "zstd", "br", "lz4" })
	void answersTrailingGarbageWith400(String coding) {
		byte[] encoded = HttpTestClient.encode(coding, TestPayloads.json(50_000));
		byte[] withGarbage = Arrays.copyOf(encoded, encoded.length + 7);
		System.arraycopy("garbage".getBytes(StandardCharsets.US_ASCII), 0, withGarbage, encoded.length, 7);
		assertProblem(this.http.post("/plain/count", withGarbage, "Content-Encoding", coding), 400, coding);
	}

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip", "deflate", "zstd", "br", "lz4" })
	void answersCorruptDataForMessageConverterEndpointsWith400(String coding) {
		assertProblem(this.http.post("/echo", "not encoded at all".getBytes(StandardCharsets.US_ASCII),
				"Content-Encoding", coding, "Content-Type", "application/json"), 400, coding);
	}

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip", "deflate", "zstd", "br", "lz4" })
	void answersDecompressionBombWith413WithoutDeliveringMoreThanTheLimit(String coding) {
		byte[] bomb = HttpTestClient.encode(coding, new byte[64 * 1024 * 1024]);
		assertThat(bomb.length).isLessThan(LIMIT);
		assertProblem(this.http.post("/plain/count", bomb, "Content-Encoding", coding), 413, coding);
		assertThat(TestEndpoints.bytesDelivered.get()).isPositive().isLessThanOrEqualTo(LIMIT);
	}

	@Test
	void acceptsABodyOfExactlyTheLimit() {
		byte[] body = new byte[LIMIT];
		HttpResponse<byte[]> response = this.http.post("/plain/count", HttpTestClient.encode("gzip", body),
				"Content-Encoding", "gzip");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(String.valueOf(LIMIT));
	}

	@Test
	void answersBombsForMessageConverterEndpointsWith413() {
		byte[] bomb = HttpTestClient.encode("lzf", new byte[8 * 1024 * 1024]);
		assertProblem(this.http.post("/echo", bomb, "Content-Encoding", "lzf", "Content-Type", "application/json"), 413,
				"lzf");
	}

	@ParameterizedTest
	@ValueSource(strings = { "garbage", "trailing garbage", "bomb", "unknown coding" })
	void keepsServingAfterRejections(String rejection) {
		byte[] encoded = HttpTestClient.encode("gzip", TestPayloads.json(5_000));
		HttpResponse<byte[]> rejected = switch (rejection) {
			case "garbage" -> this.http.post("/plain/count", "garbage".getBytes(StandardCharsets.US_ASCII),
					"Content-Encoding", "gzip");
			case "trailing garbage" -> this.http.post("/plain/count", Arrays.copyOf(encoded, encoded.length + 3),
					"Content-Encoding", "gzip");
			case "bomb" -> this.http.post("/plain/count", HttpTestClient.encode("gzip", new byte[4 * LIMIT]),
					"Content-Encoding", "gzip");
			default -> this.http.post("/plain/count", encoded, "Content-Encoding", "br, foo");
		};
		assertThat(rejected.statusCode()).isBetween(400, 499);
		byte[] body = TestPayloads.json(5_000);
		HttpResponse<byte[]> response = this.http.post("/plain/echo", HttpTestClient.encode("gzip", body),
				"Content-Encoding", "gzip");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(body);
	}

	/**
	 * The client sends 2 MB of a 6 MB body and no more: the answer can only come while it is
	 * still uploading.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip" })
	void answers413WhileTheClientIsStillUploading(String coding) throws Exception {
		byte[] incompressible = new byte[6 * 1024 * 1024];
		new Random(13).nextBytes(incompressible);
		String response = answerToAnUnfinishedUpload(coding, HttpTestClient.encode(coding, incompressible),
				2 * LIMIT);
		assertThat(response).startsWith("HTTP/1.1 413")
			.containsIgnoringCase("connection: close")
			.contains("\"status\":413", "\"coding\":\"" + coding + "\"");
	}

	/**
	 * The client sends no byte of its 6 MB body.
	 */
	@Test
	void answers415WhileTheClientIsStillUploading() throws Exception {
		String response = answerToAnUnfinishedUpload("foo", new byte[6 * 1024 * 1024], 0);
		assertThat(response).startsWith("HTTP/1.1 415").contains("\"status\":415");
		assertThat(TestEndpoints.handlerCalls).hasValue(0);
	}

	/**
	 * Declares the whole body, sends its first {@code sent} bytes from another thread, never the
	 * rest, and reads the answer, giving up after 20 seconds.
	 */
	private String answerToAnUnfinishedUpload(String coding, byte[] body, int sent) throws Exception {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(20_000);
			OutputStream out = socket.getOutputStream();
			out.write(("POST /plain/count HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
					+ "Content-Encoding: " + coding + "\r\nContent-Length: " + body.length + "\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			Thread writer = new Thread(() -> {
				try {
					out.write(body, 0, sent);
					out.flush();
				}
				catch (IOException ex) {
					// the server closed the connection after its answer, with the body unread
				}
			});
			writer.start();
			try {
				return readResponse(socket.getInputStream());
			}
			finally {
				socket.close();
				writer.join(20_000);
			}
		}
	}

	private static void assertProblem(HttpResponse<byte[]> response, int status, String coding) {
		assertThat(response.statusCode()).isEqualTo(status);
		assertThat(header(response, "Content-Type")).isEqualTo("application/problem+json");
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("\"status\":" + status)
			.contains("\"coding\":\"" + coding + "\"");
	}

}
