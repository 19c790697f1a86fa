package io.restcompress.server;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link RequestDecodingIntegrationTests} on Jetty (run by the jetty execution,
 * without Tomcat on the classpath), where three answers differ from Tomcat's because Jetty's
 * own do.
 */
class RequestDecodingJettyTests extends RequestDecodingIntegrationTests {

	/**
	 * Jetty takes a parameter without a name in an unencoded form, where Tomcat answers 400;
	 * restcompress keeps Tomcat's rule for the forms it decodes.
	 */
	@Override
	@ParameterizedTest
	@ValueSource(strings = { "a=1&=nameless", "a=%zz", "a=1&b=%E" })
	void answersAnEncodedFormWithAMalformedParameterWith400AsTheContainerDoesAnUnencodedOne(String form) {
		HttpResponse<byte[]> encoded = this.http.post("/plain/form",
				HttpTestClient.encode("gzip", form.getBytes(StandardCharsets.US_ASCII)), "Content-Encoding", "gzip",
				"Content-Type", "application/x-www-form-urlencoded");
		assertThat(encoded.statusCode()).isEqualTo(400);
		assertThat(header(encoded, "Content-Type")).isEqualTo("application/problem+json");
		assertThat(new String(encoded.body(), StandardCharsets.UTF_8)).contains("\"coding\":\"gzip\"");
	}

	/**
	 * Jetty's limit counts distinct names ({@code max-form-keys}), so it takes 1,001 values of
	 * one name unencoded; restcompress counts parameters, as Tomcat does.
	 */
	@Override
	@Test
	void answersAnEncodedFormWithMoreParametersThanTheContainerTakesWith400() {
		byte[] form = "a=1&".repeat(1001).getBytes(StandardCharsets.US_ASCII);
		HttpResponse<byte[]> encoded = this.http.post("/plain/form", HttpTestClient.encode("zstd", form),
				"Content-Encoding", "zstd", "Content-Type", "application/x-www-form-urlencoded");
		assertThat(encoded.statusCode()).isEqualTo(400);
		assertThat(new String(encoded.body(), StandardCharsets.UTF_8)).contains("more than 1000 parameters",
				"max-form-parameters");
	}

	/**
	 * Tomcat answers a body that ends before its declared length with its own 400 as soon as
	 * the filter's drain reads the end; Jetty lets the filter's 415 go out, and closes.
	 */
	@Override
	@Test
	void answersAnUnsupportedCodingWhoseBodyEndsEarlyWith400AsAnyTruncatedRequest() throws IOException {
		String response = exchangeHalfClosed("Content-Length: 10\r\n\r\n01234");
		assertThat(response).startsWith("HTTP/1.1 415 ").containsIgnoringCase("Connection: close");
		assertThat(TestEndpoints.handlerCalls).hasValue(0);
	}

}
