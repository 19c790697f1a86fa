package io.restcompress.server;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With request decoding off, an encoded body is the application's to read as it is: when the
 * input ends in the middle of it, Reactor Netty's connection closes as it would without
 * restcompress, rather than failing the application's read into a server error.
 */
@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "spring.main.web-application-type=reactive", "restcompress.server.request.enabled=false" })
class ReactiveUndecodedBodyEndIntegrationTests extends AbstractServerIntegrationTests {

	@Test
	void closesWithoutAnAnswerWhenTheInputEndsInTheMiddleOfABodyItDoesNotDecode() throws IOException {
		try (Socket socket = stalledUpload("/echo", "gzip", 100, Duration.ofSeconds(20))) {
			socket.shutdownOutput();
			assertThat(new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1)).isEmpty();
		}
	}

}
