package io.restcompress.server;

import java.util.List;

import io.restcompress.codec.AcceptEncoding;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.DeflateCodec;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.LzfCodec;
import io.restcompress.internal.server.HandlerCompression;
import io.restcompress.internal.server.ResponseEncodingDecision;
import io.restcompress.internal.server.ResponseEncodingRules;
import io.restcompress.internal.server.ResponseFields;
import io.restcompress.metrics.SkipReason;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.util.ConcurrentLruCache;
import org.springframework.util.MimeType;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Unit tests of {@link ResponseEncodingRules}: the contract's response rules without a server.
 */
class ResponseEncodingRulesTests {

	private static final LzfCodec LZF = new LzfCodec();

	private static final GzipCodec GZIP = new GzipCodec(1);

	private static final DeflateCodec DEFLATE = new DeflateCodec(1);

	private static final AcceptEncoding ANY = AcceptEncoding.parse("lzf, gzip, deflate");

	private final ResponseEncodingRules rules = new ResponseEncodingRules(settings(CompressionMode.ANNOTATED));

	private final MockHttpServletResponse response = jsonResponse();

	private final ResponseFields fields = new ServletResponseFields(this.response);

	@Test
	void encodesWithTheServersFirstAcceptedCoding() {
		ResponseEncodingDecision decision = this.rules.decide(HandlerCompression.SERVER_DEFAULTS, 200, this.fields,
				10_000, AcceptEncoding.parse("gzip, deflate"));
		assertThat(decision.codec()).isSameAs(GZIP);
		assertThat(decision.skipReason()).isNull();
		assertThat(decision.varies()).isTrue();
	}

	@Test
	void encodesWithTheHandlersOwnOrder() {
		HandlerCompression gzipFirst = new HandlerCompression(true, List.of(GZIP, LZF));
		assertThat(this.rules.decide(gzipFirst, 200, this.fields, 10_000, ANY).codec()).isSameAs(GZIP);
	}

	@Test
	void encodesUnknownLengthsAsLongAsTheRestAllows() {
		assertThat(this.rules.decide(HandlerCompression.SERVER_DEFAULTS, 200, this.fields, -1, ANY).codec())
			.isSameAs(LZF);
	}

	@Test
	void skipsWithoutVaryBelowTheThreshold() {
		ResponseEncodingDecision decision = this.rules.decide(HandlerCompression.SERVER_DEFAULTS, 200, this.fields,
				4499, ANY);
		assertThat(decision).isEqualTo(ResponseEncodingDecision.identity(SkipReason.BELOW_THRESHOLD, false));
		assertThat(this.rules.decide(HandlerCompression.SERVER_DEFAULTS, 200, this.fields, 4500, ANY).encodes())
			.isTrue();
	}

	@Test
	void skipsAnEmptyBodyWithoutAThreshold() {
		ResponseEncodingRules noThreshold = new ResponseEncodingRules(settings(CompressionMode.ANNOTATED, 0));
		assertThat(noThreshold.decide(HandlerCompression.SERVER_DEFAULTS, 200, this.fields, 0, ANY))
			.isEqualTo(ResponseEncodingDecision.identity(SkipReason.BELOW_THRESHOLD, false));
		assertThat(noThreshold.decide(HandlerCompression.SERVER_DEFAULTS, 200, this.fields, 1, ANY).codec())
			.isSameAs(LZF);
	}

	@Test
	void readsNeitherAcceptEncodingNorThePeerBelowTheThreshold() {
		ResponseEncodingDecision decision = this.rules.decide(HandlerCompression.SERVER_DEFAULTS, 200, this.fields,
				4499, () -> {
					throw new AssertionError("Accept-Encoding read below the threshold");
				}, () -> {
					throw new AssertionError("peer address read below the threshold");
				});
		assertThat(decision).isEqualTo(ResponseEncodingDecision.identity(SkipReason.BELOW_THRESHOLD, false));
		assertThat(this.rules.decide(HandlerCompression.SERVER_DEFAULTS, 200, this.fields, 4500, () -> ANY,
				() -> "127.0.0.1").codec()).isSameAs(LZF);
	}

	@Test
	void skipsWithVaryWhenNoCodingIsAcceptable() {
		for (String acceptEncoding : new String[] { null, "identity", "gzip;q=0", "br", "identity;q=0" }) {
			ResponseEncodingDecision decision = this.rules.decide(HandlerCompression.SERVER_DEFAULTS, 200,
					this.fields, 10_000, AcceptEncoding.parse(acceptEncoding));
			assertThat(decision).as(acceptEncoding)
				.isEqualTo(ResponseEncodingDecision.identity(SkipReason.NOT_ACCEPTABLE, true));
		}
	}

	@ParameterizedTest
	@ValueSource(ints = { 100, 101, 204, 206, 304 })
	void skipsStatusesWithoutAnEncodableBody(int status) {
		assertThat(this.rules.decide(HandlerCompression.SERVER_DEFAULTS, status, this.fields, 10_000, ANY))
			.isEqualTo(ResponseEncodingDecision.identity(SkipReason.STATUS_OR_METHOD, false));
	}

	@Test
	void encodesErrorStatusesWithACompressibleType() {
		assertThat(this.rules.decide(HandlerCompression.SERVER_DEFAULTS, 409, this.fields, 10_000, ANY).encodes())
			.isTrue();
	}

	@Test
	void skipsRanges() {
		this.response.setHeader("Content-Range", "bytes 0-99/10000");
		assertThat(this.rules.ineligibility(HandlerCompression.SERVER_DEFAULTS, 200, this.fields))
			.isEqualTo(SkipReason.STATUS_OR_METHOD);
	}

	@ParameterizedTest
	@ValueSource(strings = { "bytes 0-99/10000", "bytes 0-99/4500", "bytes 0-99/*", "bytes 0-99/x1", "bytes 0-99" })
	void variesAPartialResponseWhoseOkWouldVary(String contentRange) {
		this.response.setHeader("Content-Range", contentRange);
		this.rules.varyPartialContent(HandlerCompression.SERVER_DEFAULTS, 206, this.fields);
		assertThat(this.response.getHeaders("Vary")).containsExactly("Accept-Encoding");
	}

	@ParameterizedTest
	@ValueSource(strings = { "multipart/byteranges; boundary=x", "Multipart/ByteRanges; boundary=x" })
	void variesAMultipleRangesResponseWhoseOkMayVary(String contentType) {
		this.response.setContentType(contentType);
		this.rules.varyPartialContent(HandlerCompression.SERVER_DEFAULTS, 206, this.fields);
		assertThat(this.response.getHeaders("Vary")).containsExactly("Accept-Encoding");
	}

	@Test
	void doesNotVaryAPartialResponseWhoseOkWouldNot() {
		this.response.setHeader("Content-Range", "bytes 0-99/4499");
		this.rules.varyPartialContent(HandlerCompression.SERVER_DEFAULTS, 206, this.fields);
		this.response.setHeader("Content-Range", "bytes 0-99/10000");
		this.rules.varyPartialContent(HandlerCompression.EXCLUDED, 206, this.fields);
		this.rules.varyPartialContent(HandlerCompression.SERVER_DEFAULTS, 200, this.fields);
		this.response.setContentType("image/png");
		this.rules.varyPartialContent(HandlerCompression.SERVER_DEFAULTS, 206, this.fields);
		this.response.setContentType("application/json");
		this.response.setHeader("Cache-Control", "no-transform");
		this.rules.varyPartialContent(HandlerCompression.SERVER_DEFAULTS, 206, this.fields);
		assertThat(this.response.getHeaders("Vary")).isEmpty();
	}

	@Test
	void skipsAlreadyEncodedAndUntransformableResponses() {
		this.response.setHeader("Content-Encoding", "br");
		assertThat(this.rules.ineligibility(HandlerCompression.SERVER_DEFAULTS, 200, this.fields))
			.isEqualTo(SkipReason.ALREADY_ENCODED);
		this.response.setHeader("Content-Encoding", "identity");
		assertThat(this.rules.ineligibility(HandlerCompression.SERVER_DEFAULTS, 200, this.fields)).isNull();
		this.response.addHeader("Cache-Control", "max-age=60");
		this.response.addHeader("Cache-Control", "No-Transform");
		assertThat(this.rules.ineligibility(HandlerCompression.SERVER_DEFAULTS, 200, this.fields))
			.isEqualTo(SkipReason.ALREADY_ENCODED);
	}

	@ParameterizedTest
	@ValueSource(strings = { "x-no-transform-hint", "no-transformation", "private=\"no-transform-x\"" })
	void encodesAResponseWhoseCacheControlOnlyResemblesNoTransform(String cacheControl) {
		this.response.addHeader("Cache-Control", "max-age=60, " + cacheControl);
		assertThat(this.rules.ineligibility(HandlerCompression.SERVER_DEFAULTS, 200, this.fields)).isNull();
	}

	@ParameterizedTest
	@ValueSource(strings = { "image/png", "application/octet-stream", "not a type" })
	void skipsIncompressibleOrInvalidTypes(String contentType) {
		this.response.setContentType(contentType);
		assertThat(this.rules.ineligibility(HandlerCompression.SERVER_DEFAULTS, 200, this.fields))
			.isEqualTo(SkipReason.CONTENT_TYPE);
	}

	@Test
	void remembersTheCompressibilityOfThe256ContentTypesUsedLast() {
		for (int i = 0; i < 1000; i++) {
			this.response.setContentType("application/json; version=" + i);
			assertThat(this.rules.ineligibility(HandlerCompression.SERVER_DEFAULTS, 200, this.fields)).isNull();
		}
		assertThat(this.rules).extracting("compressibleTypes", InstanceOfAssertFactories.type(ConcurrentLruCache.class))
			.satisfies((remembered) -> assertThat(remembered.size()).isEqualTo(256));
		this.response.setContentType("image/png");
		assertThat(this.rules.ineligibility(HandlerCompression.SERVER_DEFAULTS, 200, this.fields))
			.isEqualTo(SkipReason.CONTENT_TYPE);
		this.response.setContentType("application/json; version=3");
		assertThat(this.rules.ineligibility(HandlerCompression.SERVER_DEFAULTS, 200, this.fields)).isNull();
	}

	@Test
	void skipsResponsesWithoutAContentType() {
		MockHttpServletResponse untyped = new MockHttpServletResponse();
		assertThat(this.rules.ineligibility(HandlerCompression.SERVER_DEFAULTS, 200, new ServletResponseFields(untyped)))
			.isEqualTo(SkipReason.CONTENT_TYPE);
	}

	@Test
	void followsTheModeForHandlersWithoutResolution() {
		assertThat(this.rules.ineligibility(null, 200, this.fields)).isEqualTo(SkipReason.NOT_ANNOTATED);
		ResponseEncodingRules all = new ResponseEncodingRules(settings(CompressionMode.ALL));
		assertThat(all.ineligibility(null, 200, this.fields)).isNull();
		assertThat(all.ineligibility(HandlerCompression.EXCLUDED, 200, this.fields))
			.isEqualTo(SkipReason.NOT_ANNOTATED);
	}

	@Test
	void decidesNotModifiedAsTheResponseItValidates() {
		MockHttpServletResponse notModified = new MockHttpServletResponse();
		notModified.setStatus(304);
		ResponseFields notModifiedFields = new ServletResponseFields(notModified);
		assertThat(this.rules.decideNotModified(HandlerCompression.SERVER_DEFAULTS, notModifiedFields, ANY).codec())
			.isSameAs(LZF);
		assertThat(this.rules.decideNotModified(HandlerCompression.SERVER_DEFAULTS, notModifiedFields,
				AcceptEncoding.parse((String) null)))
			.isEqualTo(ResponseEncodingDecision.identity(SkipReason.NOT_ACCEPTABLE, true));
		assertThat(this.rules.decideNotModified(HandlerCompression.EXCLUDED, notModifiedFields, ANY).varies())
			.isFalse();
		notModified.setContentType("image/png");
		assertThat(this.rules.decideNotModified(HandlerCompression.SERVER_DEFAULTS, notModifiedFields, ANY))
			.isEqualTo(ResponseEncodingDecision.identity(SkipReason.CONTENT_TYPE, false));
	}

	@Test
	void decidesNotModifiedForAResponseAlreadyEncodedOrNotToBeTransformedAsIdentityWithoutVary() {
		MockHttpServletResponse encoded = new MockHttpServletResponse();
		encoded.setStatus(304);
		encoded.setHeader("Content-Encoding", "br");
		assertThat(this.rules.decideNotModified(HandlerCompression.SERVER_DEFAULTS, new ServletResponseFields(encoded),
				ANY))
			.isEqualTo(ResponseEncodingDecision.identity(SkipReason.ALREADY_ENCODED, false));
		MockHttpServletResponse untransformable = new MockHttpServletResponse();
		untransformable.setStatus(304);
		untransformable.setHeader("Cache-Control", "no-transform");
		assertThat(this.rules.decideNotModified(HandlerCompression.SERVER_DEFAULTS,
				new ServletResponseFields(untransformable), ANY))
			.isEqualTo(ResponseEncodingDecision.identity(SkipReason.ALREADY_ENCODED, false));
	}

	private static MockHttpServletResponse jsonResponse() {
		MockHttpServletResponse response = new MockHttpServletResponse();
		response.setContentType("application/json");
		return response;
	}

	private static ServerCompressionSettings settings(CompressionMode mode) {
		return settings(mode, 4500);
	}

	private static ServerCompressionSettings settings(CompressionMode mode, long minResponseSize) {
		ContentCodecs codecs = ContentCodecs.of(LZF, GZIP, DEFLATE);
		return new ServerCompressionSettings(codecs, codecs.all(), mode, minResponseSize,
				List.of(MimeType.valueOf("application/json"), MimeType.valueOf("text/*")), List.of(), true,
				16 * 1024 * 1024, 2, true);
	}

}
