package io.restcompress.dictionary;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.restcompress.codec.DczCodec;
import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;

/**
 * Dictionaries of an application below a context path ({@value #CONTEXT} unless a subclass
 * adds to it): match patterns are written within the application, as its mappings are, and
 * announced, linked and matched with the path before them, since clients match them against
 * the whole path.
 */
abstract class AbstractContextPathDictionaryTests extends DictionaryServerTestBase {

	static final String CONTEXT = "/app";

	/**
	 * The path the application's mappings are below.
	 * @return the path
	 */
	String base() {
		return CONTEXT;
	}

	@Test
	void announcesTheMatchWithTheContextPathAndSendsTheNextVersionInDcz() throws Exception {
		HttpResponse<byte[]> first = get("/api/feed");
		assertThat(first.headers().firstValue("Use-As-Dictionary")).hasValue("match=\"" + base() + "/api/feed*\", id=\"feed\"");
		this.versions.version = 2;
		HttpResponse<byte[]> next = get("/api/feed", "Accept-Encoding", "dcz", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(first.body())));
		assertThat(next.headers().firstValue("Content-Encoding")).hasValue("dcz");
		assertThat(DictionaryHttp.decodeDcz(next.body(), first.body()))
			.isEqualTo(DictionaryTestApplication.Versions.document(2));
	}

	@Test
	void linksTheTrainedDictionaryBelowTheContextPath() throws Exception {
		for (int n = 0; n < 50; n++) {
			get("/api/small/" + n);
		}
		HttpResponse<byte[]> trained = this.client.send(HttpRequest
			.newBuilder(URI.create("http://localhost:" + this.port + base() + "/actuator/restcompressdictionaries"))
			.timeout(DictionaryHttp.TIMEOUT)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("{\"match\":\"/api/small/*\"}"))
			.build(), HttpResponse.BodyHandlers.ofByteArray());
		assertThat(trained.statusCode()).isEqualTo(200);
		String link = get("/api/small/1").headers().firstValue("Link").orElseThrow();
		assertThat(link).matches("<" + base() + "/restcompress/dictionaries/[0-9a-f]{64}>; rel=\"compression-dictionary\"");
		HttpResponse<byte[]> served = DictionaryHttp.get(this.client, this.port, link.substring(1, link.indexOf('>')));
		assertThat(served.statusCode()).isEqualTo(200);
		assertThat(served.headers().firstValue("Use-As-Dictionary")).hasValue("match=\"" + base() + "/api/small/*\"");
		HttpResponse<byte[]> response = get("/api/small/1000", "Accept-Encoding", "dcz", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(served.body())));
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("dcz");
		assertThat(DictionaryHttp.decodeDcz(response.body(), served.body()))
			.isEqualTo(DictionaryTestApplication.Versions.smallBody(1000));
	}

	private HttpResponse<byte[]> get(String path, String... headers) throws IOException, InterruptedException {
		return DictionaryHttp.get(this.client, this.port, base() + path, headers);
	}

}
