package io.restcompress.server;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import io.micrometer.core.instrument.MeterRegistry;
import io.netty.buffer.Unpooled;
import org.apache.catalina.connector.Connector;
import org.apache.coyote.UpgradeProtocol;
import org.apache.coyote.http2.Http2Protocol;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Request bodies that stop arriving part-way on a servlet container, over real sockets: the
 * container's read timeout ends them, and the client gets the same {@code 408} problem naming
 * the coding that a WebFlux server gives, whether the application reads the body itself or
 * through a message converter, over HTTP/1.1 and over HTTP/2 (where Tomcat then resets the
 * stream).
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "server.tomcat.connection-timeout=1s", "server.http2.enabled=true" })
@Import(StalledRequestIntegrationTests.ShortHttp2StreamReadTimeout.class)
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

	/**
	 * A client that closes its side of the connection before the declared length was sent:
	 * Tomcat reports an end of file and answers with its own error dispatch.
	 */
	@ParameterizedTest
	@CsvSource({ "/plain/echo, gzip, false", "/echo, lzf, false", "/echo, zstd, true" })
	void answersABodyThatEndsBeforeItsDeclaredLengthWith400NamingTheCoding(String path, String coding,
			boolean chunked) throws IOException {
		double corrupt = requestRejections(this.registry, coding, "corrupt");
		try (Socket ended = stalledUpload(path, coding, SENT_BEFORE_STALL, HANG_GUARD, chunked)) {
			ended.shutdownOutput();
			String response = readResponse(ended.getInputStream());
			assertThat(response).startsWith("HTTP/1.1 400")
				.containsIgnoringCase("content-type: application/problem+json")
				.contains("\"status\":400", "\"coding\":\"" + coding + "\"", "ended before its declared length");
		}
		awaitIncrease(() -> requestRejections(this.registry, coding, "corrupt"), corrupt);
	}

	/**
	 * Tomcat resets an HTTP/2 stream whose body timed out once its response is written, instead
	 * of ending it, so the client sees the 408 and its problem body, then the reset.
	 */
	@ParameterizedTest
	@CsvSource({ "/plain/echo, gzip", "/echo, zstd" })
	void answersABodyThatStopsArrivingOverHttp2With408NamingTheCoding(String path, String coding) {
		double timedOut = timeouts(coding);
		byte[] encoded = HttpTestClient.encode(coding, TestPayloads.json(200_000));
		StringBuilder body = new StringBuilder();
		Integer status = HttpClient.create(ConnectionProvider.newConnection())
			.protocol(HttpProtocol.H2C)
			.host("localhost")
			.port(this.port)
			.headers((headers) -> headers.set("Content-Encoding", coding)
				.set("Content-Type", "application/json")
				.set("Content-Length", encoded.length))
			.post()
			.uri(path)
			.send(Flux.concat(Mono.just(Unpooled.wrappedBuffer(encoded, 0, SENT_BEFORE_STALL)), Flux.never()))
			.responseConnection((head, connection) -> connection.inbound()
				.receive()
				.asString(StandardCharsets.UTF_8)
				.doOnNext(body::append)
				.onErrorResume((ex) -> Mono.empty())
				.then(Mono.just(head.status().code())))
			.blockFirst(HANG_GUARD);
		assertThat(status).isEqualTo(408);
		assertThat(body).contains("\"status\":408", "\"coding\":\"" + coding + "\"");
		awaitIncrease(() -> timeouts(coding), timedOut);
	}

	private double timeouts(String coding) {
		return requestRejections(this.registry, coding, "timeout");
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class ShortHttp2StreamReadTimeout {

		@Bean
		TomcatConnectorCustomizer shortHttp2StreamReadTimeout() {
			return (Connector connector) -> {
				for (UpgradeProtocol protocol : connector.findUpgradeProtocols()) {
					if (protocol instanceof Http2Protocol http2) {
						http2.setStreamReadTimeout(1000);
					}
				}
			};
		}

	}

}
