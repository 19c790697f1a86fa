package io.restcompress.dictionary;

import java.net.http.HttpResponse;
import java.util.concurrent.Callable;

import io.restcompress.codec.DczCodec;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Compression dictionaries on Spring MVC and Tomcat.
 */
@SpringBootTest(
		classes = { DictionaryTestApplication.class, DictionaryServerIntegrationTests.Forwarding.class,
				DictionaryServerIntegrationTests.VaryingByOrigin.class, DictionaryServerIntegrationTests.AsyncSmall.class },
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

	/**
	 * The handler sets {@code Vary} itself after the interceptor added
	 * {@code Available-Dictionary} to it; a {@code dcz} response must still name it, or a cache
	 * would give the body to clients without the dictionary.
	 */
	@Test
	void keepsAvailableDictionaryInVaryWhenTheHandlerSetsVaryItself() throws Exception {
		HttpResponse<byte[]> first = get("/api/varying");
		assertThat(first.headers().allValues("Vary")).containsExactly("Origin, Available-Dictionary, Accept-Encoding");
		HttpResponse<byte[]> next = get("/api/varying", "Accept-Encoding", "dcz", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(first.body())));
		assertThat(next.headers().firstValue("Content-Encoding")).hasValue("dcz");
		assertThat(next.headers().allValues("Vary")).containsExactly("Origin, Available-Dictionary, Accept-Encoding");
	}

	/**
	 * Spring MVC runs the interceptor again on the dispatch that completes an async handler.
	 */
	@Test
	void linksTheTrainedDictionaryOnceFromAnAsyncHandler() throws Exception {
		String link = "<" + trainedDictionaryPath() + ">; rel=\"compression-dictionary\"";
		HttpResponse<byte[]> response = get("/api/small/async/1");
		assertThat(response.body()).isEqualTo(DictionaryTestApplication.Versions.smallBody(1));
		assertThat(response.headers().allValues("Link")).containsExactly(link);
	}

	@RestController
	static class AsyncSmall {

		@DictionaryCompressed(match = "/api/small/*", trained = true)
		@GetMapping("/api/small/async/{n}")
		Callable<ResponseEntity<byte[]>> small(@PathVariable int n) {
			return () -> ResponseEntity.ok()
				.contentType(MediaType.APPLICATION_JSON)
				.body(DictionaryTestApplication.Versions.smallBody(n));
		}

	}

	@RestController
	static class VaryingByOrigin {

		@DictionaryCompressed(match = "/api/varying*")
		@GetMapping("/api/varying")
		ResponseEntity<byte[]> varying(HttpServletResponse response) {
			response.setHeader(HttpHeaders.VARY, HttpHeaders.ORIGIN);
			return ResponseEntity.ok()
				.contentType(MediaType.APPLICATION_JSON)
				.body(DictionaryTestApplication.Versions.document(1));
		}

	}

	@Controller
	static class Forwarding {

		@GetMapping("/api/forward-to-feed")
		String forward() {
			return "forward:/api/feed";
		}

	}

	@Test
	void aRedirectOfADictionaryHandlerIsNoDictionary() throws Exception {
		HttpResponse<byte[]> moved = get("/api/feed/moved", "Accept-Encoding", "gzip");
		assertThat(moved.statusCode()).isEqualTo(302);
		assertThat(moved.headers().firstValue("Use-As-Dictionary")).isEmpty();
	}

}
