package io.restcompress.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

import com.aayushatharva.brotli4j.encoder.BrotliOutputStream;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.ZstdCompressCtx;
import com.sun.net.httpserver.HttpExchange;
import io.restcompress.codec.BrotliCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.LzfCodec;
import io.restcompress.codec.ZstdCodec;
import io.restcompress.dictionary.DictionaryCodings;
import io.restcompress.dictionary.DictionaryStore;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Compression dictionaries (RFC 9842) in every client, against a foreign origin that writes
 * {@code dcz} with zstd-jni and {@code dcb} with brotli's own dictionary API directly: {@code GET /feed/{n}} announces itself with
 * {@code Use-As-Dictionary: match="/feed/*", id="feed"} and answers in {@code dcz} when the
 * request names a version it served before.
 */
class ClientDictionaryTests extends PlainOriginTests {

	private static final ZstdCodec ZSTD = new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW);

	private static final BrotliCodec BROTLI = new BrotliCodec(4, BrotliCodec.DEFAULT_MAX_WINDOW);

	private static final ContentCodecs CODECS = ContentCodecs.of(new LzfCodec(), new GzipCodec(1), ZSTD);

	private static final int SIZE = 200_000;

	private final Map<String, byte[]> served = new ConcurrentHashMap<>();

	@BeforeEach
	void serveFeed() {
		this.origin.handle("/feed/", (exchange, body) -> feed(exchange, "/feed/*", "dcz"));
		this.origin.handle("/brfeed/", (exchange, body) -> feed(exchange, "/brfeed/*", "dcb"));
		this.origin.handle("/other", (exchange, body) -> PlainOrigin.respond(exchange, 200, version(1)));
	}

	@AfterAll
	static void freeContexts() {
		ZSTD.close();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void keepsTheAnnouncedDictionaryAndDecodesDczWrittenByZstdJni(Function<ClientCompression, TestClient> kind)
			throws IOException {
		TestClient client = kind.apply(compression(store(), Long.MAX_VALUE));
		assertThat(client.get(this.origin.uri("/feed/1")).body()).isEqualTo(version(1));
		TestClient.Response second = client.get(this.origin.uri("/feed/2"));
		assertThat(second.body()).isEqualTo(version(2));
		assertThat(second.headers().containsHeader("Content-Encoding")).isFalse();
		PlainOrigin.Recorded request = this.origin.requestsTo("/feed/2").get(0);
		assertThat(request.header("Available-Dictionary")).isEqualTo(":" + Base64.getEncoder().encodeToString(sha256(version(1))) + ":");
		assertThat(request.header("Dictionary-ID")).isEqualTo("\"feed\"");
		assertThat(request.header("Accept-Encoding")).isEqualTo("dcz, lzf, gzip, zstd");
		assertThat(this.recorder.events).containsOnlyOnce("decoded CLIENT RESPONSE dcz");
		client.get(this.origin.uri("/feed/3"));
		assertThat(this.origin.requestsTo("/feed/3").get(0).header("Available-Dictionary"))
			.isEqualTo(":" + Base64.getEncoder().encodeToString(sha256(version(2))) + ":");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void clientWithBrotliAlsoOffersDcbAndDecodesDcbWrittenByBrotli(Function<ClientCompression, TestClient> kind)
			throws IOException {
		ContentCodecs withBrotli = ContentCodecs.of(new LzfCodec(), new GzipCodec(1), ZSTD, BROTLI);
		TestClient client = kind.apply(ClientCompression.builder(withBrotli)
			.recorder(this.recorder)
			.dictionaries(store())
			.build());
		client.get(this.origin.uri("/brfeed/1"));
		TestClient.Response second = client.get(this.origin.uri("/brfeed/2"));
		assertThat(second.body()).isEqualTo(version(2));
		assertThat(this.origin.requestsTo("/brfeed/2").get(0).header("Accept-Encoding"))
			.isEqualTo("dcz, dcb, lzf, gzip, zstd, br");
		assertThat(this.recorder.events).containsOnlyOnce("decoded CLIENT RESPONSE dcb");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void decodedSizeLimitAppliesToDcz(Function<ClientCompression, TestClient> kind) throws IOException {
		TestClient client = kind.apply(compression(store(), SIZE - 1));
		client.get(this.origin.uri("/feed/1"));
		Throwable failure = catchThrowable(() -> client.get(this.origin.uri("/feed/2")));
		assertThat(ResponseLimitTests.tooLarge(failure).getCoding()).isEqualTo("dcz");
	}

	/**
	 * Spring's byte array and string converters read a body of known length up to its last
	 * byte and never read the end of the stream.
	 */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "RestTemplate byte[]", "RestClient byte[]", "RestClient String",
			"RestClient byte[], streaming factory" })
	void keepsADictionaryOfKnownLengthReadByAConverter(String reader) {
		ClientCompression compression = compression(store(), Long.MAX_VALUE);
		URI first = this.origin.uri("/feed/1");
		switch (reader) {
			case "RestTemplate byte[]" -> {
				RestTemplate restTemplate = new RestTemplate(TestClient.plainJdk());
				restTemplate.getInterceptors().add(new ClientCompressionInterceptor(compression));
				assertThat(restTemplate.getForObject(first, byte[].class)).isEqualTo(version(1));
			}
			case "RestClient String" -> assertThat(restClient(compression, false).get()
				.uri(first)
				.retrieve()
				.body(String.class)).isEqualTo(new String(version(1), StandardCharsets.ISO_8859_1));
			default -> assertThat(restClient(compression, reader.endsWith("factory")).get()
				.uri(first)
				.retrieve()
				.body(byte[].class)).isEqualTo(version(1));
		}
		assertThat(restClient(compression, false).get().uri(this.origin.uri("/feed/2")).retrieve().body(byte[].class))
			.isEqualTo(version(2));
		assertThat(this.origin.requestsTo("/feed/2").get(0).header("Available-Dictionary"))
			.isEqualTo(":" + Base64.getEncoder().encodeToString(sha256(version(1))) + ":");
		assertThat(this.recorder.events).containsOnlyOnce("decoded CLIENT RESPONSE dcz");
	}

	private static RestClient restClient(ClientCompression compression, boolean streaming) {
		return streaming
				? RestClient.builder()
					.requestFactory(new StreamingCompressionRequestFactory(TestClient.plainJdk(), compression))
					.build()
				: RestClient.builder()
					.requestFactory(TestClient.plainJdk())
					.requestInterceptor(new ClientCompressionInterceptor(compression))
					.build();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void neverOffersOneOriginsDictionaryToAnother(Function<ClientCompression, TestClient> kind) throws IOException {
		TestClient client = kind.apply(compression(store(), Long.MAX_VALUE));
		client.get(this.origin.uri("/feed/1"));
		URI otherOrigin = URI.create(this.origin.uri("/feed/2").toString().replace("127.0.0.1", "localhost"));
		assertThat(client.get(otherOrigin).body()).isEqualTo(version(2));
		assertThat(this.origin.requestsTo("/feed/2").get(0).header("Available-Dictionary")).isNull();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void offersNoDictionaryToAPathOutsideItsPattern(Function<ClientCompression, TestClient> kind) throws IOException {
		TestClient client = kind.apply(compression(store(), Long.MAX_VALUE));
		client.get(this.origin.uri("/feed/1"));
		client.get(this.origin.uri("/other"));
		PlainOrigin.Recorded request = this.origin.requestsTo("/other").get(0);
		assertThat(request.header("Available-Dictionary")).isNull();
		assertThat(request.header("Accept-Encoding")).isEqualTo("lzf, gzip, zstd");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void keepsNoBodyLargerThanTheLargestDictionary(Function<ClientCompression, TestClient> kind) throws IOException {
		TestClient client = kind.apply(compression(
				new DictionaryStore(SIZE - 1, 10 * SIZE, 10, Duration.ofHours(1), Clock.systemUTC()), Long.MAX_VALUE));
		client.get(this.origin.uri("/feed/1"));
		client.get(this.origin.uri("/feed/2"));
		assertThat(this.origin.requestsTo("/feed/2").get(0).header("Available-Dictionary")).isNull();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void keepsNoDictionaryFromABodyLeftInACodingItCannotDecode(Function<ClientCompression, TestClient> kind)
			throws IOException {
		this.origin.handle("/brotli/", (exchange, body) -> {
			exchange.getResponseHeaders().set("Use-As-Dictionary", "match=\"/brotli/*\"");
			exchange.getResponseHeaders().set("Content-Encoding", "br");
			PlainOrigin.respond(exchange, 200, version(1));
		});
		TestClient client = kind.apply(compression(store(), Long.MAX_VALUE));
		assertThat(client.get(this.origin.uri("/brotli/1")).headers().getFirst("Content-Encoding")).isEqualTo("br");
		client.get(this.origin.uri("/brotli/2"));
		assertThat(this.origin.requestsTo("/brotli/2").get(0).header("Available-Dictionary")).isNull();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void keepsNoDictionaryFromTheAnswerToAHeadRequest(Function<ClientCompression, TestClient> kind) throws IOException {
		this.origin.handle("/announced/", (exchange, body) -> {
			exchange.getResponseHeaders().set("Use-As-Dictionary", "match=\"/announced/*\"");
			exchange.sendResponseHeaders(200, -1);
		});
		TestClient client = kind.apply(compression(store(), Long.MAX_VALUE));
		assertThat(client.exchange(HttpMethod.HEAD, this.origin.uri("/announced/1"), new HttpHeaders(), null, Map.of())
			.status()).isEqualTo(200);
		client.get(this.origin.uri("/announced/2"));
		assertThat(this.origin.requestsTo("/announced/2").get(0).header("Available-Dictionary")).isNull();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void keepsNoDictionaryWhenDictionariesAreOff(Function<ClientCompression, TestClient> kind) throws IOException {
		TestClient client = kind.apply(ClientCompression.builder(CODECS).recorder(this.recorder).build());
		client.get(this.origin.uri("/feed/1"));
		client.get(this.origin.uri("/feed/2"));
		PlainOrigin.Recorded request = this.origin.requestsTo("/feed/2").get(0);
		assertThat(request.header("Available-Dictionary")).isNull();
		assertThat(request.header("Accept-Encoding")).isEqualTo("lzf, gzip, zstd");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void keepsALinkedDictionarySentWithContentEncodingIdentity(Function<ClientCompression, TestClient> kind)
			throws Exception {
		assertFetchesAndOffersTheLinkedDictionary(kind, "identity");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void fetchesALinkedDictionaryInTheBackgroundAndOffersIt(Function<ClientCompression, TestClient> kind)
			throws Exception {
		assertFetchesAndOffersTheLinkedDictionary(kind, null);
	}

	/**
	 * Serves {@code /orders/n} with a {@code Link} to {@code /dictionaries/orders} (version 1,
	 * with the given {@code Content-Encoding}, if any) and gets them until a request offers the
	 * dictionary, fetched once.
	 */
	private void assertFetchesAndOffersTheLinkedDictionary(Function<ClientCompression, TestClient> kind,
			@Nullable String contentEncoding) throws Exception {
		this.origin.handle("/orders/", (exchange, body) -> {
			exchange.getResponseHeaders().set("Link", "</dictionaries/orders>; rel=\"compression-dictionary\"");
			PlainOrigin.respond(exchange, 200, Payloads.json(1000));
		});
		this.origin.handle("/dictionaries/orders", (exchange, body) -> {
			exchange.getResponseHeaders().set("Use-As-Dictionary", "match=\"/orders/*\"");
			if (contentEncoding != null) {
				exchange.getResponseHeaders().set("Content-Encoding", contentEncoding);
			}
			PlainOrigin.respond(exchange, 200, version(1));
		});
		TestClient client = kind.apply(compression(store(), Long.MAX_VALUE));
		String expected = ":" + Base64.getEncoder().encodeToString(sha256(version(1))) + ":";
		boolean offered = false;
		for (int n = 0; n < 100 && !offered; n++) {
			client.get(this.origin.uri("/orders/" + n));
			offered = expected.equals(this.origin.requestsTo("/orders/" + n).get(0).header("Available-Dictionary"));
			if (!offered) {
				Thread.sleep(50);
			}
		}
		assertThat(offered).as("a request offered the linked dictionary").isTrue();
		assertThat(this.origin.requestsTo("/dictionaries/orders")).hasSize(1);
	}

	@Test
	void givesUpALinkedDictionaryThatStopsArrivingAndFetchesTheNext() throws Exception {
		CountDownLatch stalled = new CountDownLatch(1);
		this.origin.handle("/dictionaries/stalled", (exchange, body) -> {
			exchange.getResponseHeaders().set("Use-As-Dictionary", "match=\"/stalled/*\"");
			exchange.sendResponseHeaders(200, 0);
			try (OutputStream output = exchange.getResponseBody()) {
				output.write(version(1), 0, 100);
				output.flush();
				stalled.await(60, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		this.origin.handle("/dictionaries/orders", (exchange, body) -> {
			exchange.getResponseHeaders().set("Use-As-Dictionary", "match=\"/orders/*\"");
			PlainOrigin.respond(exchange, 200, version(2));
		});
		DictionaryStore store = store();
		ClientDictionaries dictionaries = new ClientDictionaries(store, DictionaryCodings.of(CODECS), store.maxSize(),
				Duration.ofMillis(500));
		try {
			dictionaries.followLinks(this.origin.uri("/stalled/1"), link("/dictionaries/stalled"));
			dictionaries.followLinks(this.origin.uri("/orders/1"), link("/dictionaries/orders"));
			for (int n = 0; n < 200 && store.size() == 0; n++) {
				Thread.sleep(50);
			}
			assertThat(store.best(OriginCache.origin(this.origin.uri("/")), "/orders/2")).isNotNull();
			assertThat(store.size()).isOne();
		}
		finally {
			stalled.countDown();
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void keepsNoDictionaryWhoseIdItCouldNotSendBack(Function<ClientCompression, TestClient> kind) throws IOException {
		this.origin.handle("/long-id/", (exchange, body) -> {
			exchange.getResponseHeaders()
				.set("Use-As-Dictionary", "match=\"/long-id/*\", id=\"" + "a".repeat(1025) + "\"");
			PlainOrigin.respond(exchange, 200, version(1));
		});
		TestClient client = kind.apply(compression(store(), Long.MAX_VALUE));
		client.get(this.origin.uri("/long-id/1"));
		assertThat(client.get(this.origin.uri("/long-id/2")).body()).isEqualTo(version(1));
		assertThat(this.origin.requestsTo("/long-id/2").get(0).header("Available-Dictionary")).isNull();
	}

	/**
	 * A link dropped because the fetch queue was full is fetched when it is advertised again.
	 */
	@Test
	void fetchesALinkedDictionaryDroppedFromAFullQueueWhenItIsAdvertisedAgain() throws Exception {
		CountDownLatch held = new CountDownLatch(1);
		this.origin.handle("/d/", (exchange, body) -> {
			String n = exchange.getRequestURI().getPath().substring(3);
			if (n.equals("0")) {
				try {
					held.await(30, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
			exchange.getResponseHeaders().set("Use-As-Dictionary", "match=\"/p" + n + "/*\"");
			PlainOrigin.respond(exchange, 200, version(Integer.parseInt(n)));
		});
		DictionaryStore store = store();
		ClientDictionaries dictionaries = new ClientDictionaries(store, DictionaryCodings.of(CODECS), store.maxSize());
		try {
			HttpHeaders links = new HttpHeaders();
			for (int n = 0; n < ClientDictionaries.MAX_QUEUED_FETCHES + 2; n++) {
				links.add("Link", "</d/" + n + ">; rel=\"compression-dictionary\"");
			}
			dictionaries.followLinks(this.origin.uri("/page/1"), links);
			held.countDown();
			String dropped = "/d/" + (ClientDictionaries.MAX_QUEUED_FETCHES + 1);
			awaitRequestTo("/d/" + ClientDictionaries.MAX_QUEUED_FETCHES);
			assertThat(this.origin.requestsTo(dropped)).isEmpty();
			dictionaries.followLinks(this.origin.uri("/page/2"), link(dropped));
			awaitRequestTo(dropped);
			assertThat(this.origin.requestsTo(dropped)).hasSize(1);
		}
		finally {
			held.countDown();
			dictionaries.close();
		}
	}

	private void awaitRequestTo(String path) throws InterruptedException {
		for (int n = 0; n < 200 && this.origin.requestsTo(path).isEmpty(); n++) {
			Thread.sleep(50);
		}
	}

	private static HttpHeaders link(String target) {
		HttpHeaders headers = new HttpHeaders();
		headers.add("Link", "<" + target + ">; rel=\"compression-dictionary\"");
		return headers;
	}

	@Test
	void followsOnlyCompressionDictionaryLinksOfTheSameOrigin() {
		HttpHeaders headers = new HttpHeaders();
		headers.add("Link", "</d/1>; rel=\"compression-dictionary\", </style.css>; rel=preload");
		headers.add("Link", "<http://other.example/d/2>; rel=compression-dictionary, <https://api.example/d/3>; rel=\"x compression-dictionary\"");
		assertThat(ClientDictionaries.sameOriginLinks(URI.create("https://api.example/orders/1"), headers))
			.containsExactly(URI.create("https://api.example/d/1"), URI.create("https://api.example/d/3"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.restcompress.client.TestClient#redirectFollowing")
	void keepsADictionaryThatARedirectLedToUnderTheOriginThatSentIt(Function<ClientCompression, TestClient> kind)
			throws IOException {
		TestClient client = kind.apply(compression(store(), Long.MAX_VALUE));
		this.origin.handle("/hop", (exchange, body) -> PlainOrigin.redirect(exchange, this.origin.otherOriginUri("/feed/1")));
		assertThat(client.get(this.origin.uri("/hop")).body()).isEqualTo(version(1));
		client.get(this.origin.uri("/feed/2"));
		assertThat(this.origin.requestsTo("/feed/2").get(0).header("Available-Dictionary")).isNull();
		assertThat(client.get(this.origin.otherOriginUri("/feed/3")).body()).isEqualTo(version(3));
		assertThat(this.origin.requestsTo("/feed/3").get(0).header("Available-Dictionary"))
			.isEqualTo(":" + Base64.getEncoder().encodeToString(sha256(version(1))) + ":");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.restcompress.client.TestClient#redirectFollowing")
	void offersTheDictionaryAgainOnARedirectWithinItsOrigin(Function<ClientCompression, TestClient> kind)
			throws IOException {
		TestClient client = kind.apply(compression(store(), Long.MAX_VALUE));
		this.origin.handle("/feed/moved", (exchange, body) -> PlainOrigin.redirect(exchange, this.origin.uri("/feed/2")));
		client.get(this.origin.uri("/feed/1"));
		assertThat(client.get(this.origin.uri("/feed/moved")).body()).isEqualTo(version(2));
		assertThat(this.origin.requestsTo("/feed/2").get(0).header("Available-Dictionary"))
			.isEqualTo(":" + Base64.getEncoder().encodeToString(sha256(version(1))) + ":");
		assertThat(this.recorder.events).containsOnlyOnce("decoded CLIENT RESPONSE dcz");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.restcompress.client.TestClient#redirectFollowing")
	void offersTheDictionaryAgainWhenARedirectReturnsToItsOrigin(Function<ClientCompression, TestClient> kind)
			throws IOException {
		TestClient client = kind.apply(compression(store(), Long.MAX_VALUE));
		this.origin.handle("/feed/out", (exchange, body) -> PlainOrigin.redirect(exchange, this.origin.otherOriginUri("/back")));
		this.origin.handle("/back", (exchange, body) -> PlainOrigin.redirect(exchange, this.origin.uri("/feed/2")));
		client.get(this.origin.uri("/feed/1"));
		assertThat(client.get(this.origin.uri("/feed/out")).body()).isEqualTo(version(2));
		assertThat(this.origin.requestsTo("/back").get(0).header("Available-Dictionary")).isNull();
		assertThat(this.origin.requestsTo("/feed/2").get(0).header("Available-Dictionary"))
			.isEqualTo(":" + Base64.getEncoder().encodeToString(sha256(version(1))) + ":");
		assertThat(this.recorder.events).containsOnlyOnce("decoded CLIENT RESPONSE dcz");
		client.get(this.origin.uri("/feed/3"));
		assertThat(this.origin.requestsTo("/feed/3").get(0).header("Available-Dictionary"))
			.isEqualTo(":" + Base64.getEncoder().encodeToString(sha256(version(2))) + ":");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.restcompress.client.TestClient#redirectFollowing")
	void offersNoDictionaryToTheOriginARedirectLeadsTo(Function<ClientCompression, TestClient> kind)
			throws IOException {
		TestClient client = kind.apply(compression(store(), Long.MAX_VALUE));
		this.origin.handle("/feed/hop", (exchange, body) -> PlainOrigin.redirect(exchange, this.origin.otherOriginUri("/other")));
		client.get(this.origin.uri("/feed/1"));
		assertThat(client.get(this.origin.uri("/feed/hop")).body()).isEqualTo(version(1));
		assertThat(this.origin.requestsTo("/feed/hop").get(0).header("Available-Dictionary")).isNotNull();
		PlainOrigin.Recorded redirected = this.origin.requestsTo("/other").get(0);
		assertThat(redirected.header("Host")).startsWith("localhost:");
		assertThat(redirected.header("Available-Dictionary")).isNull();
		assertThat(redirected.header("Dictionary-ID")).isNull();
	}

	/**
	 * RFC 9842: a dictionary is used only for answers from its own origin. The answer of the
	 * origin a redirect leads to, in {@code dcz} with the first origin's dictionary, is handed
	 * over as it came, never decoded with that dictionary.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("io.restcompress.client.TestClient#redirectFollowing")
	void neverDecodesTheAnswerOfTheOriginARedirectLeadsToWithTheFirstOriginsDictionary(
			Function<ClientCompression, TestClient> kind) throws IOException {
		byte[] encoded = dcz(version(1), version(2));
		TestClient client = kind.apply(compression(store(), Long.MAX_VALUE));
		this.origin.handle("/feed/hop", (exchange, body) -> PlainOrigin.redirect(exchange, this.origin.otherOriginUri("/elsewhere")));
		this.origin.handle("/elsewhere", (exchange, body) -> {
			exchange.getResponseHeaders().set("Content-Encoding", "dcz");
			PlainOrigin.respond(exchange, 200, encoded);
		});
		client.get(this.origin.uri("/feed/1"));
		TestClient.Response response = client.get(this.origin.uri("/feed/hop"));
		assertThat(this.origin.requestsTo("/feed/hop").get(0).header("Available-Dictionary")).isNotNull();
		assertThat(this.origin.requestsTo("/elsewhere").get(0).header("Host")).startsWith("localhost:");
		assertThat(response.headers().getFirst("Content-Encoding")).isEqualTo("dcz");
		assertThat(response.body()).isEqualTo(encoded);
		assertThat(this.recorder.events).doesNotContain("decoded CLIENT RESPONSE dcz");
	}

	/**
	 * An application interceptor inside restcompress's that makes a call of its own on the
	 * same thread (a token fetch) through the same HTTP library: that call's hops are not taken
	 * for those of the request.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("io.restcompress.client.TestClient#hopReporting")
	void tellsItsRequestsHopsFromThoseOfACallAnInnerInterceptorMakes(Supplier<ClientHttpRequestFactory> library)
			throws IOException {
		ClientHttpRequestFactory plain = library.get();
		this.origin.handle("/token", (exchange, body) -> PlainOrigin.respond(exchange, 200, new byte[] { 't' }));
		ClientHttpRequestInterceptor fetchingAToken = (request, body, execution) -> {
			try (ClientHttpResponse token = plain.createRequest(this.origin.uri("/token"), HttpMethod.GET)
				.execute()) {
				token.getBody().readAllBytes();
			}
			return execution.execute(request, body);
		};
		TestClient client = TestClient.restClient(library.get(), compression(store(), Long.MAX_VALUE),
				(builder) -> builder.requestInterceptor(fetchingAToken));
		this.origin.handle("/feed/hop", (exchange, body) -> PlainOrigin.redirect(exchange, this.origin.otherOriginUri("/other")));
		client.get(this.origin.uri("/feed/1"));
		assertThat(client.get(this.origin.uri("/feed/hop")).body()).isEqualTo(version(1));
		assertThat(this.origin.requestsTo("/token")).hasSize(2);
		assertThat(this.origin.requestsTo("/other").get(0).header("Available-Dictionary")).isNull();
	}

	private ClientCompression compression(DictionaryStore store, long maxDecodedSize) {
		return ClientCompression.builder(CODECS)
			.recorder(this.recorder)
			.maxDecodedSize(maxDecodedSize)
			.dictionaries(store)
			.build();
	}

	private static DictionaryStore store() {
		return new DictionaryStore(4 * SIZE, 10 * SIZE, 10, Duration.ofHours(1), Clock.systemUTC());
	}

	private void feed(HttpExchange exchange, String match, String coding) throws IOException {
		String[] parts = exchange.getRequestURI().getPath().split("/");
		byte[] body = version(Integer.parseInt(parts[2]));
		this.served.put(Base64.getEncoder().encodeToString(sha256(body)), body);
		exchange.getResponseHeaders().set("Use-As-Dictionary", "match=\"" + match + "\", id=\"feed\"");
		exchange.getResponseHeaders().set("Vary", "Accept-Encoding, Available-Dictionary");
		String available = exchange.getRequestHeaders().getFirst("Available-Dictionary");
		String accepted = exchange.getRequestHeaders().getFirst("Accept-Encoding");
		byte[] dictionary = (available != null) ? this.served.get(available.replace(":", "")) : null;
		if (dictionary == null || accepted == null || !accepted.contains(coding)) {
			PlainOrigin.respond(exchange, 200, body);
			return;
		}
		exchange.getResponseHeaders().set("Content-Encoding", coding);
		PlainOrigin.respond(exchange, 200, coding.equals("dcz") ? dcz(dictionary, body) : dcb(dictionary, body));
	}

	/**
	 * RFC 9842's dcb written without restcompress: the magic number, the dictionary's SHA-256,
	 * and a brotli stream (quality 9, a 16 MB window) compressed with the dictionary as raw
	 * content.
	 */
	private static byte[] dcb(byte[] dictionary, byte[] body) throws IOException {
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		encoded.write(HexFormat.of().parseHex("ff444342"));
		encoded.write(sha256(dictionary));
		ByteBuffer raw = ByteBuffer.allocateDirect(dictionary.length).put(dictionary).flip();
		try (BrotliOutputStream brotli = new BrotliOutputStream(encoded,
				new Encoder.Parameters().setQuality(9).setWindow(24))) {
			brotli.attachDictionary(Encoder.prepareDictionary(raw, 0));
			brotli.write(body);
		}
		return encoded.toByteArray();
	}

	/**
	 * RFC 9842's dcz written without restcompress: the magic number, the dictionary's SHA-256,
	 * and a zstd frame compressed with the dictionary as raw content.
	 */
	private static byte[] dcz(byte[] dictionary, byte[] body) throws IOException {
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		encoded.write(HexFormat.of().parseHex("5e2a4d1820000000"));
		encoded.write(sha256(dictionary));
		try (ZstdCompressCtx zstd = new ZstdCompressCtx()) {
			zstd.setLevel(3).setChecksum(true).setWindowLog(23).loadDict(dictionary);
			encoded.write(zstd.compress(body));
		}
		return encoded.toByteArray();
	}

	private static byte[] version(int version) {
		byte[] body = Payloads.json(SIZE);
		for (int i = 1; i <= version; i++) {
			body[i * 997] = (byte) ('0' + version % 10);
		}
		return body;
	}

	private static byte[] sha256(byte[] bytes) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(bytes);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
