package io.restcompress.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How HTTP/1.1 connections of Reactor Netty end around the responses restcompress writes
 * asynchronously, over raw sockets: a client that half-closes its connection after its requests
 * ({@code shutdown(SHUT_WR)}) gets every response in full and then the end of the connection, and
 * a pipelined request asking to close is answered after the response in flight instead of ending
 * it.
 */
@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "spring.main.web-application-type=reactive")
class ReactiveConnectionEndIntegrationTests extends AbstractServerIntegrationTests {

	private static final int SIZE = 200_000;

	private static final Duration HANG_GUARD = Duration.ofSeconds(20);

	@Autowired
	private MeterRegistry registry;

	@ParameterizedTest
	@CsvSource({ "/known-length/" + SIZE + ", gzip", "/known-length/" + SIZE + ", identity",
			"/unknown-length/" + SIZE + ", gzip", "/unknown-length/" + SIZE + ", identity",
			"/resource/" + SIZE + ", zstd" })
	void answersAClientThatHalfClosesAfterItsRequest(String path, String coding) throws IOException {
		List<Response> responses = halfCloseAfter(get(path, "Accept-Encoding: " + coding));
		assertThat(responses).hasSize(1);
		assertThat(responses.get(0).status()).isEqualTo(200);
		assertThat(responses.get(0).decodedBody()).isEqualTo(TestPayloads.json(SIZE));
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip", "lzf", "zstd" })
	void answersAClientThatHalfClosesAfterAnEncodedRequestBody(String coding) throws IOException {
		byte[] body = TestPayloads.json(SIZE);
		byte[] encoded = HttpTestClient.encode(coding, body);
		ByteArrayOutputStream request = new ByteArrayOutputStream();
		request.writeBytes(("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
				+ "Content-Encoding: " + coding + "\r\nContent-Length: " + encoded.length + "\r\n\r\n")
			.getBytes(StandardCharsets.US_ASCII));
		request.writeBytes(encoded);
		List<Response> responses = halfCloseAfter(request.toByteArray());
		assertThat(responses).hasSize(1);
		assertThat(responses.get(0).status()).isEqualTo(200);
		assertThat(responses.get(0).decodedBody()).isEqualTo(body);
	}

	@Test
	void answersEveryPipelinedRequestOfAClientThatHalfClosesAfterThem() throws IOException {
		List<Response> responses = halfCloseAfter(get("/known-length/" + SIZE, "Accept-Encoding: gzip"),
				get("/unknown-length/" + SIZE, "Accept-Encoding: gzip"), get("/known-length/100"));
		assertThat(responses).extracting(Response::status).containsExactly(200, 200, 200);
		assertThat(responses.get(0).decodedBody()).isEqualTo(TestPayloads.json(SIZE));
		assertThat(responses.get(1).decodedBody()).isEqualTo(TestPayloads.json(SIZE));
		assertThat(responses.get(2).decodedBody()).isEqualTo(TestPayloads.json(100));
	}

	@Test
	void endsAConnectionHalfClosedBetweenRequests() throws IOException {
		try (Socket socket = connect()) {
			socket.getOutputStream().write(get("/known-length/100"));
			assertThat(readResponse(socket.getInputStream())).startsWith("HTTP/1.1 200");
			socket.shutdownOutput();
			assertThat(socket.getInputStream().read()).isEqualTo(-1);
		}
	}

	@ParameterizedTest
	@CsvSource({ "gzip, false, 100", "lzf, false, 100", "zstd, false, 100", "gzip, true, 100", "gzip, false, 0",
			"zstd, true, 0" })
	void answersAnEncodedBodyThatEndsBeforeItsDeclaredLengthWith400NamingTheCodingAndCloses(String coding,
			boolean chunked, int sent) throws IOException {
		double corrupt = requestRejections(this.registry, coding, "corrupt");
		try (Socket socket = stalledUpload("/echo", coding, sent, HANG_GUARD, chunked)) {
			socket.shutdownOutput();
			List<Response> responses = parse(socket.getInputStream().readAllBytes());
			assertThat(responses).hasSize(1);
			assertThat(responses.get(0).status()).isEqualTo(400);
			assertThat(responses.get(0).head()).contains("content-type: application/problem+json", "connection: close");
			assertThat(new String(responses.get(0).body(), StandardCharsets.UTF_8))
				.contains("\"status\":400", "\"coding\":\"" + coding + "\"", "ended before its declared length");
		}
		awaitIncrease(() -> requestRejections(this.registry, coding, "corrupt"), corrupt);
	}

	@Test
	void endsAConnectionHalfClosedInTheMiddleOfABodyAsSent() throws IOException {
		try (Socket socket = connect()) {
			socket.getOutputStream()
				.write(concat(("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
						+ "Content-Length: 1000\r\n\r\n")
					.getBytes(StandardCharsets.US_ASCII), new byte[100]));
			socket.shutdownOutput();
			assertThat(parse(socket.getInputStream().readAllBytes())).isEmpty();
		}
	}

	@ParameterizedTest
	@CsvSource({ "/known-length/" + SIZE + ", gzip", "/unknown-length/" + SIZE + ", gzip",
			"/known-length/" + SIZE + ", identity" })
	void answersAPipelinedRequestThatAsksToCloseAfterTheResponseInFlight(String path, String coding)
			throws IOException {
		try (Socket socket = connect()) {
			socket.getOutputStream()
				.write(concat(get(path, "Accept-Encoding: " + coding), get("/known-length/100", "Connection: close")));
			List<Response> responses = parse(socket.getInputStream().readAllBytes());
			assertThat(responses).extracting(Response::status).containsExactly(200, 200);
			assertThat(responses.get(0).decodedBody()).isEqualTo(TestPayloads.json(SIZE));
			assertThat(responses.get(0).head()).doesNotContain("connection: close");
			assertThat(responses.get(1).decodedBody()).isEqualTo(TestPayloads.json(100));
			assertThat(responses.get(1).head()).contains("connection: close");
		}
	}

	private Socket connect() throws IOException {
		Socket socket = new Socket("127.0.0.1", this.port);
		socket.setSoTimeout((int) HANG_GUARD.toMillis());
		return socket;
	}

	/**
	 * Sends requests in one write, shuts down the sending side and reads until the end of the
	 * connection.
	 */
	private List<Response> halfCloseAfter(byte[]... requests) throws IOException {
		try (Socket socket = connect()) {
			socket.getOutputStream().write(concat(requests));
			socket.getOutputStream().flush();
			socket.shutdownOutput();
			return parse(socket.getInputStream().readAllBytes());
		}
	}

	private static byte[] get(String path, String... fields) {
		StringBuilder request = new StringBuilder("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n");
		for (String field : fields) {
			request.append(field).append("\r\n");
		}
		return request.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII);
	}

	private static byte[] concat(byte[]... parts) {
		ByteArrayOutputStream all = new ByteArrayOutputStream();
		for (byte[] part : parts) {
			all.writeBytes(part);
		}
		return all.toByteArray();
	}

	/**
	 * Parses the complete responses in what was read from a connection; a response cut short
	 * is left out.
	 */
	private static List<Response> parse(byte[] bytes) throws IOException {
		List<Response> responses = new ArrayList<>();
		InputStream in = new java.io.ByteArrayInputStream(bytes);
		while (true) {
			String head = readLine(in);
			if (head == null) {
				return responses;
			}
			StringBuilder fields = new StringBuilder(head).append("\r\n");
			String line;
			while ((line = readLine(in)) != null && !line.isEmpty()) {
				fields.append(line).append("\r\n");
			}
			if (line == null) {
				return responses;
			}
			String lower = fields.toString().toLowerCase(Locale.ROOT);
			byte[] body;
			if (lower.contains("transfer-encoding: chunked")) {
				ByteArrayOutputStream chunks = new ByteArrayOutputStream();
				while (true) {
					String size = readLine(in);
					if (size == null) {
						return responses;
					}
					int length = Integer.parseInt(size.trim(), 16);
					byte[] chunk = in.readNBytes(length);
					if (chunk.length < length || readLine(in) == null) {
						return responses;
					}
					if (length == 0) {
						break;
					}
					chunks.writeBytes(chunk);
				}
				body = chunks.toByteArray();
			}
			else {
				int length = lower.lines()
					.filter((field) -> field.startsWith("content-length:"))
					.mapToInt((field) -> Integer.parseInt(field.substring(15).trim()))
					.findFirst()
					.orElse(0);
				body = in.readNBytes(length);
				if (body.length < length) {
					return responses;
				}
			}
			responses.add(new Response(lower, body));
		}
	}

	private static String readLine(InputStream in) throws IOException {
		StringBuilder line = new StringBuilder();
		int b;
		while ((b = in.read()) != -1) {
			if (b == '\n') {
				return line.toString().stripTrailing();
			}
			line.append((char) b);
		}
		return null;
	}

	record Response(String head, byte[] body) {

		int status() {
			return Integer.parseInt(this.head.substring(9, 12));
		}

		byte[] decodedBody() {
			String coding = this.head.lines()
				.filter((field) -> field.startsWith("content-encoding:"))
				.map((field) -> field.substring(17).trim())
				.findFirst()
				.orElse(null);
			return (coding != null) ? HttpTestClient.decode(coding, this.body) : this.body;
		}

		@Override
		public String toString() {
			return this.head + "(" + this.body.length + " bytes)";
		}

		@Override
		public boolean equals(Object other) {
			return other instanceof Response response && this.head.equals(response.head)
					&& Arrays.equals(this.body, response.body);
		}

		@Override
		public int hashCode() {
			return this.head.hashCode();
		}

	}

}
