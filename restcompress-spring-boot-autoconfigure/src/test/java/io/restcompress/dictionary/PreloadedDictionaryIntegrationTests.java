package io.restcompress.dictionary;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

import io.restcompress.codec.DczCodec;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A dictionary trained before, loaded from a file at startup, is served and used for
 * {@code dcz} from the first response, without samples or training.
 */
@SpringBootTest(classes = DictionaryTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "restcompress.dictionary.enabled=true")
class PreloadedDictionaryIntegrationTests {

	private static final byte[] DICTIONARY = exported();

	@LocalServerPort
	int port;

	private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@DynamicPropertySource
	static void dictionaryFile(DynamicPropertyRegistry registry) throws IOException {
		Path file = Files.createTempFile("small", ".dict");
		file.toFile().deleteOnExit();
		Files.write(file, DICTIONARY);
		registry.add("restcompress.dictionary.training.dictionaries[0].match", () -> "/api/small/*");
		registry.add("restcompress.dictionary.training.dictionaries[0].location", () -> file.toUri().toString());
	}

	@Test
	void loadedDictionaryIsAdvertisedServedAndUsedForDczFromTheFirstResponse() throws Exception {
		String url = "/restcompress/dictionaries/" + HexFormat.of().formatHex(DczCodec.sha256(DICTIONARY));
		assertThat(get("/api/small/1").headers().firstValue("Link"))
			.hasValue("<" + url + ">; rel=\"compression-dictionary\"");
		HttpResponse<byte[]> served = get(url);
		assertThat(served.body()).isEqualTo(DICTIONARY);
		assertThat(served.headers().firstValue("Use-As-Dictionary")).hasValue("match=\"/api/small/*\"");
		HttpResponse<byte[]> response = get("/api/small/1000", "Accept-Encoding", "dcz, zstd", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(DICTIONARY)));
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("dcz");
		assertThat(DictionaryHttp.decodeDcz(response.body(), DICTIONARY))
			.isEqualTo(DictionaryTestApplication.Versions.smallBody(1000));
	}

	private HttpResponse<byte[]> get(String path, String... headers) throws IOException, InterruptedException {
		return DictionaryHttp.get(this.client, this.port, path, headers);
	}

	/** A dictionary trained elsewhere from the handler's bodies, as fetching its URL exports it. */
	private static byte[] exported() {
		DictionaryTrainer trainer = new DictionaryTrainer(10_000_000, 16 * 1024, "/restcompress/dictionaries");
		MatchPattern small = MatchPattern.of("/api/small/*");
		for (int n = 0; n < 300; n++) {
			trainer.sample(small, DictionaryTestApplication.Versions.smallBody(n));
		}
		return trainer.train(small).content();
	}

}
