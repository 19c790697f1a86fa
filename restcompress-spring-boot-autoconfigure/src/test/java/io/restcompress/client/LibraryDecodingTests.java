package io.restcompress.client;

import java.io.IOException;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.http.HttpHeaders;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.http.client.JettyClientHttpRequestFactory;
import org.springframework.http.client.ReactorClientHttpRequestFactory;
import org.springframework.http.client.reactive.HttpComponentsClientHttpConnector;
import org.springframework.http.client.reactive.JdkClientHttpConnector;
import org.springframework.http.client.reactive.JettyClientHttpConnector;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * HTTP libraries as an application that builds its clients by hand gets them, most with their
 * own response decoding on: each body is decoded exactly once, by the library when it knows the
 * coding (it then removes {@code Content-Encoding}) and by restcompress otherwise, and the
 * library never replaces restcompress's {@code Accept-Encoding} (Jetty adds its own {@code gzip}
 * in front of it). Apache HttpClient 5 with its
 * decoding on rejects codings it does not know, which is why the auto-configuration switches
 * that decoding off.
 */
class LibraryDecodingTests extends PlainOriginTests {

	private static final int SIZE = 200_000;

	private static final int SMALL_SIZE = 5_000;

	private static final Set<String> ZLIB = Set.of("gzip", "deflate");

	static Stream<Arguments> librariesAndCodings() {
		return Stream.of(
				library("RestClient, JDK HttpClient", ZLIB,
						(compression) -> TestClient.restClient(new JdkClientHttpRequestFactory(), compression)),
				library("RestClient, Apache HttpClient 5 without its decoding", Set.of(),
						(compression) -> TestClient.restClient(new HttpComponentsClientHttpRequestFactory(
								HttpClients.custom().disableContentCompression().build()), compression)),
				library("RestClient, Jetty", Set.of("gzip"),
						(compression) -> TestClient.restClient(new JettyClientHttpRequestFactory(), compression)),
				library("RestClient, Reactor Netty", ZLIB,
						(compression) -> TestClient.restClient(new ReactorClientHttpRequestFactory(), compression)),
				library("WebClient, Reactor Netty", ZLIB,
						(compression) -> TestClient.webClient(new ReactorClientHttpConnector(), compression, false)),
				library("WebClient, JDK HttpClient", Set.of(),
						(compression) -> TestClient.webClient(new JdkClientHttpConnector(), compression, false)),
				library("WebClient, Apache HttpClient 5 without its decoding", Set.of(),
						(compression) -> TestClient.webClient(new HttpComponentsClientHttpConnector(
								HttpAsyncClients.custom().disableContentCompression().build()), compression, false)))
			.flatMap((library) -> Stream.of("lzf", "gzip", "deflate")
				.map((coding) -> Arguments.of(library.name, library, coding)));
	}

	private static Library library(String name, Set<String> decodedByLibrary,
			Function<ClientCompression, TestClient> client) {
		return new Library(name, decodedByLibrary, client);
	}

	@ParameterizedTest(name = "{0}, {2}")
	@MethodSource("librariesAndCodings")
	void decodesEachBodyOnceWhoeverDecodesIt(String name, Library library, String coding) throws IOException {
		TestClient client = library.client.apply(ClientCompression.builder(PlainOrigin.CODECS).recorder(this.recorder).build());
		TestClient.Response response = client.get(this.origin.uri("/payload/" + coding + "/" + SIZE));
		assertThat(response.body()).isEqualTo(Payloads.json(SIZE));
		assertThat(response.headers().containsHeader(HttpHeaders.CONTENT_ENCODING)).isFalse();
		assertThat(this.origin.requests.peek().header("Accept-Encoding")).endsWith("lzf, gzip, deflate");
		if (library.decodedByLibrary.contains(coding)) {
			assertThat(this.recorder.events).isEmpty();
		}
		else {
			assertThat(this.recorder.events).containsExactly("decoded CLIENT RESPONSE " + coding);
		}
	}

	/**
	 * Jetty's WebClient connector hands over read-only headers. The body is small enough to
	 * arrive within the decoder's first demand: jetty-reactive-httpclient 4.1.5 fails with
	 * {@code ReadPendingException} when demand is replenished from the decoding thread
	 * (jetty-project/jetty-reactive-httpclient#999), which larger bodies do.
	 */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "lzf", "gzip", "deflate" })
	void webClientOnJettyDecodesWithoutEditingItsReadOnlyHeaders(String coding) throws IOException {
		TestClient client = TestClient.webClient(new JettyClientHttpConnector(),
				ClientCompression.builder(PlainOrigin.CODECS).recorder(this.recorder).build(), false);
		TestClient.Response response = client.get(this.origin.uri("/payload/" + coding + "/" + SMALL_SIZE));
		assertThat(response.body()).isEqualTo(Payloads.json(SMALL_SIZE));
		assertThat(response.headers().containsHeader(HttpHeaders.CONTENT_ENCODING)).isFalse();
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "gzip", "deflate" })
	void apacheHttpClientWithItsDecodingOnDecodesZlibCodingsItself(String coding) throws IOException {
		TestClient client = TestClient.restClient(new HttpComponentsClientHttpRequestFactory(),
				ClientCompression.builder(PlainOrigin.CODECS).recorder(this.recorder).build());
		TestClient.Response response = client.get(this.origin.uri("/payload/" + coding + "/" + SIZE));
		assertThat(response.body()).isEqualTo(Payloads.json(SIZE));
		assertThat(response.headers().containsHeader(HttpHeaders.CONTENT_ENCODING)).isFalse();
		assertThat(this.recorder.events).isEmpty();
	}

	@Test
	void apacheHttpClientWithItsDecodingOnRejectsCodingsItDoesNotKnow() {
		TestClient client = TestClient.restClient(new HttpComponentsClientHttpRequestFactory(),
				ClientCompression.builder(PlainOrigin.CODECS).build());
		assertThatException().isThrownBy(() -> client.get(this.origin.uri("/payload/lzf/" + SIZE)))
			.withStackTraceContaining("Unsupported Content-Encoding: lzf");
	}

	record Library(String name, Set<String> decodedByLibrary,
			Function<ClientCompression, TestClient> client) {
	}

}
