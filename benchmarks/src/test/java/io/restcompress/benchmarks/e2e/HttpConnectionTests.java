package io.restcompress.benchmarks.e2e;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HttpConnectionTests {

	private static final byte[] BODY = "[{\"id\":1},{\"id\":2}]".repeat(500).getBytes(StandardCharsets.UTF_8);

	private HttpServer server;

	@BeforeEach
	void start() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/fixed", (exchange) -> {
			exchange.getRequestBody().readAllBytes();
			exchange.sendResponseHeaders(200, BODY.length);
			try (OutputStream body = exchange.getResponseBody()) {
				body.write(BODY);
			}
		});
		this.server.createContext("/chunked", (exchange) -> {
			exchange.sendResponseHeaders(200, 0);
			try (OutputStream body = exchange.getResponseBody()) {
				for (int i = 0; i < BODY.length; i += 1000) {
					body.write(BODY, i, Math.min(1000, BODY.length - i));
					body.flush();
				}
			}
		});
		this.server.start();
	}

	@AfterEach
	void stop() {
		this.server.stop(0);
	}

	@Test
	void readsFixedLengthAndChunkedBodiesOnOneConnectionAndCountsTheBytesOnTheWire() throws IOException {
		URI uri = URI.create("http://127.0.0.1:" + this.server.getAddress().getPort());
		try (HttpConnection connection = new HttpConnection(uri)) {
			byte[] upload = new byte[12_345];
			HttpConnection.Response fixed = connection.send("POST", "/fixed", Map.of("X-Test", "1"), upload);
			assertThat(fixed.status).isEqualTo(200);
			assertThat(fixed.body.readAllBytes()).isEqualTo(BODY);
			long[] fixedBytes = fixed.finish();
			assertThat(fixedBytes[0]).isGreaterThan(upload.length).isLessThan(upload.length + 200);
			assertThat(fixedBytes[1]).isGreaterThan(BODY.length).isLessThan(BODY.length + 300);

			HttpConnection.Response chunked = connection.send("GET", "/chunked", Map.of(), null);
			assertThat(chunked.headers).containsEntry("transfer-encoding", "chunked");
			assertThat(chunked.body.readAllBytes()).isEqualTo(BODY);
			assertThat(chunked.finish()[1]).isGreaterThan(BODY.length + 10 * (BODY.length / 1000));
		}
	}

}
