package io.restcompress.server;

import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import reactor.util.function.Tuple2;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Request bodies that stop arriving part-way on WebFlux, over real sockets: each holds a
 * decoder thread only until the idle timeout, then gets a 408, so stalled peers cannot keep
 * other requests from being decoded.
 */
@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "spring.main.web-application-type=reactive", "restcompress.server.request.decoder-threads=2",
				"restcompress.server.request.decoder-idle-timeout=1s", "server.http2.enabled=true" })
class ReactiveStalledRequestIntegrationTests extends AbstractServerIntegrationTests {

	private static final int SENT_BEFORE_STALL = 100;

	private static final Duration HANG_GUARD = Duration.ofSeconds(30);

	@Autowired
	MeterRegistry registry;

	@ParameterizedTest
	@CsvSource({ "gzip, gzip", "'gzip, zstd', zstd" })
	void answersABodyThatStopsArrivingWith408NamingTheOutermostCoding(String contentEncoding, String outermost)
			throws IOException {
		double timedOut = timeouts(outermost);
		try (Socket stalled = stalledUpload("/echo", contentEncoding, SENT_BEFORE_STALL, HANG_GUARD)) {
			String response = readResponse(stalled.getInputStream());
			assertThat(response).startsWith("HTTP/1.1 408 Request Timeout")
				.containsIgnoringCase("content-type: application/problem+json")
				.containsIgnoringCase("connection: close")
				.contains("\"status\":408", "\"coding\":\"" + outermost + "\"");
		}
		awaitIncrease(() -> timeouts(outermost), timedOut);
	}

	private double timeouts(String coding) {
		return serverCount(this.registry, "restcompress.rejected", "direction", "request", "coding", coding, "reason",
				"timeout");
	}

	@Test
	void decodesOtherBodiesOnceStalledOnesHaveTimedOut() throws IOException {
		List<Socket> stalled = new ArrayList<>();
		try {
			for (int upload = 0; upload < 4; upload++) {
				stalled.add(stalledUpload("/echo", "zstd", SENT_BEFORE_STALL, HANG_GUARD));
			}
			byte[] body = TestPayloads.json(20_000);
			HttpResponse<byte[]> response = this.http.send(this.http.request("/echo", "Content-Encoding", "zstd")
				.POST(HttpRequest.BodyPublishers.ofByteArray(HttpTestClient.encode("zstd", body)))
				.timeout(HANG_GUARD)
				.build());
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(response.body()).isEqualTo(body);
			for (Socket socket : stalled) {
				assertThat(readResponse(socket.getInputStream())).startsWith("HTTP/1.1 408");
			}
		}
		finally {
			for (Socket socket : stalled) {
				socket.close();
			}
		}
	}

	@Test
	void answersABodyThatStopsArrivingOverHttp2With408() {
		byte[] encoded = HttpTestClient.encode("gzip", TestPayloads.json(200_000));
		Tuple2<Integer, String> response = HttpClient.create(ConnectionProvider.newConnection())
			.protocol(HttpProtocol.H2C)
			.host("localhost")
			.port(this.port)
			.headers((headers) -> headers.set("Content-Encoding", "gzip").set("Content-Length", encoded.length))
			.post()
			.uri("/echo")
			.send(Flux.concat(Mono.just(Unpooled.wrappedBuffer(encoded, 0, SENT_BEFORE_STALL)), Flux.never()))
			.responseSingle((head, body) -> Mono.just(head.status().code()).zipWith(body.asString().defaultIfEmpty("")))
			.block(HANG_GUARD);
		assertThat(response).isNotNull();
		assertThat(response.getT1()).isEqualTo(408);
		assertThat(response.getT2()).contains("\"status\":408", "\"coding\":\"gzip\"");
	}

}
