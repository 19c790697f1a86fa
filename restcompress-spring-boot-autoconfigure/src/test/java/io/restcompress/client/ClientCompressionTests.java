package io.restcompress.client;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import io.restcompress.codec.AcceptEncoding;
import io.restcompress.codec.ContentCodec;
import io.restcompress.metrics.SkipReason;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The shared client policy and its origin cache.
 */
class ClientCompressionTests {

	private static final URI ORIGIN = URI.create("http://api.example.com/orders");

	private final MutableClock clock = new MutableClock();

	private ClientCompression compression(RequestCompression policy) {
		return ClientCompression.builder(PlainOrigin.CODECS)
			.requestCompression(policy)
			.origins(new OriginCache(2, Duration.ofMinutes(10), this.clock))
			.build();
	}

	private static HttpHeaders advertising(String codings) {
		HttpHeaders headers = new HttpHeaders();
		headers.set(HttpHeaders.ACCEPT_ENCODING, codings);
		return headers;
	}

	private static String coding(RequestDecision decision) {
		ContentCodec codec = decision.codec();
		return (codec != null) ? codec.coding() : String.valueOf(decision.reason());
	}

	@Test
	void autoCompressesOnlyForAnOriginThatAdvertised() {
		ClientCompression compression = compression(RequestCompression.AUTO);
		assertThat(coding(compression.requests().decide(ORIGIN, new HttpHeaders(), 10_000))).isEqualTo("NOT_ACCEPTABLE");
		compression.learn(URI.create("http://API.example.com:80/other"), advertising("gzip, lzf"));
		assertThat(coding(compression.requests().decide(ORIGIN, new HttpHeaders(), 10_000))).isEqualTo("lzf");
		assertThat(coding(compression.requests()
			.decide(URI.create("https://api.example.com/orders"), new HttpHeaders(), 10_000)))
			.isEqualTo("NOT_ACCEPTABLE");
	}

	@Test
	void prefersTheConfiguredCodingThenTheAdvertisedWeights() {
		ClientCompression compression = compression(RequestCompression.AUTO);
		compression.learn(ORIGIN, advertising("deflate;q=0.5, gzip"));
		assertThat(coding(compression.requests().decide(ORIGIN, new HttpHeaders(), 10_000))).isEqualTo("gzip");
		compression.learn(ORIGIN, advertising("lzf, gzip"));
		assertThat(coding(compression.requests().decide(ORIGIN, new HttpHeaders(), 10_000))).isEqualTo("lzf");
	}

	@Test
	void alwaysCompressesUnlessTheOriginSaidOtherwise() {
		ClientCompression compression = compression(RequestCompression.ALWAYS);
		assertThat(coding(compression.requests().decide(ORIGIN, new HttpHeaders(), 10_000))).isEqualTo("lzf");
		compression.learn(ORIGIN, advertising("identity"));
		assertThat(coding(compression.requests().decide(ORIGIN, new HttpHeaders(), 10_000))).isEqualTo("NOT_ACCEPTABLE");
	}

	@Test
	void ordersTheReasonsNotToCompress() {
		ClientCompression never = compression(RequestCompression.NEVER);
		HttpHeaders encoded = new HttpHeaders();
		encoded.set(HttpHeaders.CONTENT_ENCODING, "br");
		assertThat(never.requests().decide(ORIGIN, encoded, 10).reason()).isEqualTo(SkipReason.ALREADY_ENCODED);
		assertThat(never.requests().decide(ORIGIN, new HttpHeaders(), 10).reason()).isEqualTo(SkipReason.DISABLED);
		ClientCompression auto = compression(RequestCompression.AUTO);
		assertThat(auto.requests().decide(ORIGIN, new HttpHeaders(), 4499).reason()).isEqualTo(SkipReason.BELOW_THRESHOLD);
		assertThat(auto.requests().decide(ORIGIN, new HttpHeaders(), 4500).reason()).isEqualTo(SkipReason.NOT_ACCEPTABLE);
		HttpHeaders identity = new HttpHeaders();
		identity.set(HttpHeaders.CONTENT_ENCODING, "identity");
		assertThat(coding(compression(RequestCompression.ALWAYS).requests().decide(ORIGIN, identity, 4500))).isEqualTo("lzf");
	}

	@Test
	void resendsAfterA415WithAnAdvertisedCodingOrNone() {
		ClientCompression compression = compression(RequestCompression.ALWAYS);
		ContentCodec lzf = PlainOrigin.CODECS.find("lzf").orElseThrow();
		assertThat(compression.requests().afterRejection(ORIGIN, new HttpHeaders(), lzf)).isNull();
		assertThat(coding(compression.requests().afterRejection(ORIGIN, advertising("gzip"), lzf))).isEqualTo("gzip");
		assertThat(coding(compression.requests().decide(ORIGIN, new HttpHeaders(), 10_000))).isEqualTo("gzip");
		assertThat(compression.requests().afterRejection(ORIGIN, advertising("lzf, gzip"), lzf)).isNull();
		assertThat(coding(compression.requests().afterRejection(ORIGIN, advertising("identity"), lzf)))
			.isEqualTo("NOT_ACCEPTABLE");
	}

	@Test
	void decodesOnlyResponsesWithABodyAndKnownCodings() {
		ClientCompression compression = compression(RequestCompression.AUTO);
		assertThat(decoders(compression, HttpMethod.GET, 200, encoding("gzip, lzf")))
			.extracting(ContentCodec::coding)
			.containsExactly("lzf", "gzip");
		assertThat(decoders(compression, HttpMethod.GET, 200, encoding("x-gzip")))
			.extracting(ContentCodec::coding)
			.containsExactly("gzip");
		assertThat(decoders(compression, HttpMethod.GET, 200, encoding("gzip, zstd"))).isEmpty();
		assertThat(decoders(compression, HttpMethod.GET, 200, encoding("identity"))).isEmpty();
		assertThat(decoders(compression, HttpMethod.GET, 200, encoding("gzip, gzip, gzip, gzip"))).isEmpty();
		assertThat(decoders(compression, HttpMethod.HEAD, 200, encoding("gzip"))).isEmpty();
		for (int status : new int[] { 204, 206, 304 }) {
			assertThat(decoders(compression, HttpMethod.GET, status, encoding("gzip"))).isEmpty();
		}
	}

	private static List<ContentCodec> decoders(ClientCompression compression, HttpMethod method, int status,
			HttpHeaders responseHeaders) {
		return compression.responseReading(ORIGIN, method, status, responseHeaders, List.of()).decoders();
	}

	/**
	 * A policy built in code, without the {@code restcompress.client.*} properties, has their
	 * defaults: a 16 MB decoded-size limit and three stacked codings.
	 */
	@Test
	void limitsResponsesAsThePropertiesDoByDefault() {
		ClientCompression compression = ClientCompression.builder(PlainOrigin.CODECS).build();
		assertThat(compression.maxDecodedSize()).isEqualTo(16 * 1024 * 1024);
		assertThat(compression.maxCodings()).isEqualTo(3);
	}

	@Test
	void failsOnACodingItDoesNotHave() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ClientCompression.builder(PlainOrigin.CODECS).requestEncoding("zstd").build())
			.withMessageContaining("Unknown request encoding 'zstd'");
		assertThatIllegalArgumentException().isThrownBy(
				() -> ClientCompression.builder(PlainOrigin.CODECS).acceptEncodings(java.util.List.of("br")).build());
	}

	@Test
	void originCacheForgetsTheLeastRecentlyUsedOrigin() {
		OriginCache cache = new OriginCache(2, Duration.ofMinutes(10), this.clock);
		AcceptEncoding lzf = AcceptEncoding.parse("lzf");
		cache.remember(URI.create("http://a"), lzf);
		cache.remember(URI.create("http://b"), lzf);
		assertThat(cache.lookup(URI.create("http://a:80/x"))).isSameAs(lzf);
		cache.remember(URI.create("http://c"), lzf);
		assertThat(cache.size()).isEqualTo(2);
		assertThat(cache.lookup(URI.create("http://b"))).isNull();
		assertThat(cache.lookup(URI.create("http://a"))).isSameAs(lzf);
	}

	@Test
	void originCacheForgetsWhatExpired() {
		OriginCache cache = new OriginCache(2, Duration.ofMinutes(10), this.clock);
		cache.remember(URI.create("https://a"), AcceptEncoding.parse("lzf"));
		this.clock.advance(Duration.ofMinutes(9));
		assertThat(cache.lookup(URI.create("https://a:443"))).isNotNull();
		this.clock.advance(Duration.ofMinutes(1));
		assertThat(cache.lookup(URI.create("https://a"))).isNull();
	}

	private static HttpHeaders encoding(String codings) {
		HttpHeaders headers = new HttpHeaders();
		headers.set(HttpHeaders.CONTENT_ENCODING, codings);
		return headers;
	}

	static final class MutableClock extends Clock {

		private Instant now = Instant.parse("2025-01-01T00:00:00Z");

		void advance(Duration duration) {
			this.now = this.now.plus(duration);
		}

		@Override
		public ZoneOffset getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(java.time.ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

}
