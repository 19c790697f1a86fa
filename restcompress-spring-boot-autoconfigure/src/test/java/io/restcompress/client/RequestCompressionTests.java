package io.restcompress.client;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.LzfCodec;
import io.restcompress.decision.AdaptivePolicy;
import io.restcompress.decision.AddressBlock;
import io.restcompress.decision.CodingLadder;
import io.restcompress.decision.CodingOption;
import io.restcompress.decision.CompressionDecisions;
import io.restcompress.decision.DecisionLog;
import io.restcompress.decision.LearnedPerformance;
import io.restcompress.decision.LinkRule;
import io.restcompress.decision.NetworkLink;
import io.restcompress.decision.NetworkLinks;
import io.restcompress.metrics.Bandwidth;
import io.restcompress.metrics.CompressionRecorder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import reactor.core.publisher.Flux;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.MultipartBodyBuilder;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.http.client.support.HttpRequestWrapper;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Request compression by every client against an origin without restcompress.
 */
class RequestCompressionTests extends PlainOriginTests {

	private static final byte[] BODY = Payloads.json(100_000);

	private TestClient client(Function<ClientCompression, TestClient> kind, RequestCompression policy) {
		return kind.apply(compression(policy));
	}

	private ClientCompression compression(RequestCompression policy) {
		return ClientCompression.builder(PlainOrigin.CODECS)
			.requestCompression(policy)
			.recorder(this.recorder)
			.build();
	}

	private List<String> echoedCodings() {
		return this.origin.requestsTo("/echo")
			.stream()
			.map((request) -> String.valueOf(request.header("Content-Encoding")))
			.toList();
	}

	private void postAndCheckEcho(TestClient client) throws IOException {
		TestClient.Response response = client.post(this.origin.uri("/echo"), BODY);
		assertThat(response.status()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(BODY);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void autoNeverCompressesForAnOriginThatDidNotAdvertise(Function<ClientCompression, TestClient> kind)
			throws IOException {
		TestClient client = client(kind, RequestCompression.AUTO);
		for (int i = 0; i < 5; i++) {
			postAndCheckEcho(client);
		}
		assertThat(echoedCodings()).containsOnly("null").hasSize(5);
		assertThat(this.origin.requestsTo("/echo")).allSatisfy((request) -> assertThat(request.body()).isEqualTo(BODY));
		assertThat(this.recorder.events).containsOnly("skipped CLIENT REQUEST NOT_ACCEPTABLE").hasSize(5);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void autoCompressesOnceTheOriginAdvertisedTheCoding(Function<ClientCompression, TestClient> kind)
			throws IOException {
		this.origin.advertise = "lzf, gzip";
		this.origin.acceptRequestCodings = List.of("lzf", "gzip");
		TestClient client = client(kind, RequestCompression.AUTO);
		postAndCheckEcho(client);
		postAndCheckEcho(client);
		assertThat(echoedCodings()).containsExactly("null", "lzf");
		byte[] sent = this.origin.requestsTo("/echo").get(1).body();
		assertThat(sent.length).isLessThan(BODY.length / 2);
		assertThat(PlainOrigin.decode("lzf", sent)).isEqualTo(BODY);
		assertThat(this.recorder.events).containsExactly("skipped CLIENT REQUEST NOT_ACCEPTABLE",
				"encoded CLIENT REQUEST lzf");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.restcompress.client.TestClient#redirectFollowing")
	void remembersWhatTheOriginARedirectLedToAdvertisedForThatOriginOnly(Function<ClientCompression, TestClient> kind)
			throws IOException {
		this.origin.acceptRequestCodings = List.of("lzf");
		this.origin.handle("/hop", (exchange, body) -> PlainOrigin.redirect(exchange, this.origin.otherOriginUri("/advertising")));
		this.origin.handle("/advertising", (exchange, body) -> {
			exchange.getResponseHeaders().set("Accept-Encoding", "lzf");
			PlainOrigin.respond(exchange, 200, BODY);
		});
		TestClient client = client(kind, RequestCompression.AUTO);
		assertThat(client.get(this.origin.uri("/hop")).body()).isEqualTo(BODY);
		postAndCheckEcho(client);
		assertThat(client.post(this.origin.otherOriginUri("/echo"), BODY).body()).isEqualTo(BODY);
		assertThat(echoedCodings()).containsExactly("null", "lzf");
	}

	/**
	 * An application's interceptor that runs inside restcompress's and rewrites the URL (a
	 * load balancer, say) changes where the HTTP library sends the request, not the origin
	 * restcompress learns for.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("io.restcompress.client.TestClient#hopReporting")
	void learnsForTheRequestedOriginWhenAnInnerInterceptorRewritesTheUrl(Supplier<ClientHttpRequestFactory> library)
			throws IOException {
		this.origin.acceptRequestCodings = List.of("lzf");
		this.origin.handle("/advertising", (exchange, body) -> {
			exchange.getResponseHeaders().set("Accept-Encoding", "lzf");
			PlainOrigin.respond(exchange, 200, BODY);
		});
		ClientHttpRequestInterceptor rewriting = (request, body, execution) -> execution.execute(
				new HttpRequestWrapper(request) {

					@Override
					public URI getURI() {
						return URI.create(super.getURI().toString().replace("127.0.0.1", "localhost"));
					}

				}, body);
		TestClient client = TestClient.restClient(library.get(), compression(RequestCompression.AUTO),
				(builder) -> builder.requestInterceptor(rewriting));
		assertThat(client.get(this.origin.uri("/advertising")).body()).isEqualTo(BODY);
		postAndCheckEcho(client);
		assertThat(this.origin.requestsTo("/echo").get(0).header("Host")).startsWith("localhost:");
		assertThat(echoedCodings()).containsExactly("lzf");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void autoUsesAnotherAdvertisedCodingWhenTheConfiguredOneIsNot(Function<ClientCompression, TestClient> kind)
			throws IOException {
		this.origin.advertise = "gzip";
		this.origin.acceptRequestCodings = List.of("gzip");
		TestClient client = client(kind, RequestCompression.AUTO);
		postAndCheckEcho(client);
		postAndCheckEcho(client);
		assertThat(echoedCodings()).containsExactly("null", "gzip");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void autoStopsCompressingWhenTheOriginStopsAdvertising(Function<ClientCompression, TestClient> kind)
			throws IOException {
		this.origin.advertise = "lzf";
		this.origin.acceptRequestCodings = List.of("lzf");
		TestClient client = client(kind, RequestCompression.AUTO);
		postAndCheckEcho(client);
		this.origin.advertise = "identity";
		postAndCheckEcho(client);
		postAndCheckEcho(client);
		assertThat(echoedCodings()).containsExactly("null", "lzf", "null");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void neverEncodesAnEmptyBodyEvenWithAThresholdOfZero(Function<ClientCompression, TestClient> kind)
			throws IOException {
		this.origin.acceptRequestCodings = List.of("lzf");
		TestClient client = kind.apply(ClientCompression.builder(PlainOrigin.CODECS)
			.requestCompression(RequestCompression.ALWAYS)
			.minRequestSize(0)
			.recorder(this.recorder)
			.build());
		assertThat(client.get(this.origin.uri("/echo")).status()).isEqualTo(200);
		assertThat(client.post(this.origin.uri("/echo"), new byte[0]).status()).isEqualTo(200);
		assertThat(client.post(this.origin.uri("/echo"), new byte[] { 'x' }).body()).containsExactly('x');
		assertThat(echoedCodings()).containsExactly("null", "null", "lzf");
		assertThat(this.origin.requestsTo("/echo").subList(0, 2))
			.allSatisfy((request) -> assertThat(request.body()).isEmpty());
		assertThat(this.recorder.events).containsExactly("encoded CLIENT REQUEST lzf");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void alwaysCompressesTheFirstRequest(Function<ClientCompression, TestClient> kind) throws IOException {
		this.origin.acceptRequestCodings = List.of("lzf");
		postAndCheckEcho(client(kind, RequestCompression.ALWAYS));
		assertThat(echoedCodings()).containsExactly("lzf");
		assertThat(this.recorder.events).containsExactly("encoded CLIENT REQUEST lzf");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void neverCompressesEvenForAnOriginThatAdvertised(Function<ClientCompression, TestClient> kind)
			throws IOException {
		this.origin.advertise = "lzf";
		this.origin.acceptRequestCodings = List.of("lzf");
		TestClient client = client(kind, RequestCompression.NEVER);
		postAndCheckEcho(client);
		postAndCheckEcho(client);
		assertThat(echoedCodings()).containsExactly("null", "null");
		assertThat(this.recorder.events).containsOnly("skipped CLIENT REQUEST DISABLED");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void compressesFromTheThresholdOn(Function<ClientCompression, TestClient> kind) throws IOException {
		this.origin.acceptRequestCodings = List.of("lzf");
		TestClient client = client(kind, RequestCompression.ALWAYS);
		byte[] below = Payloads.json(4499);
		byte[] at = Payloads.json(4500);
		assertThat(client.post(this.origin.uri("/echo"), below).body()).isEqualTo(below);
		assertThat(client.post(this.origin.uri("/echo"), at).body()).isEqualTo(at);
		assertThat(echoedCodings()).containsExactly("null", "lzf");
		assertThat(this.recorder.events).containsExactly("skipped CLIENT REQUEST BELOW_THRESHOLD",
				"encoded CLIENT REQUEST lzf");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void leavesABodyTheCallerEncodedAlone(Function<ClientCompression, TestClient> kind) throws IOException {
		this.origin.acceptRequestCodings = List.of("gzip");
		byte[] gzipped = PlainOrigin.encode("gzip", BODY);
		HttpHeaders headers = new HttpHeaders();
		headers.set(HttpHeaders.CONTENT_ENCODING, "gzip");
		TestClient.Response response = client(kind, RequestCompression.ALWAYS).exchange(HttpMethod.POST,
				this.origin.uri("/echo"), headers, gzipped, Map.of());
		assertThat(response.body()).isEqualTo(BODY);
		assertThat(this.origin.requestsTo("/echo").get(0).body()).isEqualTo(gzipped);
		assertThat(this.recorder.events).containsExactly("skipped CLIENT REQUEST ALREADY_ENCODED");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void resendsOnceWithAnAdvertisedCodingAfterA415AndRemembers(Function<ClientCompression, TestClient> kind)
			throws IOException {
		this.origin.acceptRequestCodings = List.of("gzip");
		TestClient client = client(kind, RequestCompression.ALWAYS);
		postAndCheckEcho(client);
		postAndCheckEcho(client);
		assertThat(echoedCodings()).containsExactly("lzf", "gzip", "gzip");
		assertThat(this.recorder.events).containsOnlyOnce("rejected CLIENT REQUEST lzf UNSUPPORTED_CODING");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void resendsOnceUncompressedAfterA415AcceptingNoCodingAndRemembers(Function<ClientCompression, TestClient> kind)
			throws IOException {
		this.origin.acceptRequestCodings = List.of("identity");
		TestClient client = client(kind, RequestCompression.ALWAYS);
		postAndCheckEcho(client);
		postAndCheckEcho(client);
		assertThat(echoedCodings()).containsExactly("lzf", "null", "null");
		assertThat(this.origin.requestsTo("/echo").get(1).body()).isEqualTo(BODY);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void keepsARefusedCodingOffWhileTheOriginGoesOnAdvertisingIt(Function<ClientCompression, TestClient> kind)
			throws IOException {
		this.origin.advertise = "lzf";
		this.origin.acceptRequestCodings = List.of("identity");
		TestClient client = client(kind, RequestCompression.AUTO);
		for (int i = 0; i < 5; i++) {
			postAndCheckEcho(client);
		}
		assertThat(echoedCodings()).containsExactly("null", "lzf", "null", "null", "null", "null");
		assertThat(this.recorder.events).containsOnlyOnce("rejected CLIENT REQUEST lzf UNSUPPORTED_CODING");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void doesNotResendAfterA415ThatNamesNoCodings(Function<ClientCompression, TestClient> kind) throws IOException {
		this.origin.acceptRequestCodings = List.of("gzip");
		this.origin.advertiseOn415 = false;
		TestClient.Response response = client(kind, RequestCompression.ALWAYS).post(this.origin.uri("/echo"), BODY);
		assertThat(response.status()).isEqualTo(415);
		assertThat(echoedCodings()).containsExactly("lzf");
	}

	/**
	 * An origin whose every {@code 415} names another coding than the one just sent would have
	 * the body sent again and again: it is resent once, and the second {@code 415} is the
	 * caller's.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void resendsARefusedBodyOnlyOnce(Function<ClientCompression, TestClient> kind) throws IOException {
		this.origin.handle("/refusing", (exchange, body) -> {
			String sent = exchange.getRequestHeaders().getFirst("Content-Encoding");
			exchange.getResponseHeaders().set("Accept-Encoding", "lzf".equals(sent) ? "gzip" : "lzf");
			PlainOrigin.respond(exchange, 415, new byte[0]);
		});
		TestClient.Response response = client(kind, RequestCompression.ALWAYS).post(this.origin.uri("/refusing"),
				BODY);
		assertThat(response.status()).isEqualTo(415);
		assertThat(this.origin.requestsTo("/refusing")).extracting((request) -> request.header("Content-Encoding"))
			.containsExactly("lzf", "gzip");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void neitherResendsNorRefusesTheCodingAfterA415ThatNamesIt(Function<ClientCompression, TestClient> kind)
			throws IOException {
		this.origin.advertise = "lzf, gzip";
		this.origin.acceptRequestCodings = List.of("lzf", "gzip");
		this.origin.handle("/typed", (exchange, body) -> PlainOrigin.respond(exchange, 415, new byte[0]));
		TestClient client = client(kind, RequestCompression.ALWAYS);
		assertThat(client.post(this.origin.uri("/typed"), BODY).status()).isEqualTo(415);
		postAndCheckEcho(client);
		assertThat(this.origin.requestsTo("/typed")).extracting((request) -> request.header("Content-Encoding"))
			.containsExactly("lzf");
		assertThat(echoedCodings()).containsExactly("lzf");
		assertThat(this.recorder.events).noneMatch((event) -> event.startsWith("rejected"));
	}

	/**
	 * A body read from an {@code InputStream} is empty the second time: resent as it came, the
	 * origin would take the empty body for the request's.
	 */
	@Test
	void webClientAbortsAResendWhoseBodyCannotBeWrittenAgain() {
		this.origin.acceptRequestCodings = List.of("gzip");
		WebClient client = WebClient.builder()
			.clientConnector(TestClient.plainReactorNetty())
			.filter(new ClientCompressionExchangeFilter(compression(RequestCompression.ALWAYS)))
			.build();
		InputStream once = new ByteArrayInputStream(BODY);
		Flux<DataBuffer> body = DataBufferUtils.readInputStream(() -> once, DefaultDataBufferFactory.sharedInstance,
				1000);
		assertThatException()
			.isThrownBy(() -> client.post()
				.uri(this.origin.uri("/echo"))
				.body(body, DataBuffer.class)
				.retrieve()
				.toBodilessEntity()
				.block(TestClient.TIMEOUT))
			.withStackTraceContaining("could not be written again")
			.withStackTraceContaining("empty the second time, " + BODY.length + " bytes the first");
		assertThat(echoedCodings()).containsExactly("lzf");
	}

	/**
	 * A multipart body gets a new boundary of random length each time it is written: written
	 * again in full, it is resent, whatever its length.
	 */
	@Test
	void webClientResendsAMultipartBodyWrittenAgainWithAnotherBoundary() {
		this.origin.acceptRequestCodings = List.of("gzip");
		WebClient client = WebClient.builder()
			.clientConnector(TestClient.plainReactorNetty())
			.filter(new ClientCompressionExchangeFilter(compression(RequestCompression.ALWAYS)))
			.build();
		MultipartBodyBuilder parts = new MultipartBodyBuilder();
		parts.part("records", BODY, MediaType.APPLICATION_JSON);
		for (int i = 0; i < 5; i++) {
			HttpStatusCode status = client.post()
				.uri(this.origin.uri("/echo"))
				.body(BodyInserters.fromMultipartData(parts.build()))
				.retrieve()
				.toBodilessEntity()
				.block(TestClient.TIMEOUT)
				.getStatusCode();
			assertThat(status.value()).isEqualTo(200);
		}
		assertThat(echoedCodings()).containsExactly("lzf", "gzip", "gzip", "gzip", "gzip", "gzip");
	}

	@Test
	void restClientLeavesARequestWithTheSkipAttributeAlone() throws IOException {
		assertLeftAlone(TestClient.restClient(TestClient.plainJdk(), compression(RequestCompression.ALWAYS)));
	}

	@Test
	void webClientLeavesARequestWithTheSkipAttributeAlone() throws IOException {
		assertLeftAlone(TestClient.webClient(TestClient.plainReactorNetty(), compression(RequestCompression.ALWAYS),
				true));
	}

	private void assertLeftAlone(TestClient client) throws IOException {
		Map<String, Object> skip = Map.of(RestCompressClient.SKIP_ATTRIBUTE, true);
		TestClient.Response echo = client.exchange(HttpMethod.POST, this.origin.uri("/echo"), new HttpHeaders(), BODY,
				skip);
		assertThat(echo.body()).isEqualTo(BODY);
		PlainOrigin.Recorded sent = this.origin.requestsTo("/echo").get(0);
		assertThat(sent.header("Content-Encoding")).isNull();
		assertThat(sent.header("Accept-Encoding")).isNull();
		HttpHeaders acceptLzf = new HttpHeaders();
		acceptLzf.set(HttpHeaders.ACCEPT_ENCODING, "lzf");
		TestClient.Response raw = client.exchange(HttpMethod.GET, this.origin.uri("/payload/lzf/10000"), acceptLzf,
				null, skip);
		assertThat(raw.headers().getFirst(HttpHeaders.CONTENT_ENCODING)).isEqualTo("lzf");
		assertThat(raw.body()).isEqualTo(PlainOrigin.encode("lzf", Payloads.json(10_000)));
		assertThat(this.recorder.events).isEmpty();
	}

	@Test
	void restClientBuiltWithoutRestCompressIsLeftAlone() throws IOException {
		assertClientLeftAlone(TestClient.restClient(TestClient.plainJdk(), compression(RequestCompression.ALWAYS),
				(builder) -> builder.requestInterceptors(RestCompressClient.disabled())));
	}

	@Test
	void webClientBuiltWithoutRestCompressIsLeftAlone() throws IOException {
		assertClientLeftAlone(TestClient.webClient(TestClient.plainReactorNetty(),
				compression(RequestCompression.ALWAYS), false, (builder) -> builder.filters(RestCompressClient.disabled())));
	}

	@Test
	void restTemplateWithRestCompressDisabledIsLeftAlone() throws IOException {
		org.springframework.web.client.RestTemplate restTemplate = new org.springframework.web.client.RestTemplate(
				TestClient.plainJdk());
		restTemplate.getInterceptors().add(new ClientCompressionInterceptor(compression(RequestCompression.ALWAYS)));
		RestCompressClient.disable(restTemplate);
		assertThat(restTemplate.getInterceptors()).isEmpty();
	}

	private void assertClientLeftAlone(TestClient client) throws IOException {
		postAndCheckEcho(client);
		PlainOrigin.Recorded sent = this.origin.requestsTo("/echo").get(0);
		assertThat(sent.header("Content-Encoding")).isNull();
		assertThat(sent.header("Accept-Encoding")).isNull();
		assertThat(this.recorder.events).isEmpty();
	}

	/**
	 * Reactor Netty writes the body again for every hop of a redirect: the adaptive decision,
	 * left until the body is seen, is taken once.
	 */
	@Test
	void decidesAWebClientBodyThatARedirectLeadsElsewhereOnce() throws IOException {
		ContentCodecs codecs = ContentCodecs.of(new LzfCodec(), new GzipCodec(1));
		CompressionDecisions decisions = new CompressionDecisions(
				new NetworkLinks(List.of(new LinkRule(new NetworkLink("branch", Bandwidth.of("10Mbit")),
						List.of(AddressBlock.parse("127.0.0.0/8")), List.of())), Bandwidth.of("1Gbit")),
				new CodingLadder(List.of(CodingOption.parse("lzf"), CodingOption.parse("gzip:1")), codecs),
				new AdaptivePolicy(new LearnedPerformance(0.2), false), new DecisionLog(), CompressionRecorder.NONE);
		this.origin.acceptRequestCodings = List.of("lzf", "gzip");
		this.origin.handle("/hop", (exchange, body) -> {
			exchange.getResponseHeaders().set("Location", this.origin.uri("/echo").toString());
			PlainOrigin.respond(exchange, 307, new byte[0]);
		});
		TestClient client = TestClient.webClient(
				new ReactorClientHttpConnector(
						reactor.netty.http.client.HttpClient.create().followRedirect(true).compress(false)),
				ClientCompression.builder(codecs)
					.requestCompression(RequestCompression.ALWAYS)
					.decisions(decisions, null)
					.build(),
				false);
		assertThat(client.post(this.origin.uri("/hop"), BODY).body()).isEqualTo(BODY);
		assertThat(this.origin.requestsTo("/hop")).hasSize(1);
		assertThat(decisions.log().entries()).singleElement()
			.satisfies((entry) -> assertThat(entry.count()).isOne());
	}

}
