package io.restcompress.client;

import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

import io.restcompress.LzfCompressed;
import io.restcompress.codec.BrotliCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.DeflateCodec;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.Lz4Codec;
import io.restcompress.codec.LzfCodec;
import io.restcompress.codec.ZstdCodec;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every client against the project's own server: response decoding and request compression
 * with every coding (lzf, lz4, gzip, zstd, br, deflate), bodies identical byte for byte.
 */
@SpringBootTest(classes = OwnServerTests.App.class, webEnvironment = WebEnvironment.RANDOM_PORT)
class OwnServerTests {

	private static final byte[] LARGE = Payloads.json(200_000);

	private static final byte[] BODY = Payloads.json(150_000, 3);

	private static final ContentCodecs CODECS = ContentCodecs.of(new LzfCodec(), new Lz4Codec(1),
			new ZstdCodec(1, 8 * 1024 * 1024), new GzipCodec(1), new BrotliCodec(4, 8 * 1024 * 1024),
			new DeflateCodec(1));

	@LocalServerPort
	private int port;

	@Autowired
	private RecordingRecorder serverRecorder;

	private final RecordingRecorder clientRecorder = new RecordingRecorder();

	static Stream<Arguments> clientsAndCodings() {
		return TestClient.kinds()
			.flatMap((client) -> CODECS.all().stream().map((codec) -> Arguments.of(client, codec.coding())));
	}

	@BeforeEach
	void forgetServerEvents() {
		this.serverRecorder.events.clear();
	}

	private URI uri(String path) {
		return URI.create("http://localhost:" + this.port + path);
	}

	@ParameterizedTest(name = "{0}, {1}")
	@MethodSource("clientsAndCodings")
	void decodesTheServersResponses(Function<ClientCompression, TestClient> kind, String coding) throws IOException {
		TestClient client = kind.apply(ClientCompression.builder(CODECS)
			.acceptEncodings(List.of(coding))
			.recorder(this.clientRecorder)
			.build());
		TestClient.Response response = client.get(uri("/api/large"));
		assertThat(response.status()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(LARGE);
		assertThat(response.headers().containsHeader(HttpHeaders.CONTENT_ENCODING)).isFalse();
		assertThat(this.serverRecorder.events).contains("encoded SERVER RESPONSE " + coding);
		assertThat(this.clientRecorder.events).containsExactly("decoded CLIENT RESPONSE " + coding);
	}

	@ParameterizedTest(name = "{0}, {1}")
	@MethodSource("clientsAndCodings")
	void compressesRequestsOnceTheServerAdvertisedTheCoding(Function<ClientCompression, TestClient> kind,
			String coding) throws IOException {
		TestClient client = kind.apply(ClientCompression.builder(CODECS)
			.requestEncoding(coding)
			.recorder(this.clientRecorder)
			.build());
		assertThat(client.post(uri("/api/echo"), BODY).body()).isEqualTo(BODY);
		assertThat(this.serverRecorder.events).noneMatch((event) -> event.startsWith("decoded SERVER REQUEST"));
		assertThat(client.post(uri("/api/echo"), BODY).body()).isEqualTo(BODY);
		assertThat(this.serverRecorder.events).containsOnlyOnce("decoded SERVER REQUEST " + coding);
		assertThat(this.clientRecorder.events).containsSubsequence("skipped CLIENT REQUEST NOT_ACCEPTABLE",
				"encoded CLIENT REQUEST " + coding);
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(Endpoints.class)
	static class App {

		@Bean
		RecordingRecorder recorder() {
			return new RecordingRecorder();
		}

	}

	@RestController
	@LzfCompressed
	static class Endpoints {

		@GetMapping("/api/large")
		ResponseEntity<byte[]> large() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(LARGE);
		}

		@PostMapping("/api/echo")
		ResponseEntity<byte[]> echo(@RequestBody byte[] body) {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
		}

	}

}
