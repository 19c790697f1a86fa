package io.restcompress.client;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.eclipse.jetty.client.HttpClient;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Named;
import reactor.core.publisher.Flux;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.StreamingHttpOutputMessage;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.http.client.JettyClientHttpRequestFactory;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.client.ResponseErrorHandler;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.reactive.function.BodyExtractors;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * One of the clients restcompress supports, reduced to a single exchange that returns the
 * status, headers and body bytes the application sees.
 */
interface TestClient {

	Duration TIMEOUT = Duration.ofSeconds(30);

	Response exchange(HttpMethod method, URI uri, HttpHeaders headers, byte @Nullable [] body,
			Map<String, Object> attributes) throws IOException;

	default Response get(URI uri) throws IOException {
		return exchange(HttpMethod.GET, uri, new HttpHeaders(), null, Map.of());
	}

	default Response post(URI uri, byte[] body) throws IOException {
		return exchange(HttpMethod.POST, uri, new HttpHeaders(), body, Map.of());
	}

	record Response(int status, HttpHeaders headers, byte[] body) {
	}

	final class StartedJettyClient {

		static final HttpClient INSTANCE = start(JettyHttpClientRedirects.reported(new HttpClient()));

		private StartedJettyClient() {
		}

		private static HttpClient start(HttpClient client) {
			try {
				client.start();
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
			client.getContentDecoderFactories().clear();
			return client;
		}

	}

	/**
	 * The clients every behaviour is checked with, on HTTP libraries whose own decoding is off
	 * as the auto-configuration sets it: RestTemplate and RestClient on the JDK's HttpClient,
	 * with the interceptor and with the streaming request factory (RestClient also with a body
	 * of unknown length that can be written again), WebClient on Reactor Netty with bodies of
	 * known length and streamed in chunks of unknown length.
	 */
	static Stream<Named<Function<ClientCompression, TestClient>>> kinds() {
		return Stream.of(
				Named.of("RestTemplate", (compression) -> restTemplate(plainJdk(), compression)),
				Named.of("RestClient", (compression) -> restClient(plainJdk(), compression)),
				Named.of("RestTemplate, streaming factory",
						(compression) -> restTemplate(new StreamingCompressionRequestFactory(plainJdk(), compression))),
				Named.of("RestClient, streaming factory",
						(compression) -> streamingRestClient(plainJdk(), compression, false)),
				Named.of("RestClient, streaming factory, body of unknown length",
						(compression) -> streamingRestClient(plainJdk(), compression, true)),
				Named.of("WebClient", (compression) -> webClient(plainReactorNetty(), compression, false)),
				Named.of("WebClient, chunked body", (compression) -> webClient(plainReactorNetty(), compression, true)));
	}

	/**
	 * Clients on HTTP libraries that follow redirects themselves and tell restcompress where
	 * each hop went.
	 */
	static Stream<Named<Function<ClientCompression, TestClient>>> redirectFollowing() {
		return Stream.of(
				Named.of("WebClient, Reactor Netty", (compression) -> webClient(new ReactorClientHttpConnector(
						reactor.netty.http.client.HttpClient.create().followRedirect(true).compress(false)), compression,
						false)),
				Named.of("RestClient, Apache HttpClient 5", (compression) -> restClient(apache(), compression)),
				Named.of("RestTemplate, Apache HttpClient 5", (compression) -> restTemplate(apache(), compression)),
				Named.of("RestClient, Apache HttpClient 5, streaming factory",
						(compression) -> streamingRestClient(apache(), compression, false)),
				Named.of("RestClient, Jetty", (compression) -> restClient(jetty(), compression)),
				Named.of("RestTemplate, Jetty, streaming factory",
						(compression) -> restTemplate(new StreamingCompressionRequestFactory(jetty(), compression))));
	}

	/**
	 * The request factories of the HTTP libraries that report where each hop of a redirect
	 * went.
	 */
	static Stream<Named<Supplier<ClientHttpRequestFactory>>> hopReporting() {
		return Stream.of(Named.of("Apache HttpClient 5", TestClient::apache), Named.of("Jetty", TestClient::jetty));
	}

	/**
	 * Apache HttpClient 5 as the auto-configuration sets it up: its decoding off, its redirects
	 * reported.
	 */
	static ClientHttpRequestFactory apache() {
		return new HttpComponentsClientHttpRequestFactory(
				ApacheHttpClientRedirects.reported(HttpClients.custom().disableContentCompression()).build());
	}

	/**
	 * Jetty's HttpClient as the auto-configuration sets it up: its decoding off, its redirects
	 * reported. One client, started once, serves every test.
	 */
	static ClientHttpRequestFactory jetty() {
		return new JettyClientHttpRequestFactory(StartedJettyClient.INSTANCE);
	}

	static ClientHttpRequestFactory plainJdk() {
		JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory();
		factory.enableCompression(false);
		return factory;
	}

	static ClientHttpConnector plainReactorNetty() {
		return new ReactorClientHttpConnector(reactor.netty.http.client.HttpClient.create().compress(false));
	}

	static TestClient restTemplate(ClientHttpRequestFactory factory, ClientCompression compression) {
		RestTemplate restTemplate = new RestTemplate(factory);
		restTemplate.getInterceptors().add(new ClientCompressionInterceptor(compression));
		return restTemplate(restTemplate, factory);
	}

	static TestClient restTemplate(StreamingCompressionRequestFactory factory) {
		return restTemplate(new RestTemplate(factory), factory);
	}

	private static TestClient restTemplate(RestTemplate restTemplate, ClientHttpRequestFactory factory) {
		restTemplate.setErrorHandler(new ResponseErrorHandler() {

			@Override
			public boolean hasError(org.springframework.http.client.ClientHttpResponse response) {
				return false;
			}

		});
		return new TestClient() {

			@Override
			public Response exchange(HttpMethod method, URI uri, HttpHeaders headers, byte @Nullable [] body,
					Map<String, Object> attributes) {
				return restTemplate.execute(uri, method, (request) -> {
					request.getHeaders().putAll(headers);
					if (body != null) {
						request.getBody().write(body);
					}
				}, (response) -> new Response(response.getStatusCode().value(),
						HttpHeaders.copyOf(response.getHeaders()), response.getBody().readAllBytes()));
			}

			@Override
			public String toString() {
				return "RestTemplate(" + factory.getClass().getSimpleName() + ")";
			}

		};
	}

	static TestClient restClient(ClientHttpRequestFactory factory, ClientCompression compression) {
		return restClient(factory, compression, (builder) -> {
		});
	}

	static TestClient restClient(ClientHttpRequestFactory factory, ClientCompression compression,
			Consumer<RestClient.Builder> customizer) {
		RestClient.Builder builder = RestClient.builder()
			.requestFactory(factory)
			.requestInterceptor(new ClientCompressionInterceptor(compression));
		customizer.accept(builder);
		return restClient(builder.build(), "RestClient(" + factory.getClass().getSimpleName() + ")", false);
	}

	/**
	 * A RestClient with restcompress's streaming request factory and no interceptor; with
	 * {@code unknownLength}, bodies are written by a repeatable {@code Body} without a
	 * {@code Content-Length}, as a JSON converter writes them.
	 */
	static TestClient streamingRestClient(ClientHttpRequestFactory factory, ClientCompression compression,
			boolean unknownLength) {
		RestClient restClient = RestClient.builder()
			.requestFactory(new StreamingCompressionRequestFactory(factory, compression))
			.build();
		return restClient(restClient, "RestClient(streaming, " + factory.getClass().getSimpleName()
				+ (unknownLength ? ", body of unknown length)" : ")"), unknownLength);
	}

	private static TestClient restClient(RestClient restClient, String name, boolean unknownLength) {
		return new TestClient() {

			@Override
			public Response exchange(HttpMethod method, URI uri, HttpHeaders headers, byte @Nullable [] body,
					Map<String, Object> attributes) {
				RestClient.RequestBodySpec spec = restClient.method(method)
					.uri(uri)
					.headers((h) -> h.putAll(headers))
					.attributes((a) -> a.putAll(attributes));
				if (body != null && unknownLength) {
					spec.body(new RepeatableBody(body));
				}
				else if (body != null) {
					spec.body(body);
				}
				return spec.exchange((request, response) -> new Response(response.getStatusCode().value(),
						HttpHeaders.copyOf(response.getHeaders()), response.getBody().readAllBytes()));
			}

			@Override
			public String toString() {
				return name;
			}

		};
	}

	/**
	 * Writes a body in chunks of 1,000 bytes, as often as asked.
	 */
	record RepeatableBody(byte[] bytes) implements StreamingHttpOutputMessage.Body {

		@Override
		public void writeTo(OutputStream outputStream) throws IOException {
			for (int offset = 0; offset < this.bytes.length; offset += 1000) {
				outputStream.write(this.bytes, offset, Math.min(1000, this.bytes.length - offset));
			}
		}

		@Override
		public boolean repeatable() {
			return true;
		}

	}

	static TestClient webClient(ClientHttpConnector connector, ClientCompression compression, boolean chunked) {
		return webClient(connector, compression, chunked, (builder) -> {
		});
	}

	static TestClient webClient(ClientHttpConnector connector, ClientCompression compression, boolean chunked,
			Consumer<WebClient.Builder> customizer) {
		WebClient.Builder builder = WebClient.builder()
			.clientConnector(connector)
			.filter(new ClientCompressionExchangeFilter(compression));
		customizer.accept(builder);
		WebClient webClient = builder.build();
		return new TestClient() {

			@Override
			public Response exchange(HttpMethod method, URI uri, HttpHeaders headers, byte @Nullable [] body,
					Map<String, Object> attributes) {
				WebClient.RequestBodySpec spec = webClient.method(method)
					.uri(uri)
					.headers((h) -> h.putAll(headers))
					.attributes((a) -> a.putAll(attributes));
				if (body != null) {
					if (chunked) {
						spec.body(chunks(body), DataBuffer.class);
					}
					else {
						spec.bodyValue(body);
					}
				}
				return spec.exchangeToMono((response) -> DataBufferUtils.join(response.body(BodyExtractors.toDataBuffers()))
					.map(TestClient::bytes)
					.defaultIfEmpty(new byte[0])
					.map((bytes) -> new Response(response.statusCode().value(),
							HttpHeaders.copyOf(response.headers().asHttpHeaders()), bytes)))
					.block(TIMEOUT);
			}

			@Override
			public String toString() {
				return "WebClient(" + connector.getClass().getSimpleName() + (chunked ? ", chunked body)" : ")");
			}

		};
	}

	static Flux<DataBuffer> chunks(byte[] body) {
		return Flux.range(0, (body.length + 999) / 1000).map((i) -> {
			int length = Math.min(1000, body.length - i * 1000);
			return DefaultDataBufferFactory.sharedInstance.wrap(Arrays.copyOfRange(body, i * 1000, i * 1000 + length));
		});
	}

	static byte[] bytes(DataBuffer buffer) {
		byte[] bytes = new byte[buffer.readableByteCount()];
		buffer.read(bytes);
		DataBufferUtils.release(buffer);
		return bytes;
	}

}
