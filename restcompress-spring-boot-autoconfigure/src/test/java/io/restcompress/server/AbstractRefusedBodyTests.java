package io.restcompress.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

import io.restcompress.internal.server.RequestDecodingRules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a refusal does with the body it refuses over HTTP/1.1, the same on every stack: a body
 * up to {@link RequestDecodingRules#MAX_DRAINED_BODY} is read before the 415 and the
 * connection serves the next request; a body left unread (declared longer, or awaited with
 * {@code 100 Continue}) closes the connection, and the refusal says so. (Tomcat itself still
 * swallows up to its {@code maxSwallowSize} of a body declared longer before it closes.) A body
 * that trickles in is read only until the drain timeout, which the subclasses set to one
 * second.
 */
abstract class AbstractRefusedBodyTests extends AbstractServerIntegrationTests {

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void readsARefusedBodyUpToTheLimitAndServesTheNextRequestOnTheConnection(boolean chunked) throws IOException {
		byte[] body = new byte[(int) RequestDecodingRules.MAX_DRAINED_BODY];
		try (Socket socket = connect()) {
			OutputStream out = socket.getOutputStream();
			out.write(head(echoPath(), chunked ? "Transfer-Encoding: chunked" : "Content-Length: " + body.length));
			if (chunked) {
				out.write((Integer.toHexString(body.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
				out.write(body);
				out.write("\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
			}
			else {
				out.write(body);
			}
			InputStream in = socket.getInputStream();
			String refusal = readResponse(in);
			assertThat(refusal).startsWith("HTTP/1.1 415");
			assertThat(field(refusal, "connection")).isNull();
			out.write(("GET /known-length/100 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
			assertThat(readResponse(in)).startsWith("HTTP/1.1 200");
		}
	}

	/**
	 * The refusal (or Tomcat's own {@code 400} for a body that ended early, which it answers
	 * itself once the read fails) still goes out when the client shuts its side of the
	 * connection down in the middle of the body.
	 */
	@Test
	void answersABodyWhoseConnectionInputEndsBeforeItWithA4xxSayingTheConnectionCloses() throws IOException {
		try (Socket socket = connect()) {
			OutputStream out = socket.getOutputStream();
			out.write(head(echoPath(), "Content-Length: 10"));
			out.write("01234".getBytes(StandardCharsets.US_ASCII));
			socket.shutdownOutput();
			String refusal = readResponse(socket.getInputStream());
			assertThat(refusal).containsPattern("^HTTP/1.1 (400|415) ");
			assertThat(field(refusal, "connection")).isEqualTo("close");
		}
	}

	/**
	 * A body found corrupt at its first bytes has its rest read before the 400; when the
	 * input ends before the declared length, that read fails too, and the answer is still the
	 * problem naming the coding (on Tomcat, through its error dispatch).
	 */
	@Test
	void answersACorruptBodyWhoseInputEndsBeforeItsLengthWithTheProblemNamingTheCoding() throws IOException {
		try (Socket socket = connect()) {
			OutputStream out = socket.getOutputStream();
			out.write(("POST " + echoPath() + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
					+ "Content-Encoding: lzf\r\nContent-Length: 1000\r\n\r\nnot l").getBytes(StandardCharsets.US_ASCII));
			socket.shutdownOutput();
			String answer = readResponse(socket.getInputStream());
			assertThat(answer).startsWith("HTTP/1.1 400");
			assertThat(field(answer, "content-type")).isEqualTo("application/problem+json");
			assertThat(answer).contains("\"coding\":\"lzf\"");
		}
	}

	@Test
	void answersARefusedBodyDeclaredLongerThanTheLimitBeforeItIsSentSayingTheConnectionCloses() throws IOException {
		try (Socket socket = connect()) {
			socket.getOutputStream()
				.write(head(echoPath(), "Content-Length: " + (RequestDecodingRules.MAX_DRAINED_BODY + 1)));
			assertRefusalClosingTheConnection(readResponse(socket.getInputStream()));
		}
	}

	@Test
	void closesTheConnectionWithoutAskingForTheBodyOfARefusedRequestWaitingFor100Continue() throws IOException {
		try (Socket socket = connect()) {
			socket.getOutputStream().write(head(echoPath(), "Content-Length: 1000\r\nExpect: 100-continue"));
			InputStream in = socket.getInputStream();
			assertRefusalClosingTheConnection(readFinalResponse(in));
			assertThat(in.read()).isEqualTo(-1);
		}
	}

	/**
	 * A refused body that trickles in is read only until the drain timeout (one second in
	 * these tests) has passed; the rest is left unread, and the refusal closes the connection.
	 */
	@Test
	void answersATricklingRefusedBodyOnceTheDrainTimeoutHasPassedSayingTheConnectionCloses() throws Exception {
		try (Socket socket = connect()) {
			socket.getOutputStream().write(head(echoPath(), "Content-Length: 100000"));
			assertRefusalClosingTheConnection(answerWhileTrickling(socket));
		}
	}

	@Test
	void answersATricklingBodyFoundCorruptOnceTheDrainTimeoutHasPassed() throws Exception {
		try (Socket socket = connect()) {
			socket.getOutputStream()
				.write(("POST " + echoPath() + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
						+ "Content-Encoding: lzf\r\nContent-Length: 100000\r\n\r\nnot lzf")
					.getBytes(StandardCharsets.US_ASCII));
			String answer = answerWhileTrickling(socket);
			assertThat(answer).startsWith("HTTP/1.1 400");
			assertThat(answer).contains("\"coding\":\"lzf\"");
			assertThat(field(answer, "connection")).isEqualTo("close");
		}
	}

	/**
	 * The path of a handler that answers a request's body as it reads it.
	 * @return the path
	 */
	abstract String echoPath();

	private static void assertRefusalClosingTheConnection(String response) {
		assertThat(response).startsWith("HTTP/1.1 415");
		assertThat(field(response, "connection")).isEqualTo("close");
	}

	private Socket connect() throws IOException {
		Socket socket = new Socket("127.0.0.1", this.port);
		socket.setSoTimeout(10_000);
		return socket;
	}

	/**
	 * Reads the answer while another thread sends 10 bytes of body every 50 ms, far slower
	 * than the drain timeout lets a 100,000-byte body finish.
	 */
	private static String answerWhileTrickling(Socket socket) throws Exception {
		AtomicBoolean answered = new AtomicBoolean();
		Thread trickle = new Thread(() -> {
			try {
				OutputStream out = socket.getOutputStream();
				while (!answered.get()) {
					out.write(new byte[10]);
					out.flush();
					Thread.sleep(50);
				}
			}
			catch (IOException | InterruptedException ex) {
				// the server closed the connection, or the test is over
			}
		});
		trickle.start();
		try {
			return readResponse(socket.getInputStream());
		}
		finally {
			answered.set(true);
			trickle.join(5_000);
		}
	}

	static byte[] head(String path, String framing) {
		return ("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n"
				+ "Content-Encoding: x-unknown\r\n" + framing + "\r\n\r\n")
			.getBytes(StandardCharsets.US_ASCII);
	}

	/**
	 * Reads a final response, skipping a {@code 100 Continue} that a container sends as soon
	 * as the request arrives (Tomcat does by default).
	 */
	private static String readFinalResponse(InputStream in) throws IOException {
		String response = readResponse(in);
		return response.startsWith("HTTP/1.1 100") ? readResponse(in) : response;
	}

}
