package io.restcompress.client;

import java.io.IOException;
import java.net.URI;
import java.util.List;

import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.ZstdCodec;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.HttpClient;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.client.ReactorClientHttpRequestFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * RestClient with restcompress's streaming request factory over HTTP/2 (h2c, Reactor Netty's
 * request factory) to the project's own server on Tomcat: bodies far larger than a stream's
 * flow-control window are compressed as they are written and arrive decoded, byte for byte,
 * one request after another.
 */
@SpringBootTest(classes = OwnServerTests.App.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "server.http2.enabled=true")
class StreamingRequestHttp2Tests {

	private static final byte[] BODY = Payloads.json(1_500_000, 5);

	@LocalServerPort
	private int port;

	@Autowired
	private RecordingRecorder serverRecorder;

	@BeforeEach
	void forgetServerEvents() {
		this.serverRecorder.events.clear();
	}

	@ParameterizedTest(name = "{0}, body of unknown length: {1}")
	@CsvSource({ "gzip, false", "gzip, true", "zstd, false", "zstd, true" })
	void compressesLargeBodiesAsTheyAreWrittenOverHttp2(String coding, boolean unknownLength) throws IOException {
		ClientCompression compression = ClientCompression
			.builder(ContentCodecs.of(new GzipCodec(1), new ZstdCodec(1, 8 * 1024 * 1024)))
			.acceptEncodings(List.of(coding))
			.requestEncoding(coding)
			.requestCompression(RequestCompression.ALWAYS)
			.build();
		HttpClient http2 = HttpClient.create().protocol(HttpProtocol.H2C);
		TestClient client = TestClient.streamingRestClient(new ReactorClientHttpRequestFactory(http2), compression,
				unknownLength);
		URI echo = URI.create("http://localhost:" + this.port + "/api/echo");
		int requests = 5;
		for (int i = 0; i < requests; i++) {
			TestClient.Response response = client.post(echo, BODY);
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.body()).as("request %d of %d", i + 1, requests).isEqualTo(BODY);
		}
		assertThat(this.serverRecorder.events.stream().filter(("decoded SERVER REQUEST " + coding)::equals))
			.hasSize(requests);
	}

}
