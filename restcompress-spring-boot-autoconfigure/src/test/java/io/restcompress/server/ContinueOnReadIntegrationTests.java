package io.restcompress.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests that wait for {@code 100 Continue}, on a Tomcat that sends it when the application
 * first reads the body ({@code continueResponseTiming="onRead"}, as docs/negotiation.md shows):
 * a refused coding is answered before the client sends its body, and a decoded one is asked for
 * by its decoder.
 */
@SpringBootTest(classes = { ServerTestApplication.class, ContinueOnReadIntegrationTests.ContinueOnRead.class },
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ContinueOnReadIntegrationTests extends AbstractServerIntegrationTests {

	@Test
	void refusesAnUnsupportedCodingBeforeAsking100Continue() throws IOException {
		try (Socket socket = expecting("foo", 10)) {
			String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
			assertThat(response).startsWith("HTTP/1.1 415 ")
				.containsIgnoringCase("Accept-Encoding: ")
				.containsIgnoringCase("Content-Type: application/problem+json");
		}
	}

	@Test
	void asks100ContinueForABodyItDecodes() throws IOException {
		byte[] body = TestPayloads.json(20_000);
		byte[] encoded = HttpTestClient.encode("gzip", body);
		try (Socket socket = expecting("gzip", encoded.length)) {
			InputStream input = socket.getInputStream();
			assertThat(readUntil(input, "\r\n\r\n")).startsWith("HTTP/1.1 100 ");
			OutputStream output = socket.getOutputStream();
			output.write(encoded);
			output.flush();
			String response = new String(input.readAllBytes(), StandardCharsets.US_ASCII);
			assertThat(response).startsWith("HTTP/1.1 200 ").endsWith("\r\n\r\n" + body.length);
		}
	}

	/**
	 * Sends a request's header fields, asking for {@code 100 Continue} before its body.
	 */
	private Socket expecting(String coding, int length) throws IOException {
		Socket socket = new Socket("127.0.0.1", this.port);
		socket.setSoTimeout(10_000);
		socket.getOutputStream()
			.write(("POST /plain/count HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
					+ "Content-Encoding: " + coding + "\r\nContent-Length: " + length
					+ "\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
		return socket;
	}

	@Configuration(proxyBeanMethods = false)
	static class ContinueOnRead {

		@Bean
		WebServerFactoryCustomizer<TomcatServletWebServerFactory> continueOnRead() {
			return (factory) -> factory
				.addConnectorCustomizers((connector) -> connector.setProperty("continueResponseTiming", "onRead"));
		}

	}

}
