package io.restcompress.dictionary;

import java.net.http.HttpResponse;

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
		for (String parameter : new String[] { ";x=1", ";x=" + "a".repeat(1100) }) {
			HttpResponse<byte[]> response = DictionaryHttp.get(this.client, this.port, CONTEXT + parameter + "/api/feed");
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(response.headers().firstValue("Use-As-Dictionary"))
				.hasValue("match=\"" + CONTEXT + "/api/feed*\", id=\"feed\"");
		}
	}

}
