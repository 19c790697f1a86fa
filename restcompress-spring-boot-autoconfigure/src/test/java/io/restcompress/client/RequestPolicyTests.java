package io.restcompress.client;

import java.net.URI;
import java.time.Duration;

import io.restcompress.codec.ContentCodec;
import io.restcompress.metrics.SkipReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.http.HttpHeaders;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The request policy's memory of what an origin advertised and refused.
 */
class RequestPolicyTests {

	private static final URI ORIGIN = URI.create("http://api.example.com/orders");

	private static final ContentCodec LZF = PlainOrigin.CODECS.find("lzf").orElseThrow();

	private static final ContentCodec GZIP = PlainOrigin.CODECS.find("gzip").orElseThrow();

	private final ClientCompressionTests.MutableClock clock = new ClientCompressionTests.MutableClock();

	private final RecordingRecorder recorder = new RecordingRecorder();

	private final RequestPolicy policy = ClientCompression.builder(PlainOrigin.CODECS)
		.origins(new OriginCache(10, Duration.ofMinutes(10), this.clock))
		.recorder(this.recorder)
		.build()
		.requests();

	private static HttpHeaders advertising(String codings) {
		HttpHeaders headers = new HttpHeaders();
		headers.set(HttpHeaders.ACCEPT_ENCODING, codings);
		return headers;
	}

	private String decision() {
		RequestDecision decision = this.policy.decide(ORIGIN, new HttpHeaders(), 10_000);
		return (decision.codec() != null) ? decision.codec().coding() : String.valueOf(decision.reason());
	}

	/**
	 * A digest covers the body's bytes as sent, and a range counts the bytes of the
	 * representation it names: a content coding would make either wrong.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "Content-Digest", "Repr-Digest", "Digest", "Content-MD5", "Content-Range" })
	void neverCompressesABodyWhoseFieldsDescribeItsBytes(String field) {
		RequestPolicy always = ClientCompression.builder(PlainOrigin.CODECS)
			.requestCompression(RequestCompression.ALWAYS)
			.build()
			.requests();
		assertThat(always.decide(ORIGIN, new HttpHeaders(), 10_000).codec()).isNotNull();
		HttpHeaders headers = new HttpHeaders();
		headers.set(field, "sha-256=:AAAA:");
		RequestDecision decision = always.decide(ORIGIN, headers, 10_000);
		assertThat(decision.codec()).isNull();
		assertThat(decision.reason()).isEqualTo(SkipReason.ALREADY_ENCODED);
	}

	@Test
	void resendsOnlyAfterA415ToACompressedBodyThatNamesTheAcceptedCodings() {
		assertThat(this.policy.afterResponse(ORIGIN, 415, advertising("identity"), null)).isNull();
		assertThat(this.policy.afterResponse(ORIGIN, 415, new HttpHeaders(), LZF)).isNull();
		assertThat(this.policy.afterResponse(ORIGIN, 400, advertising("identity"), LZF)).isNull();
		RequestDecision resend = this.policy.afterResponse(ORIGIN, 415, advertising("identity"), LZF);
		assertThat(resend).isNotNull();
		assertThat(resend.codec()).isNull();
		assertThat(this.recorder.events).containsExactly("rejected CLIENT REQUEST lzf UNSUPPORTED_CODING");
	}

	@Test
	void aRefusalOutweighsLaterAdvertisementsOfTheSameCoding() {
		this.policy.afterResponse(ORIGIN, 415, advertising("identity"), LZF);
		this.policy.afterResponse(ORIGIN, 200, advertising("lzf"), null);
		assertThat(decision()).isEqualTo("NOT_ACCEPTABLE");
		this.policy.afterResponse(ORIGIN, 200, advertising("lzf, gzip"), null);
		assertThat(decision()).isEqualTo("gzip");
	}

	@Test
	void aRefusalLastsForTheOriginCacheTtlAfterItWasReceived() {
		this.policy.afterResponse(ORIGIN, 415, advertising("identity"), LZF);
		this.clock.advance(Duration.ofMinutes(9));
		this.policy.afterResponse(ORIGIN, 200, advertising("lzf"), null);
		assertThat(decision()).isEqualTo("NOT_ACCEPTABLE");
		this.clock.advance(Duration.ofMinutes(1));
		assertThat(decision()).isEqualTo("lzf");
	}

	@Test
	void aSuccessInTheRefusedCodingLiftsTheRefusal() {
		this.policy.afterResponse(ORIGIN, 415, advertising("gzip"), LZF);
		this.policy.afterResponse(ORIGIN, 200, advertising("lzf, gzip"), GZIP);
		assertThat(decision()).isEqualTo("gzip");
		this.policy.afterResponse(ORIGIN, 201, advertising("lzf, gzip"), LZF);
		assertThat(decision()).isEqualTo("lzf");
		assertThat(this.policy.origins().rejectedCodings(ORIGIN)).isEmpty();
	}

	@Test
	void aRefusalIsPerOrigin() {
		this.policy.afterResponse(ORIGIN, 415, advertising("identity"), LZF);
		URI other = URI.create("http://other.example.com/orders");
		this.policy.learn(other, advertising("lzf"));
		assertThat(this.policy.decide(other, new HttpHeaders(), 10_000).codec()).isEqualTo(LZF);
		assertThat(this.policy.origins().rejectedCodings(ORIGIN)).containsExactly("lzf");
		assertThat(this.policy.origins().rejectedCodings(other)).isEmpty();
	}

}
