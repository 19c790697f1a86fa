package io.restcompress.internal.server;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.ContentTimeoutException;
import io.restcompress.codec.ContentTooLargeException;
import io.restcompress.codec.CorruptContentException;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.LzfCodec;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.RejectReason;
import io.restcompress.metrics.Side;
import io.restcompress.server.CompressionMode;
import io.restcompress.server.ServerCompressionSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.http.HttpStatus;
import org.springframework.util.MimeType;

import static org.assertj.core.api.Assertions.assertThat;

class RequestDecodingRulesTests {

	private static final BooleanSupplier HAS_BODY = () -> true;

	private final List<String> rejected = new ArrayList<>();

	private final CompressionRecorder recorder = new CompressionRecorder() {

		@Override
		public void rejected(Side side, Direction direction, String coding, RejectReason reason) {
			RequestDecodingRulesTests.this.rejected.add(side + " " + direction + " " + coding + " " + reason);
		}

	};

	@Test
	void decodesTheOutermostCodingFirst() {
		RequestDecodingRules.Admission admission = rules(true, true).admit(List.of("gzip, lzf"),
				() -> "application/json", HAS_BODY);
		assertThat(admission.refusal()).isNull();
		assertThat(admission.decoders()).extracting(ContentCodec::coding).containsExactly("lzf", "gzip");
		assertThat(this.rejected).isEmpty();
	}

	@Test
	void refusesAnUnsupportedCodingNamingTheSupportedOnes() {
		CodingProblem refusal = refusal(rules(true, true).admit(List.of("gzip", "x-unknown"), () -> null, HAS_BODY));
		assertThat(refusal.status()).isEqualTo(HttpStatus.UNSUPPORTED_MEDIA_TYPE);
		assertThat(refusal.acceptEncoding()).isEqualTo("lzf, gzip");
		assertThat(refusal.detail()).contains("'gzip, x-unknown'");
		assertThat(this.rejected).containsExactly("SERVER REQUEST unknown UNSUPPORTED_CODING");
	}

	@Test
	void refusesMoreLayersThanAllowedNamingTheLimit() {
		CodingProblem refusal = refusal(rules(true, true).admit(List.of("gzip, lzf, gzip"), () -> null, HAS_BODY));
		assertThat(refusal.status()).isEqualTo(HttpStatus.UNSUPPORTED_MEDIA_TYPE);
		assertThat(refusal.acceptEncoding()).isEqualTo("lzf, gzip");
		assertThat(refusal.detail()).isEqualTo("Content-Encoding 'gzip, lzf, gzip' stacks more codings than the 2 "
				+ "this server decodes; supported codings: lzf, gzip");
		assertThat(this.rejected).containsExactly("SERVER REQUEST stacked UNSUPPORTED_CODING");
	}

	@Test
	void refusesAnUnsupportedCodingAmongMoreLayersThanAllowedAsUnsupported() {
		CodingProblem refusal = refusal(rules(true, true).admit(List.of("gzip, gzip, x-unknown, gzip"), () -> null,
				HAS_BODY));
		assertThat(refusal.detail()).contains("is not supported");
		assertThat(this.rejected).containsExactly("SERVER REQUEST unknown UNSUPPORTED_CODING");
	}

	@ParameterizedTest
	@ValueSource(strings = { "multipart/form-data; boundary=x", "MULTIPART/mixed" })
	void refusesAnEncodedMultipartBodyAskingForItUnencoded(String contentType) {
		CodingProblem refusal = refusal(rules(true, true).admit(List.of("lzf"), () -> contentType, HAS_BODY));
		assertThat(refusal.status()).isEqualTo(HttpStatus.UNSUPPORTED_MEDIA_TYPE);
		assertThat(refusal.acceptEncoding()).isEqualTo("identity");
		assertThat(refusal.detail()).contains("multipart");
		assertThat(this.rejected).containsExactly("SERVER REQUEST lzf UNSUPPORTED_CODING");
	}

	@ParameterizedTest
	@ValueSource(strings = { "application/x-www-form-urlencoded", "Application/X-WWW-Form-Urlencoded; charset=UTF-8" })
	void admitsAnEncodedForm(String contentType) {
		RequestDecodingRules.Admission admission = rules(true, true).admit(List.of("gzip"), () -> contentType,
				HAS_BODY);
		assertThat(admission.refusal()).isNull();
		assertThat(admission.decoders()).extracting(ContentCodec::coding).containsExactly("gzip");
	}

	@Test
	void admitsAFormThatNamesACodingButHasNoBody() {
		RequestDecodingRules.Admission admission = rules(true, true).admit(List.of("gzip"),
				() -> "application/x-www-form-urlencoded", () -> false);
		assertThat(admission.refusal()).isNull();
		assertThat(admission.decoders()).isEmpty();
	}

	@Test
	void admitsAnEncodedBodyOfAnotherTypeThatMentionsForms() {
		RequestDecodingRules.Admission admission = rules(true, true).admit(List.of("gzip"),
				() -> "application/json; profile=multipart/form-data", HAS_BODY);
		assertThat(admission.refusal()).isNull();
		assertThat(admission.decoders()).extracting(ContentCodec::coding).containsExactly("gzip");
	}

	@Test
	void neverAsksWhetherAnUnencodedRequestHasABodyOrWhatItsTypeIs() {
		RequestDecodingRules.Admission admission = rules(true, true).admit(List.of(), () -> {
			throw new AssertionError("asked for the content type");
		}, () -> {
			throw new AssertionError("asked whether the request has a body");
		});
		assertThat(admission.refusal()).isNull();
		assertThat(admission.decoders()).isEmpty();
	}

	@Test
	void passesEveryCodingThroughWhenRequestDecodingIsOff() {
		RequestDecodingRules rules = rules(false, true);
		RequestDecodingRules.Admission admission = rules.admit(List.of("x-unknown"), () -> "multipart/form-data",
				HAS_BODY);
		assertThat(admission.refusal()).isNull();
		assertThat(admission.decoders()).isEmpty();
		assertThat(this.rejected).isEmpty();
		assertThat(rules.advertisedCodings()).isNull();
	}

	@Test
	void advertisesTheCodingsItDecodes() {
		assertThat(rules(true, true).advertisedCodings()).isEqualTo("lzf, gzip");
	}

	@Test
	void advertisesNothingWhenAdvertisingIsOff() {
		assertThat(rules(true, false).advertisedCodings()).isNull();
	}

	@Test
	void drainsARefusedBodyDeclaredUpToTheLimitOrOfUnknownLength() {
		long limit = RequestDecodingRules.MAX_DRAINED_BODY;
		assertThat(RequestDecodingRules.drainsRefusedBody(limit, false, true)).isTrue();
		assertThat(RequestDecodingRules.drainsRefusedBody(-1, false, true)).isTrue();
		assertThat(RequestDecodingRules.drainsRefusedBody(-1, false, false)).isTrue();
		assertThat(RequestDecodingRules.drainsRefusedBody(limit + 1, false, true)).isFalse();
		assertThat(RequestDecodingRules.drainsRefusedBody(limit + 1, false, false)).isFalse();
	}

	@Test
	void leavesTheBodyAnHttp1ClientHoldsBackFor100ContinueUnread() {
		assertThat(RequestDecodingRules.drainsRefusedBody(1000, true, true)).isFalse();
		assertThat(RequestDecodingRules.drainsRefusedBody(1000, true, false)).isTrue();
	}

	@Test
	void drainsABodyThatFailedToDecodeUnlessItsReadTimedOutOrItWasTooLargeOverHttp1() {
		CorruptContentException corrupt = new CorruptContentException("gzip", "bad header");
		ContentTooLargeException tooLarge = new ContentTooLargeException("gzip", 1024);
		ContentTimeoutException timedOut = new ContentTimeoutException("gzip", Duration.ofSeconds(1));
		assertThat(RequestDecodingRules.drainsAfterDecodingFailure(corrupt, true)).isTrue();
		assertThat(RequestDecodingRules.drainsAfterDecodingFailure(corrupt, false)).isTrue();
		assertThat(RequestDecodingRules.drainsAfterDecodingFailure(tooLarge, true)).isFalse();
		assertThat(RequestDecodingRules.drainsAfterDecodingFailure(tooLarge, false)).isTrue();
		assertThat(RequestDecodingRules.drainsAfterDecodingFailure(timedOut, true)).isFalse();
		assertThat(RequestDecodingRules.drainsAfterDecodingFailure(timedOut, false)).isFalse();
	}

	@Test
	void closesAnHttp1ConnectionOnlyWhenTheRefusedBodyWasNotReadToItsEnd() {
		assertThat(RequestDecodingRules.closesAfterRefusal(false, true)).isTrue();
		assertThat(RequestDecodingRules.closesAfterRefusal(true, true)).isFalse();
		assertThat(RequestDecodingRules.closesAfterRefusal(false, false)).isFalse();
	}

	private static CodingProblem refusal(RequestDecodingRules.Admission admission) {
		CodingProblem refusal = admission.refusal();
		assertThat(refusal).isNotNull();
		assertThat(admission.decoders()).isEmpty();
		return refusal;
	}

	private RequestDecodingRules rules(boolean decodeRequests, boolean advertise) {
		ContentCodecs codecs = ContentCodecs.of(new LzfCodec(), new GzipCodec(1));
		return new RequestDecodingRules(new ServerCompressionSettings(codecs, codecs.all(), CompressionMode.ANNOTATED,
				4500, List.of(MimeType.valueOf("application/json")), List.of(), decodeRequests, 16 * 1024 * 1024, 2,
				advertise), this.recorder);
	}

}
