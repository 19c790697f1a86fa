package io.restcompress.dictionary;

import java.net.http.HttpResponse;

import io.restcompress.codec.DczCodec;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Compression dictionaries on Spring MVC and Tomcat.
 */
@SpringBootTest(classes = { DictionaryTestApplication.class, DictionaryServerIntegrationTests.Forwarding.class },
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "restcompress.dictionary.enabled=true", "restcompress.server.excluded-paths=/api/excluded/**", "management.endpoints.web.exposure.include=restcompressdictionaries" })
class DictionaryServerIntegrationTests extends AbstractDictionaryServerTests {

	@Test
	void bodyOfADictionaryHandlerReachedByAForwardIsKept() throws Exception {
		this.versions.version = 7;
		byte[] forwarded = get("/api/forward-to-feed").body();
		assertThat(forwarded).isEqualTo(DictionaryTestApplication.Versions.document(7));
		HttpResponse<byte[]> next = get("/api/feed", "Accept-Encoding", "dcz", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(forwarded)));
		assertThat(next.headers().firstValue("Content-Encoding")).hasValue("dcz");
	}

	@Controller
	static class Forwarding {

		@GetMapping("/api/forward-to-feed")
		String forward() {
			return "forward:/api/feed";
		}

	}

}
