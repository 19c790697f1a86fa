package io.restcompress.codec;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class HeaderTokensTests {

	@Test
	void splitsAListIntoTrimmedMembers() {
		assertThat(HeaderTokens.splitList("gzip, deflate ,\tlzf;q=0.5")).containsExactly("gzip", "deflate",
				"lzf;q=0.5");
		assertThat(HeaderTokens.splitList("gzip")).containsExactly("gzip");
	}

	@Test
	void splitsNotAtACommaInsideAQuotedString() {
		assertThat(HeaderTokens.splitList("gzip;ext=\"x,y\";q=0, br")).containsExactly("gzip;ext=\"x,y\";q=0", "br");
		assertThat(HeaderTokens.splitList("a=\"x\\\",y\", b")).containsExactly("a=\"x\\\",y\"", "b");
		assertThat(HeaderTokens.splitList("a=\"open, b")).containsExactly("a=\"open, b");
	}

	@Test
	void dropsEmptyListMembers() {
		assertThat(HeaderTokens.splitList(",gzip,, ,deflate,")).containsExactly("gzip", "deflate");
		assertThat(HeaderTokens.splitList("")).isEmpty();
		assertThat(HeaderTokens.splitList(" , ,\t")).isEmpty();
	}

	@Test
	void keepsControlCharactersOtherThanTabsInMembers() {
		assertThat(HeaderTokens.splitList("gzip\u0000, \u000Bdeflate")).containsExactly("gzip\u0000", "\u000Bdeflate");
		assertThat(HeaderTokens.contentCodings(List.of("gzip\u0000"))).containsExactly("gzip\u0000");
	}

	@Test
	void listsContentCodingsInTheOrderTheyWereApplied() {
		assertThat(HeaderTokens.contentCodings(List.of("deflate, lzf"))).containsExactly("deflate", "lzf");
		assertThat(HeaderTokens.contentCodings(List.of("gzip", "lzf, deflate"))).containsExactly("gzip", "lzf",
				"deflate");
	}

	@Test
	void lowerCasesContentCodings() {
		assertThat(HeaderTokens.contentCodings(List.of("GZIP, X-Gzip", "LZF"))).containsExactly("gzip", "x-gzip",
				"lzf");
	}

	@Test
	void dropsIdentityFromContentCodings() {
		assertThat(HeaderTokens.contentCodings(List.of("identity, gzip", "IDENTITY", "Identity")))
			.containsExactly("gzip");
		assertThat(HeaderTokens.contentCodings(List.of("identity"))).isEmpty();
	}

	@Test
	void findsNoContentCodingsInEmptyOrAbsentFields() {
		assertThat(HeaderTokens.contentCodings(List.of())).isEmpty();
		assertThat(HeaderTokens.contentCodings(List.of("", " , "))).isEmpty();
	}

	@Test
	void keepsUnknownContentCodingsSoThatTheyCanBeRejected() {
		assertThat(HeaderTokens.contentCodings(List.of("gzip, foo"))).containsExactly("gzip", "foo");
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip", "x-gzip", "*", "br", "A1", "!#$%&'*+-.^_`|~" })
	void acceptsTokens(String candidate) {
		assertThat(HeaderTokens.isToken(candidate)).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "", " ", "gz ip", "\"gzip\"", "gzip;q=1", "a,b", "a/b", "(x)", "\u00fcber", "a\u0000",
			"gzip\t", "a=b", "{x}", "a@b" })
	void rejectsNonTokens(String candidate) {
		assertThat(HeaderTokens.isToken(candidate)).isFalse();
	}

}
