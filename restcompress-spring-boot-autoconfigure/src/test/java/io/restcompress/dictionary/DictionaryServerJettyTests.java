package io.restcompress.dictionary;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link DictionaryServerIntegrationTests} on Jetty (run by the jetty execution, without Tomcat
 * on the classpath).
 */
class DictionaryServerJettyTests extends DictionaryServerIntegrationTests {

	/**
	 * Jetty removes the representation's header fields, {@code Vary} among them, from a response
	 * for which the application called {@code sendError}, before its error page: the error page
	 * of a dictionary handler is no dictionary, and varies with nothing.
	 */
	@Override
	@Test
	void anErrorResponseOfADictionaryHandlerIsNoDictionaryButVariesWithTheAvailableDictionary() throws Exception {
		assertThat(get("/api/feed").headers().firstValue("Use-As-Dictionary")).isPresent();
		HttpResponse<byte[]> gone = get("/api/feed/gone", "Accept-Encoding", "gzip");
		assertThat(gone.statusCode()).isEqualTo(410);
		assertThat(gone.headers().firstValue("Use-As-Dictionary")).isEmpty();
		assertThat(String.join(", ", gone.headers().allValues("Vary"))).containsIgnoringCase("Available-Dictionary");
		HttpResponse<byte[]> missing = get("/api/feed/missing", "Accept-Encoding", "gzip");
		assertThat(missing.statusCode()).isEqualTo(404);
		assertThat(missing.headers().firstValue("Use-As-Dictionary")).isEmpty();
		assertThat(missing.headers().allValues("Vary")).isEmpty();
		HttpResponse<byte[]> failing = get("/api/feed/failing", "Accept-Encoding", "gzip");
		assertThat(failing.statusCode()).isEqualTo(500);
		assertThat(failing.headers().firstValue("Use-As-Dictionary")).isEmpty();
	}

}
