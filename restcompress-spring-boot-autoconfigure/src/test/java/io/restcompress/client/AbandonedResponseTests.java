package io.restcompress.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.Timeout;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.netty.http.client.HttpClient;

import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.http.client.JettyClientHttpRequestFactory;
import org.springframework.http.client.ReactorClientHttpRequestFactory;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A RestTemplate or RestClient response that failed to decode is abandoned, not drained: the
 * rest of its encoded body may be endless (a hostile origin, or one that streams), and Spring
 * drains what is left when a response is closed so that the connection can be reused. A
 * response is released when the application closes the body it was handed as a stream.
 */
class AbandonedResponseTests extends PlainOriginTests {

	private static final int LIMIT = 1024 * 1024;

	private static final int TRAILING_MEGABYTES = 256;

	private final CompletableFuture<Boolean> sentInFull = new CompletableFuture<>();

	static Stream<Arguments> factories() {
		return Stream.of(factory("JDK HttpClient", TestClient::plainJdk),
				factory("Apache HttpClient 5", () -> new HttpComponentsClientHttpRequestFactory(
						HttpClients.custom().disableContentCompression().build())),
				factory("Reactor Netty", () -> new ReactorClientHttpRequestFactory(HttpClient.create().compress(false))),
				factory("Jetty", AbandonedResponseTests::plainJetty),
				factory("HttpURLConnection", SimpleClientHttpRequestFactory::new));
	}

	private static ClientHttpRequestFactory plainJetty() {
		org.eclipse.jetty.client.HttpClient jetty = new org.eclipse.jetty.client.HttpClient();
		try {
			jetty.start();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
		jetty.getContentDecoderFactories().clear();
		return new JettyClientHttpRequestFactory(jetty);
	}

	private static Arguments factory(String name, Supplier<ClientHttpRequestFactory> factory) {
		return Arguments.of(name, factory);
	}

	@BeforeEach
	void serveAnEndlessBody() {
		this.origin.handleStreaming("/endless", (exchange) -> {
			exchange.getResponseHeaders().set("Content-Encoding", "gzip");
			exchange.getResponseHeaders().set("Content-Type", "application/octet-stream");
			exchange.sendResponseHeaders(200, 0);
			byte[] random = new byte[1024 * 1024];
			new Random(7).nextBytes(random);
			try (OutputStream body = exchange.getResponseBody();
					GZIPOutputStream gzip = new GZIPOutputStream(body, 64 * 1024)) {
				gzip.write(new byte[2 * LIMIT]);
				for (int i = 0; i < TRAILING_MEGABYTES; i++) {
					gzip.write(random);
				}
				gzip.finish();
				this.sentInFull.complete(true);
			}
			catch (IOException ex) {
				this.sentInFull.complete(false);
			}
			finally {
				exchange.close();
			}
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("factories")
	void abandonsTheRestOfABodyPastTheLimit(String name, Supplier<ClientHttpRequestFactory> factory)
			throws Exception {
		TestClient client = TestClient.restClient(factory.get(),
				ClientCompression.builder(PlainOrigin.CODECS).maxDecodedSize(LIMIT).build());
		Throwable failure = catchThrowable(() -> client.get(this.origin.uri("/endless")));
		assertThat(ResponseLimitTests.tooLarge(failure).getLimit()).isEqualTo(LIMIT);
		assertThat(this.sentInFull.get(60, TimeUnit.SECONDS)).as("the origin sent the whole body").isFalse();
		assertThat(client.get(this.origin.uri("/payload/gzip/1000")).body()).isEqualTo(Payloads.json(1000));
	}

	/**
	 * RestClient hands a body asked for as an {@code InputStream} over without closing the
	 * response: closing the stream is what releases the exchange.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("factories")
	void abandonsTheRestOfABodyPastTheLimitWhenTheApplicationClosesTheStream(String name,
			Supplier<ClientHttpRequestFactory> factory) throws Exception {
		RestClient client = RestClient.builder()
			.requestFactory(factory.get())
			.requestInterceptor(new ClientCompressionInterceptor(
					ClientCompression.builder(PlainOrigin.CODECS).maxDecodedSize(LIMIT).build()))
			.build();
		Throwable failure;
		try (InputStream body = client.get().uri(this.origin.uri("/endless")).retrieve().body(InputStream.class)) {
			failure = catchThrowable(body::readAllBytes);
		}
		assertThat(ResponseLimitTests.tooLarge(failure).getLimit()).isEqualTo(LIMIT);
		assertThat(this.sentInFull.get(60, TimeUnit.SECONDS)).as("the origin sent the whole body").isFalse();
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "identity", "gzip", "streaming factory, identity", "streaming factory, gzip" })
	void releasesTheConnectionWhenTheApplicationClosesAnInputStreamBody(String variant) throws IOException {
		ClientCompression compression = ClientCompression.builder(PlainOrigin.CODECS).build();
		ClientHttpRequestFactory twoConnections = new HttpComponentsClientHttpRequestFactory(HttpClients.custom()
			.disableContentCompression()
			.setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
				.setMaxConnPerRoute(2)
				.setMaxConnTotal(2)
				.build())
			.setDefaultRequestConfig(
					RequestConfig.custom().setConnectionRequestTimeout(Timeout.of(10, TimeUnit.SECONDS)).build())
			.build());
		RestClient client = variant.startsWith("streaming factory")
				? RestClient.builder()
					.requestFactory(new StreamingCompressionRequestFactory(twoConnections, compression))
					.build()
				: RestClient.builder()
					.requestFactory(twoConnections)
					.requestInterceptor(new ClientCompressionInterceptor(compression))
					.build();
		String coding = variant.substring(variant.lastIndexOf(' ') + 1);
		for (int i = 0; i < 4; i++) {
			try (InputStream body = client.get().uri(this.origin.uri("/payload/" + coding + "/300000")).retrieve()
				.body(InputStream.class)) {
				assertThat(body.readNBytes(100)).hasSize(100);
			}
		}
	}

}
