package io.restcompress.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A refused request waiting for {@code 100 Continue} on WebFlux served by Tomcat, which sends
 * {@code 100 Continue} as soon as it has the request's header fields: the client sends its
 * body, which is read before the 415, so that the connection does not close with it unread
 * (a TCP reset that could destroy the 415) and serves the next request.
 */
@SpringBootTest(
		classes = { ReactiveTestApplication.class, ReactiveOnTomcatHttp2RequestDecodingIntegrationTests.OnTomcat.class },
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "spring.main.web-application-type=reactive")
class ReactiveOnTomcatRefusedBodyIntegrationTests extends AbstractServerIntegrationTests {

	@Test
	void readsTheBodyOfARefusedRequestTheContainerAskedForAndServesTheNextRequest() throws IOException {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(10_000);
			OutputStream out = socket.getOutputStream();
			out.write(("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n"
					+ "Content-Encoding: x-unknown\r\nContent-Length: 100000\r\nExpect: 100-continue\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			InputStream in = socket.getInputStream();
			assertThat(readResponse(in)).startsWith("HTTP/1.1 100");
			out.write(new byte[100_000]);
			String refusal = readResponse(in);
			assertThat(refusal).startsWith("HTTP/1.1 415");
			assertThat(field(refusal, "connection")).isNotEqualToIgnoringCase("close");
			out.write("GET /known-length/100 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
			assertThat(readResponse(in)).startsWith("HTTP/1.1 200");
		}
	}

}
