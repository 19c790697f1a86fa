package io.restcompress.dictionary;

import java.net.http.HttpResponse;

import io.restcompress.codec.DczCodec;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Dictionaries below a servlet context path, on Spring MVC and Tomcat.
 */
@SpringBootTest(classes = DictionaryTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "restcompress.dictionary.enabled=true", "server.servlet.context-path=/app",
				"management.endpoints.web.exposure.include=restcompressdictionaries" })
class ContextPathDictionaryIntegrationTests extends AbstractContextPathDictionaryTests {

	@Test
	void leavesTheClientsPathParametersOutOfTheMatch() throws Exception {
		for (String path : new String[] { CONTEXT + ";x=1/api/feed", CONTEXT + ";x=" + "a".repeat(1100) + "/api/feed",
				"/;x=1" + CONTEXT + "/api/feed" }) {
			HttpResponse<byte[]> response = DictionaryHttp.get(this.client, this.port, path);
			assertThat(response.statusCode()).as(path).isEqualTo(200);
			assertThat(response.headers().firstValue("Use-As-Dictionary")).as(path)
				.hasValue("match=\"" + CONTEXT + "/api/feed*\", id=\"feed\"");
		}
	}

	@Test
	void usesTheDictionaryWhenThePathHasParameters() throws Exception {
		byte[] first = DictionaryHttp.get(this.client, this.port, CONTEXT + "/api/feed").body();
		this.versions.version = 2;
		HttpResponse<byte[]> next = DictionaryHttp.get(this.client, this.port, CONTEXT + ";x=1/api/feed",
				"Accept-Encoding", "dcz", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(first)));
		assertThat(next.headers().firstValue("Content-Encoding")).hasValue("dcz");
		assertThat(DictionaryHttp.decodeDcz(next.body(), first)).isEqualTo(DictionaryTestApplication.Versions.document(2));
	}

}
