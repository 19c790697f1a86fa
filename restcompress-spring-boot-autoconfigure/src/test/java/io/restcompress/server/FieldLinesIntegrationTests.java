package io.restcompress.server;

import java.net.http.HttpResponse;
import java.util.Arrays;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A list-based field sent as several field lines is read whole, on both server stacks: the
 * request's {@code Accept-Encoding}, the response's {@code Cache-Control} and {@code Vary}
 * (RFC 9110, section 5.3).
 */
class FieldLinesIntegrationTests {

	abstract static class FieldLinesTests extends AbstractServerIntegrationTests {

		@Test
		void negotiatesWithEveryAcceptEncodingLine() {
			HttpResponse<byte[]> response = this.http.get("/known-length/20000", "Accept-Encoding", "lzf;q=0",
					"Accept-Encoding", "gzip");
			assertThat(header(response, "Content-Encoding")).isEqualTo("gzip");
			assertThat(HttpTestClient.decode("gzip", response.body())).isEqualTo(TestPayloads.json(20_000));
		}

		@Test
		void respectsNoTransformOnALaterCacheControlLine() {
			HttpResponse<byte[]> response = this.http.get("/cache-control-lines", "Accept-Encoding", "gzip");
			assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
			assertThat(response.body()).isEqualTo(TestPayloads.json(20_000));
		}

		@Test
		void keepsEveryVaryLineWhenAddingAcceptEncoding() {
			HttpResponse<byte[]> response = this.http.get("/vary-lines", "Accept-Encoding", "gzip");
			assertThat(header(response, "Content-Encoding")).isEqualTo("gzip");
			assertThat(response.headers().allValues("Vary").stream().flatMap((line) -> Arrays.stream(line.split(",")))
				.map(String::trim)).containsExactlyInAnyOrder("Origin", "Accept-Language", "Accept-Encoding");
		}

	}

	@Nested
	@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = "restcompress.server.encodings=lzf,gzip")
	class Servlet extends FieldLinesTests {

	}

	@Nested
	@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "spring.main.web-application-type=reactive", "restcompress.server.encodings=lzf,gzip" })
	class Reactive extends FieldLinesTests {

	}

}
