package io.restcompress.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.DoubleSupplier;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.BeforeEach;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Base for tests against {@link ServerTestApplication} on a random port.
 */
abstract class AbstractServerIntegrationTests {

	@LocalServerPort
	int port;

	HttpTestClient http;

	@BeforeEach
	void client() {
		this.http = new HttpTestClient(this.port);
	}

	static String readUntil(InputStream stream, String terminator) throws IOException {
		StringBuilder text = new StringBuilder();
		while (!text.toString().endsWith(terminator)) {
			int b = stream.read();
			assertThat(b).as("stream ended before %s", terminator).isNotEqualTo(-1);
			text.append((char) b);
		}
		return text.toString();
	}

	/**
	 * Sends a request whose body is a large document encoded in {@code coding} (a
	 * {@code Content-Encoding} value, layers in the order applied), announced with its full length,
	 * but only its first {@code sent} bytes, and leaves the connection open; reads on it give up
	 * after {@code guard}.
	 */
	Socket stalledUpload(String path, String coding, int sent, Duration guard) throws IOException {
		return stalledUpload(path, coding, sent, guard, false);
	}

	/**
	 * Sends the beginning of an encoded document as {@link #stalledUpload(String, String, int, Duration)}
	 * does, or, if {@code chunked}, as one chunk of a chunked body (no chunk if {@code sent} is 0).
	 */
	Socket stalledUpload(String path, String coding, int sent, Duration guard, boolean chunked) throws IOException {
		byte[] encoded = TestPayloads.json(200_000);
		for (String layer : coding.split(",\s*")) {
			encoded = HttpTestClient.encode(layer, encoded);
		}
		String framing = chunked ? "Transfer-Encoding: chunked" : "Content-Length: " + encoded.length;
		Socket socket = new Socket("127.0.0.1", this.port);
		socket.setSoTimeout((int) guard.toMillis());
		OutputStream out = socket.getOutputStream();
		out.write(("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
				+ "Content-Encoding: " + coding + "\r\n" + framing + "\r\n\r\n")
			.getBytes(StandardCharsets.US_ASCII));
		boolean inAChunk = chunked && sent > 0;
		if (inAChunk) {
			out.write((Integer.toHexString(sent) + "\r\n").getBytes(StandardCharsets.US_ASCII));
		}
		out.write(Arrays.copyOf(encoded, sent));
		if (inAChunk) {
			out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
		}
		out.flush();
		return socket;
	}

	/**
	 * Returns the value of a field in the header section of a response read as text, by its
	 * lower-case name.
	 * @return the value, or {@code null} if the response has no such field
	 */
	static String field(String response, String name) {
		return response.substring(0, response.indexOf("\r\n\r\n"))
			.lines()
			.filter((line) -> line.toLowerCase(Locale.ROOT).startsWith(name + ":"))
			.map((line) -> line.substring(name.length() + 1).trim())
			.findFirst()
			.orElse(null);
	}

	/**
	 * Reads a response's header section and its body of declared length.
	 */
	static String readResponse(InputStream response) throws IOException {
		String head = readUntil(response, "\r\n\r\n");
		int length = head.lines()
			.filter((line) -> line.regionMatches(true, 0, "content-length:", 0, 15))
			.mapToInt((line) -> Integer.parseInt(line.substring(15).trim()))
			.findFirst()
			.orElse(0);
		return head + new String(response.readNBytes(length), StandardCharsets.UTF_8);
	}

	/**
	 * Waits for a value that is recorded after the response has gone out, for up to 20 s: on a
	 * loaded machine the server can take seconds to see that a client went away.
	 */
	static void awaitIncrease(DoubleSupplier value, double before) {
		for (int attempt = 0; attempt < 400 && value.getAsDouble() <= before; attempt++) {
			try {
				Thread.sleep(50);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
		assertThat(value.getAsDouble()).isGreaterThan(before);
	}

	/**
	 * Posts a body the server refuses ({@code unsupported_coding}, {@code corrupt} or
	 * {@code too_large}) and checks that its problem response is counted as a rejection only:
	 * a response counted after it (a body below the threshold) is the only new skip.
	 */
	void countsTheProblemResponseAsARejectionOnly(MeterRegistry registry, String path, String coding, String reason) {
		byte[] body = reason.equals("too_large") ? HttpTestClient.encode("lzf", new byte[2 * 1024 * 1024])
				: "not encoded".getBytes(StandardCharsets.US_ASCII);
		double rejected = serverCount(registry, "restcompress.rejected", "reason", reason);
		double skipped = serverCount(registry, "restcompress.skipped");
		assertThat(this.http.post(path, body, "Content-Encoding", coding, "Content-Type", "application/json")
			.statusCode()).isBetween(400, 499);
		awaitIncrease(() -> serverCount(registry, "restcompress.rejected", "reason", reason), rejected);
		double belowThreshold = serverCount(registry, "restcompress.skipped", "reason", "below_threshold");
		this.http.get("/known-length/100", "Accept-Encoding", "lzf");
		awaitIncrease(() -> serverCount(registry, "restcompress.skipped", "reason", "below_threshold"),
				belowThreshold);
		assertThat(serverCount(registry, "restcompress.skipped") - skipped).isEqualTo(1);
	}

	/**
	 * Posts corrupt gzip to a handler that set an entity tag and a modification date before
	 * reading: its problem response is not the representation they described and carries
	 * neither.
	 */
	void answersAProblemWithoutTheValidatorsOfTheHandler(String path) {
		HttpResponse<byte[]> response = this.http.post(path, "not gzip".getBytes(StandardCharsets.US_ASCII),
				"Content-Encoding", "gzip", "Content-Type", "application/json");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(header(response, "Content-Type")).isEqualTo("application/problem+json");
		assertThat(response.headers().firstValue("ETag")).isEmpty();
		assertThat(response.headers().firstValue("Last-Modified")).isEmpty();
	}

	/**
	 * The request bodies the server refused in a coding, for a reason.
	 */
	static double requestRejections(MeterRegistry registry, String coding, String reason) {
		return serverCount(registry, "restcompress.rejected", "direction", "request", "coding", coding, "reason",
				reason);
	}

	/**
	 * The sum of the server's counters of a name with the given tags.
	 */
	static double serverCount(MeterRegistry registry, String name, String... tags) {
		return registry.find(name)
			.tags("side", "server")
			.tags(tags)
			.counters()
			.stream()
			.mapToDouble(Counter::count)
			.sum();
	}

	/**
	 * Sends an HTTP/1.0 {@code GET} that accepts gzip and returns what the server sent until it
	 * closed the connection: the header section, then the body as it is framed.
	 */
	byte[] getOverHttp10(String path) throws IOException {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(10_000);
			socket.getOutputStream()
				.write(("GET " + path + " HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n\r\n")
					.getBytes(StandardCharsets.US_ASCII));
			return socket.getInputStream().readAllBytes();
		}
	}

	/**
	 * The header section of a response read as bytes, lower case.
	 */
	static String headerSection(byte[] response) {
		String text = new String(response, StandardCharsets.ISO_8859_1);
		return text.substring(0, text.indexOf("\r\n\r\n")).toLowerCase(Locale.ROOT);
	}

	/**
	 * The bytes after the header section of a response read as bytes.
	 */
	static byte[] bodyAfterHeaders(byte[] response) {
		String text = new String(response, StandardCharsets.ISO_8859_1);
		return Arrays.copyOfRange(response, text.indexOf("\r\n\r\n") + 4, response.length);
	}

	static String header(HttpResponse<?> response, String name) {
		return response.headers().firstValue(name).orElseThrow(() -> new AssertionError("no " + name + " header"));
	}

	/**
	 * Revalidates {@code /small-etag}, a tagged body below the threshold that goes out as it
	 * is to a client accepting gzip: its {@code 304} carries the tag the {@code 200} had.
	 */
	void answersNotModifiedToASmallRepresentationWithItsOwnTag() {
		answersNotModifiedToASmallRepresentationWithItsOwnTag(this.http::get);
	}

	void answersNotModifiedToASmallRepresentationWithItsOwnTag(Requests requests) {
		HttpResponse<byte[]> small = requests.get("/small-etag", "Accept-Encoding", "gzip");
		assertThat(small.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(header(small, "ETag")).isEqualTo("\"s1\"");
		HttpResponse<byte[]> notModified = requests.get("/small-etag", "Accept-Encoding", "gzip", "If-None-Match",
				"\"s1\"");
		assertThat(notModified.statusCode()).isEqualTo(304);
		assertThat(header(notModified, "ETag")).isEqualTo("\"s1\"");
	}

	/**
	 * Sends a {@code GET} with header fields given as name, value pairs.
	 */
	@FunctionalInterface
	interface Requests {

		HttpResponse<byte[]> get(String path, String... headers);

	}

}
