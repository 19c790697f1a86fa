package io.restcompress.server;

import java.util.List;

import io.restcompress.codec.GzipCodec;
import io.restcompress.internal.server.EncodingHeaders;
import io.restcompress.internal.server.ResponseEncodingDecision;
import io.restcompress.internal.server.ResponseFields;
import io.restcompress.metrics.SkipReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Unit tests of {@link EncodingHeaders}: the header fields a decision implies.
 */
class EncodingHeadersTests {

	private static final ResponseEncodingDecision GZIP = ResponseEncodingDecision.encode(new GzipCodec(1));

	private final MockHttpServletResponse response = new MockHttpServletResponse();

	private final ResponseFields fields = new ServletResponseFields(this.response);

	@Test
	void describesAnEncodedRepresentation() {
		this.response.setHeader("ETag", "\"v1\"");
		this.response.setHeader("Accept-Ranges", "bytes");
		this.response.setContentLength(10_000);
		this.response.addHeader("Vary", "Origin");
		EncodingHeaders.apply(GZIP, this.fields);
		assertThat(this.response.getHeader("Content-Encoding")).isEqualTo("gzip");
		assertThat(this.response.getHeader("ETag")).isEqualTo("\"v1-gzip\"");
		assertThat(this.response.containsHeader("Accept-Ranges")).isFalse();
		assertThat(this.response.getContentLengthLong()).isEqualTo(-1);
		assertThat(this.response.getHeaders("Vary")).containsExactly("Origin, Accept-Encoding");
	}

	@Test
	void addsOnlyVaryToAnIdentityRepresentationThatCouldHaveBeenEncoded() {
		this.response.setHeader("ETag", "\"v1\"");
		this.response.setContentLength(10_000);
		EncodingHeaders.apply(ResponseEncodingDecision.identity(SkipReason.NOT_ACCEPTABLE, true), this.fields);
		assertThat(this.response.getHeader("Vary")).isEqualTo("Accept-Encoding");
		assertThat(this.response.getHeader("ETag")).isEqualTo("\"v1\"");
		assertThat(this.response.getContentLengthLong()).isEqualTo(10_000);
		assertThat(this.response.containsHeader("Content-Encoding")).isFalse();
	}

	@Test
	void leavesAResponseThatNeverVariesAlone() {
		EncodingHeaders.apply(ResponseEncodingDecision.identity(SkipReason.CONTENT_TYPE, false), this.fields);
		assertThat(this.response.getHeaderNames()).isEmpty();
	}

	@Test
	void givesNotModifiedTheVaryAndTagButNoRepresentationMetadata() {
		this.response.setStatus(304);
		this.response.setHeader("ETag", "\"v1\"");
		this.response.setHeader("Content-Type", "application/json");
		EncodingHeaders.applyToNotModified(GZIP, this.fields, List.of("\"v1-gzip\""));
		assertThat(this.response.getHeader("ETag")).isEqualTo("\"v1-gzip\"");
		assertThat(this.response.getHeader("Vary")).isEqualTo("Accept-Encoding");
		assertThat(this.response.containsHeader("Content-Encoding")).isFalse();
		assertThat(this.response.getHeader("Content-Type")).isNull();
	}

	@ParameterizedTest
	@ValueSource(strings = { "\"v1\"", "W/\"v1\"", "\"a\", \"v1\"", "\"v1\", \"v1-br\"" })
	void keepsTheTagOfANotModifiedForTheRepresentationAClientHoldsAsItIs(String ifNoneMatch) {
		this.response.setStatus(304);
		this.response.setHeader("ETag", "\"v1\"");
		EncodingHeaders.applyToNotModified(GZIP, this.fields, List.of(ifNoneMatch));
		assertThat(this.response.getHeader("ETag")).isEqualTo("\"v1\"");
		assertThat(this.response.getHeader("Vary")).isEqualTo("Accept-Encoding");
	}

	@ParameterizedTest
	@ValueSource(strings = { "\"v1-gzip\"", "\"v1\", \"v1-gzip\"", "*", "\"v1-lzf\"", "" })
	void suffixesTheTagOfANotModifiedForAnyOtherValidator(String ifNoneMatch) {
		this.response.setStatus(304);
		this.response.setHeader("ETag", "\"v1\"");
		EncodingHeaders.applyToNotModified(GZIP, this.fields, ifNoneMatch.isEmpty() ? List.of() : List.of(ifNoneMatch));
		assertThat(this.response.getHeader("ETag")).isEqualTo("\"v1-gzip\"");
	}

	@Test
	void leavesWeakTagsAlone() {
		this.response.setHeader("ETag", "W/\"v1\"");
		EncodingHeaders.apply(GZIP, this.fields);
		assertThat(this.response.getHeader("ETag")).isEqualTo("W/\"v1\"");
	}

}
