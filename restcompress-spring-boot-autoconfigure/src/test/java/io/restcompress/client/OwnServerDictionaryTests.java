package io.restcompress.client;

import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Function;
import java.util.stream.Stream;

import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.DczCodec;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.ZstdCodec;
import io.restcompress.dictionary.DictionaryFields;
import io.restcompress.dictionary.DictionaryStore;
import io.restcompress.dictionary.DictionaryTestApplication;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every client against the project's own server with compression dictionaries on both sides:
 * the client keeps the polled document and gets its next version in {@code dcz}.
 */
@SpringBootTest(classes = DictionaryTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "restcompress.dictionary.enabled=true")
class OwnServerDictionaryTests {

	private static final ZstdCodec ZSTD = new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW);

	@LocalServerPort
	int port;

	@Autowired
	DictionaryTestApplication.Versions versions;

	private final RecordingRecorder recorder = new RecordingRecorder();

	static Stream<Named<Function<ClientCompression, TestClient>>> clients() {
		return TestClient.kinds();
	}

	@BeforeEach
	void firstVersion() {
		this.versions.version = 1;
	}

	@AfterAll
	static void freeContexts() {
		ZSTD.close();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void nextVersionArrivesInDczAndDecodesToTheDocument(Function<ClientCompression, TestClient> kind)
			throws IOException {
		TestClient client = kind.apply(ClientCompression.builder(ContentCodecs.of(ZSTD, new GzipCodec(1)))
			.requestEncoding(GzipCodec.CODING)
			.recorder(this.recorder)
			.dictionaries(new DictionaryStore(4_000_000, 8_000_000, 8, Duration.ofHours(1), Clock.systemUTC()))
			.build());
		byte[] first = client.get(uri()).body();
		assertThat(first).isEqualTo(DictionaryTestApplication.Versions.document(1));
		this.versions.version = 2;
		assertThat(client.get(uri()).body()).isEqualTo(DictionaryTestApplication.Versions.document(2));
		assertThat(this.versions.availableDictionary).isEqualTo(DictionaryFields.availableDictionary(DczCodec.sha256(first)));
		assertThat(this.recorder.events).containsExactly("decoded CLIENT RESPONSE gzip", "decoded CLIENT RESPONSE dcz");
	}

	private URI uri() {
		return URI.create("http://localhost:" + this.port + "/api/feed");
	}

}
