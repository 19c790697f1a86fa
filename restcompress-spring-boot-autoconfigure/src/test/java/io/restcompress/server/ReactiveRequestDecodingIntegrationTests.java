package io.restcompress.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import io.micrometer.core.instrument.MeterRegistry;
import io.restcompress.internal.reactive.LeakRecordingDetector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * The request half of the contract on WebFlux and Reactor Netty, over real HTTP: bodies decoded
 * lazily for every endpoint, 415 with {@code Accept-Encoding}, 413 past the limit and 400 for
 * corrupt data, with problem bodies.
 */
@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "spring.main.web-application-type=reactive",
				"restcompress.server.request.max-decoded-size=1MB" })
class ReactiveRequestDecodingIntegrationTests extends AbstractServerIntegrationTests {

	@AfterAll
	static void releasedEveryBuffer() {
		LeakRecordingDetector.assertNoLeaks();
	}

	@Autowired
	MeterRegistry registry;

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip", "x-gzip", "deflate", "zstd", "br", "lz4" })
	void decodesRequestBodiesInEveryCoding(String coding) {
		byte[] body = TestPayloads.json(200_000);
		HttpResponse<byte[]> response = this.http.post("/echo", HttpTestClient.encode(coding, body),
				"Content-Encoding", coding, "Content-Type", "application/json");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(body);
	}

	/**
	 * A decoded request's response completes on a decoder thread, so its exchange ends a little
	 * after its last byte: a client that sends the next request at once caught Reactor Netty
	 * 1.3.6 between the two, and the connection stopped reading (reactor/reactor-netty#4361).
	 */
	@Test
	void answersAProblemWithoutTheValidatorsTheHandlerSet() {
		answersAProblemWithoutTheValidatorsOfTheHandler("/tagged-echo");
	}

	@Test
	void keepsAnsweringOnAKeepAliveConnectionAfterDecodedRequests() throws IOException {
		byte[] body = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
		byte[] encoded = HttpTestClient.encode("gzip", body);
		byte[] post = ("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
				+ "Content-Encoding: gzip\r\nContent-Length: " + encoded.length + "\r\n\r\n")
			.getBytes(StandardCharsets.US_ASCII);
		byte[] get = "GET /known-length/100 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
		for (int connection = 1; connection <= 40; connection++) {
			try (Socket socket = new Socket("127.0.0.1", this.port)) {
				socket.setSoTimeout(5000);
				OutputStream out = socket.getOutputStream();
				out.write(post);
				out.write(encoded);
				assertThat(readBody(socket.getInputStream())).as("decoded echo on connection %d", connection)
					.isEqualTo(body);
				for (int request = 2; request <= 3; request++) {
					out.write(get);
					assertThat(readBody(socket.getInputStream())).as("request %d on connection %d", request, connection)
						.hasSize(100);
				}
			}
		}
	}

	/**
	 * A refused request that asks to close the connection has its body read before the
	 * connection closes: closing with the body unread resets the connection (TCP sends RST),
	 * which can destroy the answer before the client reads it (RFC 9112, section 9.6).
	 */
	@Test
	void closesTheConnectionOfARefusedRequestThatAsksToCloseWithoutAReset() throws IOException {
		byte[] body = TestPayloads.json(100_000);
		byte[] post = ("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
				+ "Content-Encoding: foo\r\nConnection: close\r\nContent-Length: " + body.length + "\r\n\r\n")
			.getBytes(StandardCharsets.US_ASCII);
		for (int connection = 1; connection <= 5; connection++) {
			try (Socket socket = new Socket("127.0.0.1", this.port)) {
				socket.setSoTimeout(5000);
				OutputStream out = socket.getOutputStream();
				out.write(post);
				out.write(body);
				InputStream in = socket.getInputStream();
				assertThat(readUntil(in, "\r\n\r\n")).startsWith("HTTP/1.1 415");
				assertThatNoException().as("the end of connection %d", connection).isThrownBy(in::readAllBytes);
			}
		}
	}

	private static byte[] readBody(InputStream response) throws IOException {
		String head = readUntil(response, "\r\n\r\n");
		assertThat(head).startsWith("HTTP/1.1 200");
		int length = Integer.parseInt(head.lines()
			.filter((line) -> line.toLowerCase(Locale.ROOT).startsWith("content-length:"))
			.findFirst()
			.orElseThrow()
			.substring("content-length:".length())
			.trim());
		return response.readNBytes(length);
	}

	@Test
	void decodesStackedCodings() {
		byte[] body = TestPayloads.json(50_000);
		byte[] encoded = HttpTestClient.encode("lzf", HttpTestClient.encode("gzip", body));
		HttpResponse<byte[]> response = this.http.post("/echo", encoded, "Content-Encoding", "gzip, lzf");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(body);
	}

	@Test
	void readsAnEmptyEncodedBodyAsEmpty() {
		HttpResponse<byte[]> response = this.http.post("/echo", new byte[0], "Content-Encoding", "lzf");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEmpty();
	}

	@Test
	void refusesAnUnsupportedCodingWith415NamingTheSupportedOnes() {
		double refused = serverCount(this.registry, "restcompress.rejected", "reason", "unsupported_coding");
		HttpResponse<byte[]> response = this.http.post("/echo", "abc".getBytes(StandardCharsets.UTF_8),
				"Content-Encoding", "snappy");
		assertThat(response.statusCode()).isEqualTo(415);
		assertThat(header(response, "Accept-Encoding")).contains("lzf", "gzip", "deflate");
		assertThat(header(response, "Content-Type")).isEqualTo("application/problem+json");
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("\"status\":415",
				"\"title\":\"Unsupported Media Type\"", "\"coding\":\"snappy\"", "\"instance\":\"/echo\"");
		assertThat(serverCount(this.registry, "restcompress.rejected", "reason", "unsupported_coding"))
			.isEqualTo(refused + 1);
	}

	@Test
	void refusesAnUnsupportedCodingOnHeadAsOnGet() {
		HttpResponse<byte[]> get = this.http.get("/known-length/100", "Content-Encoding", "snappy");
		HttpResponse<byte[]> head = this.http.head("/known-length/100", "Content-Encoding", "snappy");
		assertThat(get.statusCode()).isEqualTo(415);
		assertThat(head.statusCode()).isEqualTo(415);
		assertThat(header(head, "Accept-Encoding")).isEqualTo(header(get, "Accept-Encoding"));
		assertThat(header(head, "Content-Type")).isEqualTo("application/problem+json");
		assertThat(head.body()).isEmpty();
	}

	@Test
	void refusesTooManyStackedCodingsWith415() {
		HttpResponse<byte[]> response = this.http.post("/echo", "abc".getBytes(StandardCharsets.UTF_8),
				"Content-Encoding", "gzip, gzip, gzip");
		assertThat(response.statusCode()).isEqualTo(415);
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("stacks more codings than the 2");
	}

	@Test
	void givesAnEncodedFormsDataFromItsDecodedBody() {
		HttpResponse<byte[]> response = this.http.post("/form",
				HttpTestClient.encode("gzip", "a=%C3%A9t%C3%A9+1&b=2".getBytes(StandardCharsets.US_ASCII)),
				"Content-Encoding", "gzip", "Content-Type", "application/x-www-form-urlencoded");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("{a=[été 1], b=[2]}");
	}

	/**
	 * Spring's multipart parser stops reading at the closing delimiter, so a corrupt or
	 * truncated encoding after it would go unnoticed: encoded multipart bodies are refused.
	 */
	@Test
	void refusesAnEncodedMultipartBodyWith415AskingForIdentity() {
		String multipart = "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n--x--\r\n";
		HttpResponse<byte[]> response = this.http.post("/echo",
				HttpTestClient.encode("gzip", multipart.getBytes(StandardCharsets.US_ASCII)), "Content-Encoding", "gzip",
				"Content-Type", "multipart/form-data; boundary=x");
		assertThat(response.statusCode()).isEqualTo(415);
		assertThat(header(response, "Accept-Encoding")).isEqualTo("identity");
	}

	@Test
	void answersABodyDecodingPastTheLimitWith413() {
		byte[] bomb = HttpTestClient.encode("gzip", new byte[8 * 1024 * 1024]);
		HttpResponse<byte[]> response = this.http.post("/echo", bomb, "Content-Encoding", "gzip");
		assertThat(response.statusCode()).isEqualTo(413);
		assertThat(header(response, "Content-Type")).isEqualTo("application/problem+json");
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("\"status\":413",
				"\"title\":\"Content Too Large\"", "\"coding\":\"gzip\"");
		assertThat(header(response, "Connection")).isEqualTo("close");
	}

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip", "deflate", "zstd", "br", "lz4" })
	void answersCorruptDataWith400NamingTheCoding(String coding) {
		byte[] encoded = HttpTestClient.encode(coding, TestPayloads.json(50_000));
		byte[] truncated = java.util.Arrays.copyOf(encoded, encoded.length / 2);
		HttpResponse<byte[]> response = this.http.post("/echo", truncated, "Content-Encoding", coding);
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("\"status\":400",
				"\"coding\":\"" + coding + "\"");
		assertThat(this.http.get("/image").statusCode()).isEqualTo(200);
	}

	@ParameterizedTest
	@CsvSource({ "foo, unsupported_coding", "gzip, corrupt", "lzf, too_large" })
	void countsTheProblemResponseToARefusedBodyAsARejectionOnly(String coding, String reason) {
		countsTheProblemResponseAsARejectionOnly(this.registry, "/echo", coding, reason);
	}

	@Test
	void recordsDecodedRequestBodies() {
		byte[] body = TestPayloads.json(100_000);
		double before = decodedRequestBytes("lzf");
		this.http.post("/echo", HttpTestClient.encode("lzf", body), "Content-Encoding", "lzf");
		awaitIncrease(() -> decodedRequestBytes("lzf"), before);
		assertThat(decodedRequestBytes("lzf")).isEqualTo(before + body.length);
	}

	private double decodedRequestBytes(String coding) {
		return this.registry.find("restcompress.body.identity.size")
			.tags("side", "server", "direction", "request", "coding", coding)
			.summaries()
			.stream()
			.mapToDouble((summary) -> summary.totalAmount())
			.sum();
	}

}
