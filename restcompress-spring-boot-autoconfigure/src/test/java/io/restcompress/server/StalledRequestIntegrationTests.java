package io.restcompress.server;

import java.io.IOException;
import java.net.Socket;
import java.time.Duration;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Request bodies that stop arriving part-way on a servlet container, over real sockets: the
 * container's read timeout ends them, and the client gets the same {@code 408} problem naming
 * the coding that a WebFlux server gives, whether the application reads the body itself or
 * through a message converter.
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "server.tomcat.connection-timeout=1s")
class StalledRequestIntegrationTests extends AbstractServerIntegrationTests {

	private static final int SENT_BEFORE_STALL = 100;

	private static final Duration HANG_GUARD = Duration.ofSeconds(30);

	@Autowired
	MeterRegistry registry;

	@ParameterizedTest
	@CsvSource({ "/plain/echo, gzip, gzip", "/echo, zstd, zstd", "/echo, 'gzip, zstd', zstd" })
	void answersABodyThatStopsArrivingWith408NamingTheOutermostCoding(String path, String contentEncoding,
			String outermost) throws IOException {
		double timedOut = timeouts(outermost);
		try (Socket stalled = stalledUpload(path, contentEncoding, SENT_BEFORE_STALL, HANG_GUARD)) {
			String response = readResponse(stalled.getInputStream());
			assertThat(response).startsWith("HTTP/1.1 408")
				.containsIgnoringCase("content-type: application/problem+json")
				.contains("\"status\":408", "\"coding\":\"" + outermost + "\"");
		}
		awaitIncrease(() -> timeouts(outermost), timedOut);
	}

	private double timeouts(String coding) {
		return this.registry.counter("restcompress.rejected", "side", "server", "direction", "request", "coding",
				coding, "reason", "timeout").count();
	}

}
