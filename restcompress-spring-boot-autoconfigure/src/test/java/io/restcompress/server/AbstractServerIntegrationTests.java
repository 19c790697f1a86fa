package io.restcompress.server;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.BeforeEach;

import org.springframework.boot.test.web.server.LocalServerPort;

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

	static String header(HttpResponse<?> response, String name) {
		return response.headers().firstValue(name).orElseThrow(() -> new AssertionError("no " + name + " header"));
	}

}
