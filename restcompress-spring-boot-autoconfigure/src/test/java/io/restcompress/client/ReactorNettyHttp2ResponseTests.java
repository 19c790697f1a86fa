package io.restcompress.client;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Random;

import io.restcompress.LzfCompressed;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.GzipCodec;
import org.junit.jupiter.api.Test;
import reactor.netty.http.HttpProtocol;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.http.client.reactive.ClientHttpConnectorBuilder;
import org.springframework.boot.http.client.reactive.ReactorClientHttpConnectorBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * WebClient on the auto-configured Reactor Netty connector, switched to HTTP/2 (h2c), decoding
 * encoded responses far larger than a stream's flow-control window, one after another, from the
 * project's own server on Tomcat.
 */
@SpringBootTest(classes = ReactorNettyHttp2ResponseTests.App.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "server.http2.enabled=true")
class ReactorNettyHttp2ResponseTests {

	private static final byte[] BODY = randomJsonString(1_500_000);

	@LocalServerPort
	private int port;

	@Autowired
	private ClientHttpConnectorBuilder<?> autoConfiguredConnector;

	@Test
	void decodesLargeResponsesOneAfterAnotherWithoutStalling() throws Exception {
		assertThat(this.autoConfiguredConnector).isInstanceOf(ReactorClientHttpConnectorBuilder.class);
		ClientHttpConnector http2 = ((ReactorClientHttpConnectorBuilder) this.autoConfiguredConnector)
			.withHttpClientCustomizer((httpClient) -> httpClient.protocol(HttpProtocol.H2C))
			.build();
		ClientCompression gzip = ClientCompression.builder(ContentCodecs.of(new GzipCodec(1)))
			.acceptEncodings(List.of("gzip"))
			.requestEncoding("gzip")
			.build();
		TestClient client = TestClient.webClient(http2, gzip, false);
		URI random = URI.create("http://localhost:" + this.port + "/api/random");
		int exchanges = 200;
		for (int i = 0; i < exchanges; i++) {
			TestClient.Response response = client.get(random);
			assertThat(response.body()).as("response %d of %d", i + 1, exchanges).isEqualTo(BODY);
		}
	}

	private static byte[] randomJsonString(int size) {
		byte[] random = new byte[size * 3 / 4];
		new Random(6).nextBytes(random);
		return ("\"" + Base64.getEncoder().encodeToString(random) + "\"").getBytes(StandardCharsets.US_ASCII);
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(Endpoints.class)
	static class App {

	}

	@RestController
	@LzfCompressed
	static class Endpoints {

		@GetMapping("/api/random")
		ResponseEntity<byte[]> random() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(BODY);
		}

	}

}
