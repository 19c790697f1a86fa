package io.restcompress.client;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

import io.restcompress.client.autoconfigure.ClientCompressionAutoConfiguration;
import io.restcompress.codec.autoconfigure.ContentCodecAutoConfiguration;
import io.restcompress.metrics.CompressionRecorder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.http.client.ClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.JdkClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.autoconfigure.HttpClientAutoConfiguration;
import org.springframework.boot.http.client.autoconfigure.imperative.ImperativeHttpClientAutoConfiguration;
import org.springframework.boot.http.client.autoconfigure.reactive.ReactiveHttpClientAutoConfiguration;
import org.springframework.boot.restclient.RestTemplateBuilder;
import org.springframework.boot.restclient.autoconfigure.RestClientAutoConfiguration;
import org.springframework.boot.restclient.autoconfigure.RestTemplateAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.webclient.autoconfigure.WebClientAutoConfiguration;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.client.support.RestClientAdapter;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.service.annotation.GetExchange;
import org.springframework.web.service.annotation.PostExchange;
import org.springframework.web.service.invoker.HttpServiceProxyFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The clients Spring Boot auto-configures, with restcompress added by its customizers and the
 * HTTP libraries' own decoding switched off: restcompress decodes every coding on every
 * library.
 */
class AutoConfiguredClientsTests extends PlainOriginTests {

	private static final int SIZE = 100_000;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ContentCodecAutoConfiguration.class,
				ClientCompressionAutoConfiguration.class, HttpClientAutoConfiguration.class,
				ImperativeHttpClientAutoConfiguration.class, ReactiveHttpClientAutoConfiguration.class,
				RestClientAutoConfiguration.class, RestTemplateAutoConfiguration.class,
				WebClientAutoConfiguration.class))
		.withBean(CompressionRecorder.class, () -> this.recorder);

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "jdk", "http-components", "jetty", "reactor" })
	void restClientDecodesEveryCodingOnEachLibrary(String factory) {
		this.runner.withPropertyValues("spring.http.clients.imperative.factory=" + factory).run((context) -> {
			RestClient client = context.getBean(RestClient.Builder.class).build();
			for (String coding : List.of("lzf", "gzip", "deflate")) {
				byte[] body = client.get().uri(this.origin.uri("/payload/" + coding + "/" + SIZE)).retrieve()
					.body(byte[].class);
				assertThat(body).isEqualTo(Payloads.json(SIZE));
			}
			assertThat(this.recorder.events).containsExactly("decoded CLIENT RESPONSE lzf",
					"decoded CLIENT RESPONSE gzip", "decoded CLIENT RESPONSE deflate");
			assertThat(this.origin.requests).allSatisfy((request) -> assertThat(request.header("Accept-Encoding"))
				.isEqualTo("lzf, lz4, gzip, zstd, br, deflate"));
		});
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "jdk", "http-components", "reactor" })
	void webClientDecodesEveryCodingOnEachConnector(String connector) {
		this.runner.withPropertyValues("spring.http.clients.reactive.connector=" + connector).run((context) -> {
			WebClient client = context.getBean(WebClient.Builder.class).build();
			for (String coding : List.of("lzf", "gzip", "deflate")) {
				byte[] body = client.get().uri(this.origin.uri("/payload/" + coding + "/" + SIZE)).retrieve()
					.bodyToMono(byte[].class).block(TestClient.TIMEOUT);
				assertThat(body).isEqualTo(Payloads.json(SIZE));
			}
			assertThat(this.recorder.events).containsExactly("decoded CLIENT RESPONSE lzf",
					"decoded CLIENT RESPONSE gzip", "decoded CLIENT RESPONSE deflate");
		});
	}

	@Test
	void webClientOnReactorNettyKeepsWhatARedirectsTargetAdvertisedForThatOrigin() {
		redirectToAnOriginThatAdvertises();
		this.runner.withPropertyValues("spring.http.clients.reactive.connector=reactor").run((context) -> {
			WebClient client = context.getBean(WebClient.Builder.class).build();
			assertThat(client.get().uri(this.origin.uri("/hop")).retrieve().bodyToMono(String.class)
				.block(TestClient.TIMEOUT)).isEqualTo("{}");
			for (URI echo : List.of(this.origin.uri("/echo"), this.origin.otherOriginUri("/echo"))) {
				client.post().uri(echo).bodyValue(Payloads.json(SIZE)).retrieve().toBodilessEntity().block(TestClient.TIMEOUT);
			}
			assertThat(this.origin.requestsTo("/echo")).extracting((request) -> request.header("Content-Encoding"))
				.containsExactly(null, "lzf");
		});
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "http-components", "jetty" })
	void restClientKeepsWhatARedirectsTargetAdvertisedForThatOrigin(String factory) {
		redirectToAnOriginThatAdvertises();
		this.runner.withPropertyValues("spring.http.clients.imperative.factory=" + factory).run((context) -> {
			RestClient client = context.getBean(RestClient.Builder.class).build();
			assertThat(client.get().uri(this.origin.uri("/hop")).retrieve().body(String.class)).isEqualTo("{}");
			for (URI echo : List.of(this.origin.uri("/echo"), this.origin.otherOriginUri("/echo"))) {
				client.post().uri(echo).body(Payloads.json(SIZE)).retrieve().toBodilessEntity();
			}
			assertThat(this.origin.requestsTo("/echo")).extracting((request) -> request.header("Content-Encoding"))
				.containsExactly(null, "lzf");
		});
	}

	private void redirectToAnOriginThatAdvertises() {
		this.origin.acceptRequestCodings = List.of("lzf");
		this.origin.handle("/hop", (exchange, body) -> PlainOrigin.redirect(exchange, this.origin.otherOriginUri("/advertising")));
		this.origin.handle("/advertising", (exchange, body) -> {
			exchange.getResponseHeaders().set("Accept-Encoding", "lzf");
			PlainOrigin.respond(exchange, 200, new byte[] { '{', '}' });
		});
	}

	@Test
	void restTemplateFromTheBuilderDecodes() {
		this.runner.run((context) -> {
			byte[] body = context.getBean(RestTemplateBuilder.class).build()
				.getForObject(this.origin.uri("/payload/lzf/" + SIZE), byte[].class);
			assertThat(body).isEqualTo(Payloads.json(SIZE));
			assertThat(this.recorder.events).containsExactly("decoded CLIENT RESPONSE lzf");
		});
	}

	@Test
	void httpInterfaceClientDecodesAndCompresses() {
		this.origin.acceptRequestCodings = List.of("lzf");
		this.runner.withPropertyValues("restcompress.client.request-compression=always").run((context) -> {
			RestClient restClient = context.getBean(RestClient.Builder.class).baseUrl(this.origin.uri("").toString())
				.build();
			Api api = HttpServiceProxyFactory.builderFor(RestClientAdapter.create(restClient)).build()
				.createClient(Api.class);
			assertThat(api.payload("gzip", SIZE)).isEqualTo(Payloads.json(SIZE));
			assertThat(api.echo(Payloads.json(SIZE))).isEqualTo(Payloads.json(SIZE));
			assertThat(this.origin.requestsTo("/echo").get(0).header("Content-Encoding")).isEqualTo("lzf");
		});
	}

	@Test
	void leavesTheLibraryDecodingOnWhenAsked() {
		this.runner
			.withPropertyValues("spring.http.clients.imperative.factory=jdk", "restcompress.client.library-decoding=true")
			.run((context) -> {
				RestClient client = context.getBean(RestClient.Builder.class).build();
				byte[] body = client.get().uri(this.origin.uri("/payload/gzip/" + SIZE)).retrieve().body(byte[].class);
				assertThat(body).isEqualTo(Payloads.json(SIZE));
				assertThat(this.recorder.events).isEmpty();
			});
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "jdk", "http-components", "jetty", "reactor", "simple" })
	void restClientStreamsThroughTheRequestFactoryOnEachLibraryWhenAsked(String factory) {
		this.origin.acceptRequestCodings = List.of("lzf");
		this.runner
			.withPropertyValues("spring.http.clients.imperative.factory=" + factory,
					"restcompress.client.request.streaming=true", "restcompress.client.request-compression=always")
			.run((context) -> {
				RestClient client = context.getBean(RestClient.Builder.class).build();
				byte[] body = client.get().uri(this.origin.uri("/payload/gzip/" + SIZE)).retrieve().body(byte[].class);
				assertThat(body).isEqualTo(Payloads.json(SIZE));
				List<Map<String, Object>> records = IntStream.range(0, 2000)
					.mapToObj((i) -> Map.<String, Object>of("id", i, "login", "user" + i))
					.toList();
				byte[] echoed = client.post().uri(this.origin.uri("/echo")).body(records).retrieve().body(byte[].class);
				assertThat(echoed).isEqualTo(JsonMapper.shared().writeValueAsBytes(records));
				assertThat(this.origin.requestsTo("/echo").get(0).header("Content-Encoding")).isEqualTo("lzf");
				assertThat(this.recorder.events).containsExactly("decoded CLIENT RESPONSE gzip",
						"encoded CLIENT REQUEST lzf");
			});
	}

	@ParameterizedTest(name = "streaming={0}")
	@ValueSource(booleans = { false, true })
	void leavesAClientThatOptedOutAlone(boolean streaming) {
		this.runner.withPropertyValues("restcompress.client.request.streaming=" + streaming).run((context) -> {
			RestClient restClient = context.getBean(RestClient.Builder.class).apply(RestCompressClient::disable).build();
			RestTemplate restTemplate = context.getBean(RestTemplateBuilder.class)
				.additionalCustomizers(RestCompressClient::disable)
				.build();
			URI encoded = this.origin.uri("/payload/gzip/" + SIZE);
			assertThat(restClient.get().uri(encoded).retrieve().body(byte[].class))
				.isEqualTo(PlainOrigin.encode("gzip", Payloads.json(SIZE)));
			assertThat(restTemplate.getForObject(encoded, byte[].class))
				.isEqualTo(PlainOrigin.encode("gzip", Payloads.json(SIZE)));
			assertThat(this.recorder.events).isEmpty();
			assertThat(this.origin.requests).hasSize(2)
				.allSatisfy((request) -> assertThat(request.header("Accept-Encoding")).isNull());
		});
	}

	/**
	 * A builder bean declared as a specific type cannot be wrapped; the clients keep the
	 * interceptor rather than going without restcompress.
	 */
	@Test
	void restClientKeepsTheInterceptorWhenTheBuilderBeanCannotBeStreamedThrough() {
		this.runner.withPropertyValues("restcompress.client.request.streaming=true")
			.withBean(JdkClientHttpRequestFactoryBuilder.class, ClientHttpRequestFactoryBuilder::jdk)
			.run((context) -> {
				RestClient client = context.getBean(RestClient.Builder.class).build();
				byte[] body = client.get().uri(this.origin.uri("/payload/lzf/" + SIZE)).retrieve().body(byte[].class);
				assertThat(body).isEqualTo(Payloads.json(SIZE));
				assertThat(this.origin.requests.peek().header("Accept-Encoding"))
					.isEqualTo("lzf, lz4, gzip, zstd, br, deflate");
			});
	}

	@Test
	void releasesTheLibrarysConnectionPoolWithTheContextWhenStreaming() {
		AtomicReference<ClientHttpRequestFactory> library = new AtomicReference<>();
		this.runner
			.withPropertyValues("spring.http.clients.imperative.factory=http-components",
					"restcompress.client.request.streaming=true")
			.run((context) -> {
				ClientHttpRequestFactory factory = context.getBean(ClientHttpRequestFactory.class);
				assertThat(factory).isInstanceOf(StreamingCompressionRequestFactory.class);
				library.set(((StreamingCompressionRequestFactory) factory).getDelegate());
			});
		assertThatIllegalStateException()
			.isThrownBy(() -> library.get().createRequest(this.origin.uri("/payload/identity/10"), HttpMethod.GET).execute())
			.withMessageContaining("shut down");
	}

	@Test
	void restTemplateFromTheBuilderStreamsThroughTheRequestFactoryWhenAsked() {
		this.origin.acceptRequestCodings = List.of("lzf");
		this.runner
			.withPropertyValues("restcompress.client.request.streaming=true",
					"restcompress.client.request-compression=always")
			.run((context) -> {
				RestTemplate restTemplate = context.getBean(RestTemplateBuilder.class).build();
				assertThat(restTemplate.getInterceptors()).isEmpty();
				byte[] echoed = restTemplate.postForObject(this.origin.uri("/echo"), Payloads.json(SIZE), byte[].class);
				assertThat(echoed).isEqualTo(Payloads.json(SIZE));
				assertThat(this.origin.requestsTo("/echo").get(0).header("Content-Encoding")).isEqualTo("lzf");
			});
	}

	interface Api {

		@GetExchange("/payload/{coding}/{size}")
		byte[] payload(@PathVariable String coding, @PathVariable int size);

		@PostExchange("/echo")
		byte[] echo(@RequestBody byte[] body);

	}

}
