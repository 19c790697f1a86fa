package io.restcompress.dictionary;

import java.net.http.HttpResponse;

import io.restcompress.codec.DczCodec;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Dictionaries under the adaptive decision, on loopback, where the decision sends identity: a
 * client that names a kept dictionary and prefers its coding gets it, since the decision cannot
 * predict what a dictionary saves; the decision chooses among the other codings as usual.
 */
@SpringBootTest(classes = DictionaryTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "restcompress.dictionary.enabled=true", "restcompress.server.decision=adaptive",
				"restcompress.decision.explore=false" })
class AdaptiveDictionaryIntegrationTests extends DictionaryServerTestBase {

	@Test
	void sendsTheDictionaryCodingAClientPrefersWhereTheDecisionWouldSendIdentity() throws Exception {
		String available = availablePreviousVersion();
		HttpResponse<byte[]> response = get("/api/feed", "Accept-Encoding", "dcz, zstd, gzip",
				"Available-Dictionary", available);
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("dcz");
	}

	@Test
	void decidesAmongTheOtherCodingsWhenTheClientPrefersOneOfThem() throws Exception {
		String available = availablePreviousVersion();
		HttpResponse<byte[]> response = get("/api/feed", "Accept-Encoding", "zstd, dcz;q=0.5",
				"Available-Dictionary", available);
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(response.body()).isEqualTo(DictionaryTestApplication.Versions.document(2));
	}

	private String availablePreviousVersion() throws Exception {
		byte[] previous = get("/api/feed").body();
		this.versions.version = 2;
		return DictionaryFields.availableDictionary(DczCodec.sha256(previous));
	}

	private HttpResponse<byte[]> get(String path, String... headers) throws Exception {
		return DictionaryHttp.get(this.client, this.port, path, headers);
	}

}
