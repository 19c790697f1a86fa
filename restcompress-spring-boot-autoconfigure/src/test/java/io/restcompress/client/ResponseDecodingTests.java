package io.restcompress.client;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

import io.restcompress.codec.CorruptContentException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.ResponseCookie;
import org.springframework.util.MultiValueMap;
import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Response decoding by every client against an origin without restcompress.
 */
class ResponseDecodingTests extends PlainOriginTests {

	private static final int SIZE = 300_000;

	static Stream<Arguments> clientsAndCodings() {
		return TestClient.kinds()
			.flatMap((client) -> Stream.of("lzf", "gzip", "deflate").map((coding) -> Arguments.of(client, coding)));
	}

	private TestClient client(Function<ClientCompression, TestClient> kind) {
		return kind.apply(ClientCompression.builder(PlainOrigin.CODECS).recorder(this.recorder).build());
	}

	@ParameterizedTest(name = "{0}, {1}")
	@MethodSource("clientsAndCodings")
	void decodesEveryCodingToTheIdenticalBody(Function<ClientCompression, TestClient> kind, String coding)
			throws IOException {
		TestClient.Response response = client(kind).get(this.origin.uri("/payload/" + coding + "/" + SIZE));
		assertThat(response.status()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(Payloads.json(SIZE));
		assertThat(response.headers().containsHeader(HttpHeaders.CONTENT_ENCODING)).isFalse();
		assertThat(response.headers().containsHeader(HttpHeaders.CONTENT_LENGTH)).isFalse();
		assertThat(this.recorder.events).containsOnlyOnce("decoded CLIENT RESPONSE " + coding);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void sendsTheEnabledCodingsAsAcceptEncoding(Function<ClientCompression, TestClient> kind) throws IOException {
		client(kind).get(this.origin.uri("/payload/identity/10"));
		assertThat(this.origin.requests.peek().header("Accept-Encoding")).isEqualTo("lzf, gzip, deflate");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void sendsTheConfiguredCodingsAsAcceptEncoding(Function<ClientCompression, TestClient> kind) throws IOException {
		kind.apply(ClientCompression.builder(PlainOrigin.CODECS).acceptEncodings(List.of("gzip", "lzf")).build())
			.get(this.origin.uri("/payload/identity/10"));
		assertThat(this.origin.requests.peek().header("Accept-Encoding")).isEqualTo("gzip, lzf");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void keepsTheAcceptEncodingTheCallerSet(Function<ClientCompression, TestClient> kind) throws IOException {
		HttpHeaders headers = new HttpHeaders();
		headers.set(HttpHeaders.ACCEPT_ENCODING, "gzip;q=0.5");
		client(kind).exchange(HttpMethod.GET, this.origin.uri("/payload/identity/10"), headers, null, Map.of());
		assertThat(this.origin.requests.peek().header("Accept-Encoding")).isEqualTo("gzip;q=0.5");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void handsAnUnknownCodingThroughUntouched(Function<ClientCompression, TestClient> kind) throws IOException {
		byte[] opaque = Payloads.json(10_000, 7);
		this.origin.handle("/unknown", (exchange, body) -> {
			exchange.getResponseHeaders().set("Content-Encoding", "br");
			PlainOrigin.respond(exchange, 200, opaque);
		});
		TestClient.Response response = client(kind).get(this.origin.uri("/unknown"));
		assertThat(response.headers().getFirst(HttpHeaders.CONTENT_ENCODING)).isEqualTo("br");
		assertThat(response.headers().getContentLength()).isEqualTo(opaque.length);
		assertThat(response.body()).isEqualTo(opaque);
		assertThat(this.recorder.events).isEmpty();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void handsStackedCodingsWithAnUnknownOneThroughUntouched(Function<ClientCompression, TestClient> kind)
			throws IOException {
		byte[] gzipped = PlainOrigin.encode("gzip", Payloads.json(10_000));
		this.origin.handle("/stacked-unknown", (exchange, body) -> {
			exchange.getResponseHeaders().set("Content-Encoding", "gzip, br");
			PlainOrigin.respond(exchange, 200, gzipped);
		});
		TestClient.Response response = client(kind).get(this.origin.uri("/stacked-unknown"));
		assertThat(response.headers().getFirst(HttpHeaders.CONTENT_ENCODING)).isEqualTo("gzip, br");
		assertThat(response.body()).isEqualTo(gzipped);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void decodesStackedCodingsInReverseOrder(Function<ClientCompression, TestClient> kind) throws IOException {
		byte[] stacked = PlainOrigin.encode("lzf", PlainOrigin.encode("gzip", Payloads.json(SIZE)));
		this.origin.handle("/stacked", (exchange, body) -> {
			exchange.getResponseHeaders().set("Content-Encoding", "gzip, lzf");
			PlainOrigin.respond(exchange, 200, stacked);
		});
		TestClient.Response response = client(kind).get(this.origin.uri("/stacked"));
		assertThat(response.body()).isEqualTo(Payloads.json(SIZE));
		assertThat(this.recorder.events).containsExactlyInAnyOrder("decoded CLIENT RESPONSE gzip",
				"decoded CLIENT RESPONSE lzf");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void readsAnEmptyEncodedBodyAsEmpty(Function<ClientCompression, TestClient> kind) throws IOException {
		this.origin.handle("/empty", (exchange, body) -> {
			exchange.getResponseHeaders().set("Content-Encoding", "gzip");
			exchange.sendResponseHeaders(200, 0);
			exchange.getResponseBody().close();
		});
		TestClient.Response response = client(kind).get(this.origin.uri("/empty"));
		assertThat(response.status()).isEqualTo(200);
		assertThat(response.body()).isEmpty();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void leavesTheHeadersOfAHeadResponseAlone(Function<ClientCompression, TestClient> kind) throws IOException {
		this.origin.handle("/head", (exchange, body) -> {
			exchange.getResponseHeaders().set("Content-Encoding", "lzf");
			exchange.sendResponseHeaders(200, -1);
		});
		TestClient.Response response = client(kind).exchange(HttpMethod.HEAD, this.origin.uri("/head"),
				new HttpHeaders(), null, Map.of());
		assertThat(response.status()).isEqualTo(200);
		assertThat(response.headers().getFirst(HttpHeaders.CONTENT_ENCODING)).isEqualTo("lzf");
	}

	@ParameterizedTest(name = "{0}, {1}")
	@MethodSource("clientsAndCodings")
	void failsClearlyOnATruncatedBodyAndStaysUsable(Function<ClientCompression, TestClient> kind, String coding)
			throws IOException {
		byte[] encoded = PlainOrigin.encode(coding, Payloads.json(SIZE));
		byte[] truncated = Arrays.copyOf(encoded, encoded.length / 2);
		this.origin.handle("/truncated", (exchange, body) -> {
			exchange.getResponseHeaders().set("Content-Encoding", coding);
			PlainOrigin.respond(exchange, 200, truncated);
		});
		TestClient client = client(kind);
		Throwable failure = catchThrowable(() -> client.get(this.origin.uri("/truncated")));
		assertThat(corruption(failure)).hasMessageStartingWith("Corrupt " + coding + " data: truncated");
		assertThat(this.recorder.events).contains("rejected CLIENT RESPONSE " + coding + " CORRUPT");
		assertThat(client.get(this.origin.uri("/payload/" + coding + "/" + SIZE)).body())
			.isEqualTo(Payloads.json(SIZE));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void failsClearlyOnCorruptDataMidBodyAndStaysUsable(Function<ClientCompression, TestClient> kind)
			throws IOException {
		byte[] corrupt = PlainOrigin.encode("lzf", Payloads.json(SIZE));
		int secondChunk = 7 + (((corrupt[3] & 0xFF) << 8) | (corrupt[4] & 0xFF));
		corrupt[secondChunk] = 'Q';
		this.origin.handle("/corrupt", (exchange, body) -> {
			exchange.getResponseHeaders().set("Content-Encoding", "lzf");
			PlainOrigin.respond(exchange, 200, corrupt);
		});
		TestClient client = client(kind);
		Throwable failure = catchThrowable(() -> client.get(this.origin.uri("/corrupt")));
		assertThat(corruption(failure)).hasMessageStartingWith("Corrupt lzf data");
		for (int i = 0; i < 3; i++) {
			assertThat(client.get(this.origin.uri("/payload/lzf/" + SIZE)).body()).isEqualTo(Payloads.json(SIZE));
		}
	}

	/**
	 * WebClient hands the decoded body over in a new response, which carries the cookies of the
	 * one that came.
	 */
	@Test
	void webClientKeepsTheCookiesOfADecodedResponse() throws IOException {
		byte[] gzipped = PlainOrigin.encode("gzip", Payloads.json(10_000));
		this.origin.handle("/cookie", (exchange, body) -> {
			exchange.getResponseHeaders().set("Set-Cookie", "id=1");
			exchange.getResponseHeaders().set("Content-Encoding", "gzip");
			PlainOrigin.respond(exchange, 200, gzipped);
		});
		WebClient client = WebClient.builder()
			.clientConnector(TestClient.plainReactorNetty())
			.filter(new ClientCompressionExchangeFilter(
					ClientCompression.builder(PlainOrigin.CODECS).recorder(this.recorder).build()))
			.build();
		record Seen(MultiValueMap<String, ResponseCookie> cookies, HttpHeaders headers, byte[] body) {
		}
		Seen seen = client.get()
			.uri(this.origin.uri("/cookie"))
			.exchangeToMono((response) -> response.bodyToMono(byte[].class)
				.map((body) -> new Seen(response.cookies(), response.headers().asHttpHeaders(), body)))
			.block(TestClient.TIMEOUT);
		assertThat(seen.body()).isEqualTo(Payloads.json(10_000));
		assertThat(seen.headers().containsHeader(HttpHeaders.CONTENT_ENCODING)).isFalse();
		assertThat(seen.cookies().getFirst("id")).isNotNull()
			.satisfies((cookie) -> assertThat(cookie.getValue()).isEqualTo("1"));
		assertThat(this.recorder.events).containsOnlyOnce("decoded CLIENT RESPONSE gzip");
	}

	static CorruptContentException corruption(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof CorruptContentException corrupt) {
				return corrupt;
			}
		}
		throw new AssertionError("No CorruptContentException in the causes of " + failure, failure);
	}

}
