package io.restcompress.server;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code 206 (Partial Content)} is a range of the unencoded representation and carries the
 * {@code Vary} its {@code 200} would carry (RFC 9110, section 15.3.7), on both server stacks.
 */
class PartialContentIntegrationTests {

	abstract static class PartialContentTests extends AbstractServerIntegrationTests {

		@Test
		void sendsARangeUnencodedWithTheVaryOfItsOk() {
			HttpResponse<byte[]> ok = this.http.get("/resource/20000", "Accept-Encoding", "gzip");
			assertThat(ok.headers().firstValue("Content-Encoding")).hasValue("gzip");
			HttpResponse<byte[]> partial = this.http.get("/resource/20000", "Accept-Encoding", "gzip", "Range",
					"bytes=0-99");
			assertThat(partial.statusCode()).isEqualTo(206);
			assertThat(partial.headers().firstValue("Content-Encoding")).isEmpty();
			assertThat(partial.headers().firstValue("Content-Range")).hasValue("bytes 0-99/20000");
			assertThat(partial.body()).hasSize(100);
			assertThat(partial.headers().allValues("Vary")).isEqualTo(ok.headers().allValues("Vary"))
				.containsExactly("Accept-Encoding");
		}

		@Test
		void sendsSeveralRangesWithTheVaryOfTheirOk() {
			HttpResponse<byte[]> partial = this.http.get("/resource/20000", "Accept-Encoding", "gzip", "Range",
					"bytes=0-9,20-29");
			assertThat(partial.statusCode()).isEqualTo(206);
			assertThat(partial.headers().firstValue("Content-Type")).hasValueSatisfying(
					(type) -> assertThat(type).startsWith("multipart/byteranges"));
			assertThat(partial.headers().allValues("Vary")).containsExactly("Accept-Encoding");
		}

		@Test
		void sendsARangeOfARepresentationBelowTheThresholdWithoutVary() {
			HttpResponse<byte[]> ok = this.http.get("/resource/1000", "Accept-Encoding", "gzip");
			assertThat(ok.headers().allValues("Vary")).isEmpty();
			HttpResponse<byte[]> partial = this.http.get("/resource/1000", "Accept-Encoding", "gzip", "Range",
					"bytes=0-99");
			assertThat(partial.statusCode()).isEqualTo(206);
			assertThat(partial.headers().allValues("Vary")).isEmpty();
		}

	}

	@Nested
	@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = "restcompress.server.encodings=lzf,gzip")
	class Servlet extends PartialContentTests {

	}

	@Nested
	@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "spring.main.web-application-type=reactive", "restcompress.server.encodings=lzf,gzip" })
	class Reactive extends PartialContentTests {

	}

}
