package io.restcompress.server;

import java.net.http.HttpResponse;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code HEAD} answers with the header fields of its {@code GET} (RFC 9110, section 9.3.2) and a
 * {@code 304} with the {@code Vary} and entity tag of the {@code 200} it validates (section
 * 15.4.5), whichever representation was selected, over real HTTP.
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "restcompress.server.encodings=lzf,gzip,deflate")
class HeadAndNotModifiedIntegrationTests extends AbstractServerIntegrationTests {

	@ParameterizedTest(name = "Accept-Encoding: {0}")
	@ValueSource(strings = { "", "identity", "gzip;q=0", "br", "identity;q=0" })
	void sendsVaryWithNotModifiedWhenIdentityWasSelected(String acceptEncoding) {
		HttpResponse<byte[]> notModified = this.http.get("/etag", headers(acceptEncoding, "If-None-Match", "\"v1\""));
		assertThat(notModified.statusCode()).isEqualTo(304);
		assertThat(header(notModified, "Vary")).isEqualTo("Accept-Encoding");
		assertThat(header(notModified, "ETag")).isEqualTo("\"v1\"");
		assertThat(notModified.headers().firstValue("Content-Type")).as("representation metadata on a 304").isEmpty();
		HttpResponse<byte[]> ok = this.http.get("/etag", headers(acceptEncoding));
		assertThat(ok.statusCode()).isEqualTo(200);
		assertThat(header(ok, "Vary")).isEqualTo(header(notModified, "Vary"));
		assertThat(header(ok, "ETag")).isEqualTo(header(notModified, "ETag"));
	}

	@ParameterizedTest(name = "Accept-Encoding: {0} -> {1}")
	@CsvSource({ "gzip, gzip", "lzf, lzf", "'deflate, gzip;q=0.5', deflate" })
	void answersHeadWithTheFieldsOfTheEncodedGet(String acceptEncoding, String coding) {
		HttpResponse<byte[]> get = this.http.get("/etag", "Accept-Encoding", acceptEncoding);
		HttpResponse<byte[]> head = this.http.head("/etag", "Accept-Encoding", acceptEncoding);
		assertThat(head.statusCode()).isEqualTo(200);
		assertThat(header(head, "Content-Encoding")).isEqualTo(coding).isEqualTo(header(get, "Content-Encoding"));
		assertThat(header(head, "Vary")).isEqualTo("Accept-Encoding").isEqualTo(header(get, "Vary"));
		assertThat(header(head, "ETag")).isEqualTo("\"v1-" + coding + "\"").isEqualTo(header(get, "ETag"));
		assertThat(head.headers().firstValue("Content-Length")).isEmpty();
		assertThat(head.headers().firstValue("Accept-Ranges")).isEmpty();
		assertThat(head.body()).isEmpty();
	}

	@ParameterizedTest(name = "Accept-Encoding: {0}")
	@ValueSource(strings = { "", "identity", "br" })
	void answersHeadWithTheFieldsOfTheIdentityGet(String acceptEncoding) {
		HttpResponse<byte[]> head = this.http.head("/etag", headers(acceptEncoding));
		assertThat(head.statusCode()).isEqualTo(200);
		assertThat(head.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(header(head, "Vary")).isEqualTo("Accept-Encoding");
		assertThat(header(head, "ETag")).isEqualTo("\"v1\"");
		assertThat(head.headers().firstValueAsLong("Content-Length")).hasValue(TestEndpoints.LARGE.length);
	}

	@ParameterizedTest(name = "{0} -> {1}")
	@CsvSource({ "/unknown-length/250000, lzf", "/unknown-length/100, identity", "/known-length/4499, identity",
			"/known-length/4500, lzf", "/plain/large, identity", "/image, identity", "/bodiless, identity" })
	void answersHeadWithTheCodingItsGetWouldHave(String path, String coding) {
		HttpResponse<byte[]> get = this.http.get(path, "Accept-Encoding", "lzf");
		HttpResponse<byte[]> head = this.http.head(path, "Accept-Encoding", "lzf");
		assertThat(get.headers().firstValue("Content-Encoding").orElse("identity")).isEqualTo(coding);
		assertThat(head.headers().firstValue("Content-Encoding").orElse("identity")).isEqualTo(coding);
		assertThat(head.headers().allValues("Vary")).isEqualTo(get.headers().allValues("Vary"));
	}

	@ParameterizedTest(name = "Accept-Encoding: {0}")
	@ValueSource(strings = { "lzf", "", "identity" })
	void answersConditionalHeadWithNotModifiedAndVary(String acceptEncoding) {
		String tag = acceptEncoding.equals("lzf") ? "\"v1-lzf\"" : "\"v1\"";
		HttpResponse<byte[]> head = this.http.head("/etag", headers(acceptEncoding, "If-None-Match", tag));
		assertThat(head.statusCode()).isEqualTo(304);
		assertThat(header(head, "Vary")).isEqualTo("Accept-Encoding");
		assertThat(header(head, "ETag")).isEqualTo(tag);
	}

	@ParameterizedTest(name = "Accept-Encoding: {0}")
	@ValueSource(strings = { "identity;q=0", "'identity;q=0, lzf;q=0, gzip;q=0, deflate;q=0'", "'br, identity;q=0'" })
	void sendsIdentityRatherThanNotAcceptableWhenNothingElseIsAcceptable(String acceptEncoding) {
		HttpResponse<byte[]> response = this.http.get("/large", "Accept-Encoding", acceptEncoding);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(header(response, "Vary")).isEqualTo("Accept-Encoding");
		assertThat(response.body()).isEqualTo(TestEndpoints.LARGE);
	}

	private static String[] headers(String acceptEncoding, String... more) {
		if (acceptEncoding.isEmpty()) {
			return more;
		}
		String[] all = new String[more.length + 2];
		all[0] = "Accept-Encoding";
		all[1] = acceptEncoding;
		System.arraycopy(more, 0, all, 2, more.length);
		return all;
	}

}
