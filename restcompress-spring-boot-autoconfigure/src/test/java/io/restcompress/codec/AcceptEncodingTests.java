package io.restcompress.codec;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;

class AcceptEncodingTests {

	private static final ContentCodec LZF = new LzfCodec();

	private static final ContentCodec GZIP = new GzipCodec(1);

	private static final ContentCodec DEFLATE = new DeflateCodec(6);

	private static final List<ContentCodec> SERVER_ORDER = List.of(LZF, GZIP, DEFLATE);

	@Test
	void acceptsIdentityUnlessItOrTheWildcardIsGivenWeightZero() {
		assertThat(AcceptEncoding.parse("gzip").acceptsIdentity()).isTrue();
		assertThat(AcceptEncoding.parse("").acceptsIdentity()).isTrue();
		assertThat(AcceptEncoding.parse((String) null).acceptsIdentity()).isTrue();
		assertThat(AcceptEncoding.parse("gzip, identity;q=0").acceptsIdentity()).isFalse();
		assertThat(AcceptEncoding.parse("gzip, *;q=0").acceptsIdentity()).isFalse();
		assertThat(AcceptEncoding.parse("gzip, identity;q=0.1, *;q=0").acceptsIdentity()).isTrue();
		assertThat(AcceptEncoding.parse("*;q=0.5").acceptsIdentity()).isTrue();
	}

	@Test
	void selectsTheSupportedCodingOfCompressAndGzip() {
		assertThat(select("compress, gzip")).contains(GZIP);
	}

	@Test
	void selectsIdentityForAnEmptyValue() {
		AcceptEncoding empty = AcceptEncoding.parse("");
		assertThat(empty.isPresent()).isTrue();
		assertThat(empty.select(SERVER_ORDER)).isEmpty();
	}

	@Test
	void selectsTheMostPreferredRegisteredCodingForAWildcard() {
		assertThat(select("*")).contains(GZIP);
	}

	@Test
	void selectsTheCodingWithTheHigherWeight() {
		assertThat(select("compress;q=0.5, gzip;q=1.0")).contains(GZIP);
		assertThat(select("gzip;q=0.5, deflate;q=0.8")).contains(DEFLATE);
		assertThat(select("gzip;q=0.001, deflate;q=0")).contains(GZIP);
		assertThat(select("lzf;q=0.5, *")).contains(GZIP);
	}

	@Test
	void selectsGzipWhenIdentityIsLessPreferredAndEverythingElseExcluded() {
		AcceptEncoding field = AcceptEncoding.parse("gzip;q=1.0, identity; q=0.5, *;q=0");
		assertThat(field.select(SERVER_ORDER)).contains(GZIP);
		assertThat(field.weightOf(GZIP)).isEqualTo(1000);
		assertThat(field.weightOf(DEFLATE)).isZero();
		assertThat(field.weightOf(LZF)).isZero();
	}

	@ParameterizedTest
	@ValueSource(strings = { "GZIP", "Gzip", "gZiP;Q=0.5", "x-GZIP", "compress, GZip;q=1" })
	void matchesCodingsAndWeightsIgnoringCase(String value) {
		assertThat(select(value)).contains(GZIP);
	}

	@Test
	void matchesLzfIgnoringCase() {
		assertThat(select("LZF")).contains(LZF);
	}

	@Test
	void readsWeightsInThousandths() {
		assertThat(AcceptEncoding.parse("gzip;q=0.5").weightOf(GZIP)).isEqualTo(500);
		assertThat(AcceptEncoding.parse("gzip;q=0.12").weightOf(GZIP)).isEqualTo(120);
		assertThat(AcceptEncoding.parse("gzip;q=0.007").weightOf(GZIP)).isEqualTo(7);
		assertThat(AcceptEncoding.parse("gzip;q=1.").weightOf(GZIP)).isEqualTo(1000);
		assertThat(AcceptEncoding.parse("gzip;q=1.000").weightOf(GZIP)).isEqualTo(1000);
		assertThat(AcceptEncoding.parse("gzip;q=0.").weightOf(GZIP)).isZero();
		assertThat(AcceptEncoding.parse("gzip").weightOf(GZIP)).isEqualTo(1000);
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip;q=0", "gzip;q=0.0", "gzip;q=0.000", "gzip;Q=0", "gzip; q=0" })
	void excludesACodingWithZeroWeight(String value) {
		assertThat(select(value)).isEmpty();
	}

	@Test
	void excludesAZeroWeightCodingThatTheWildcardWouldMatch() {
		assertThat(select("*, gzip;q=0")).contains(DEFLATE);
		assertThat(select("gzip;q=0, deflate")).contains(DEFLATE);
		assertThat(select("*;q=0")).isEmpty();
	}

	@Test
	void neverSelectsAnUnregisteredCodingForTheWildcard() {
		AcceptEncoding wildcard = AcceptEncoding.parse("*");
		assertThat(wildcard.weightOf(LZF)).isZero();
		assertThat(wildcard.select(List.of(LZF))).isEmpty();
		assertThat(wildcard.select(List.of(LZF, DEFLATE))).contains(DEFLATE);
	}

	@Test
	void selectsAnUnregisteredCodingThatIsNamed() {
		assertThat(select("lzf")).contains(LZF);
		assertThat(select("gzip, lzf, *")).contains(LZF);
		assertThat(AcceptEncoding.parse("lzf;q=0.3").weightOf(LZF)).isEqualTo(300);
	}

	@Test
	void breaksTiesByServerPreference() {
		assertThat(select("deflate, gzip")).contains(GZIP);
		assertThat(select("deflate;q=0.5, gzip;q=0.5, lzf;q=0.5")).contains(LZF);
		assertThat(AcceptEncoding.parse("gzip, deflate").select(List.of(DEFLATE, GZIP))).contains(DEFLATE);
		assertThat(AcceptEncoding.parse("*").select(List.of(DEFLATE, LZF, GZIP))).contains(DEFLATE);
	}

	@Test
	void prefersExplicitIdentityOverCodingsWithALowerWeight() {
		assertThat(select("identity, gzip;q=0.5")).isEmpty();
		assertThat(select("IDENTITY;q=0.9, *;q=0.8")).isEmpty();
		assertThat(select("identity;q=0.5, gzip;q=0.5")).contains(GZIP);
		assertThat(select("identity;q=0.5, gzip")).contains(GZIP);
		assertThat(select("identity;q=0, gzip;q=0.1")).contains(GZIP);
	}

	@Test
	void selectsIdentityWhenNothingAcceptableIsEnabled() {
		assertThat(select("br, zstd, compress")).isEmpty();
		assertThat(AcceptEncoding.parse("gzip").select(List.of())).isEmpty();
	}

	@Test
	void matchesTheXGzipAlias() {
		assertThat(select("x-gzip")).contains(GZIP);
		assertThat(select("x-gzip;q=0.5, deflate;q=0.4")).contains(GZIP);
		assertThat(AcceptEncoding.parse("x-gzip;q=0.25").weightOf(GZIP)).isEqualTo(250);
	}

	@Test
	void combinesSeveralFieldLines() {
		assertThat(AcceptEncoding.parse(List.of("deflate;q=0.5", "gzip")).select(SERVER_ORDER)).contains(GZIP);
		assertThat(AcceptEncoding.parse(List.of("gzip;q=0", "deflate")).select(SERVER_ORDER)).contains(DEFLATE);
		assertThat(AcceptEncoding.parse(List.of("", "lzf")).select(SERVER_ORDER)).contains(LZF);
		assertThat(AcceptEncoding.parse(List.of("", "")).isPresent()).isTrue();
	}

	@Test
	void selectsNothingWhenTheFieldIsAbsent() {
		AcceptEncoding absent = AcceptEncoding.parse((String) null);
		assertThat(absent.isPresent()).isFalse();
		assertThat(absent.select(SERVER_ORDER)).isEmpty();
		assertThat(AcceptEncoding.parse(List.of()).isPresent()).isFalse();
		assertThat(AcceptEncoding.parse(List.of()).select(SERVER_ORDER)).isEmpty();
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip;q=2", "gzip;q=1.5", "gzip;q=1.001", "gzip;q=0.1234", "gzip;q=abc", "gzip;q=",
			"gzip;q=-1", "gzip;q=.5", "gzip;q=0.5e0", "gzip;q=0,5", "gzip;q=0.5 0", "gzip;q", "gzip;q=0.5;q=3" })
	void excludesACodingWithAMalformedWeight(String value) {
		AcceptEncoding field = AcceptEncoding.parse(value + ", deflate;q=0.1");
		assertThat(field.weightOf(GZIP)).isZero();
		assertThat(field.select(SERVER_ORDER)).contains(DEFLATE);
		assertThat(AcceptEncoding.parse(value + ", *").select(SERVER_ORDER)).contains(DEFLATE);
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip;q=0;q=1", "gzip;q=0;q=0.5", "gzip;q=0;foo=bar;q=1", "gzip;q=1;q=0",
			"gzip;q=0.5;Q=0.5" })
	void excludesACodingWithMoreThanOneWeight(String value) {
		AcceptEncoding field = AcceptEncoding.parse(value + ", deflate;q=0.1");
		assertThat(field.weightOf(GZIP)).isZero();
		assertThat(field.select(SERVER_ORDER)).contains(DEFLATE);
	}

	@Test
	void excludesEveryCodingThatAWildcardWithMoreThanOneWeightCovers() {
		assertThat(select("*;q=0;q=1")).isEmpty();
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip;q = 0", "gzip; q =0", "gzip;q= 0", "gzip ; Q = 0.000" })
	void readsAZeroWeightWrittenWithSpacesAroundTheEqualsSign(String value) {
		assertThat(select(value)).isEmpty();
	}

	@ParameterizedTest
	@ValueSource(strings = { "gz ip", "gzip deflate", "\"gzip\"", "@@@", "g(zip)", "gzip/1", "gzip=1", "=", "q=1",
			"\u00fcber", "gzip\u0000", "\t", "\u2028" })
	void ignoresGarbageTokens(String value) {
		AcceptEncoding field = AcceptEncoding.parse(value + ", deflate;q=0.1");
		assertThat(field.isPresent()).isTrue();
		assertThat(field.select(SERVER_ORDER)).contains(DEFLATE);
	}

	@ParameterizedTest
	@ValueSource(strings = { ",,gzip,,", ", gzip", "gzip,", "gzip;", "gzip;;", ";gzip, gzip", "gzip;;q=1",
			" , ; ,gzip", "gzip;foo=bar", "gzip;q=1;foo" })
	void toleratesStrayCommasAndSemicolons(String value) {
		assertThat(select(value)).contains(GZIP);
	}

	@ParameterizedTest
	@ValueSource(strings = { ",", ";", ";;;", ", ;q=1", ";q=1", ",,,,", " ", "*;", "identity;q=abc" })
	void parsesEmptyOrBrokenListsWithoutFailing(String value) {
		assertThatNoException().isThrownBy(() -> AcceptEncoding.parse(value).select(SERVER_ORDER));
		assertThat(AcceptEncoding.parse(value).isPresent()).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "deflate;q=0.1, gzip;ext=\"x,y\";q=0", "deflate;q=0.1, gzip;ext=\"x\\\",y\";q=0",
			"deflate;q=0.1, gzip;ext=\"a;q=1\";q=0" })
	void readsACommaInsideAQuotedParameterAsPartOfTheElement(String value) {
		assertThat(select(value)).contains(DEFLATE);
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip;q=0;ext=\"x;q=1;y\", deflate;q=0.1", "gzip;q=0;ext=\"x;q=1\", *",
			"gzip;ext=\"a;q=0\";q=0, deflate;q=0.1", "gzip;q=0;ext=\"\\\";q=1\", *" })
	void readsASemicolonInsideAQuotedParameterAsPartOfTheParameter(String value) {
		assertThat(select(value)).contains(DEFLATE);
	}

	@Test
	void keepsAWeightThatOnlyAQuotedParameterSeemsToChange() {
		assertThat(AcceptEncoding.parse("gzip;ext=\"q=0;q=0\"").weightOf(GZIP)).isEqualTo(1000);
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip;q=0, x-gzip", "x-gzip;q=0, gzip;q=0.5", "x-gzip, gzip;q=0" })
	void letsAZeroWeightUnderAnAliasWin(String value) {
		assertThat(AcceptEncoding.parse(value + ", deflate;q=0.1").select(SERVER_ORDER)).contains(DEFLATE);
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip;q=0, gzip;q=0.5", "gzip;q=0.5, gzip;q=0", "gzip, GZIP;q=0" })
	void letsAZeroWeightWinOverTheSameCodingListedAgain(String value) {
		assertThat(AcceptEncoding.parse(value + ", deflate;q=0.1").select(SERVER_ORDER)).contains(DEFLATE);
	}

	@Test
	void takesTheHighestOfSeveralNonZeroWeights() {
		assertThat(AcceptEncoding.parse("gzip;q=0.2, gzip;q=0.9").weightOf(GZIP)).isEqualTo(900);
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip;q=0.9, x-gzip;q=0.1", "x-gzip;q=0.9, gzip;q=0.1" })
	void takesTheHigherWeightOfACodingAndItsAlias(String value) {
		assertThat(AcceptEncoding.parse(value).weightOf(GZIP)).isEqualTo(900);
		assertThat(AcceptEncoding.parse(value + ", deflate;q=0.5").select(SERVER_ORDER)).contains(GZIP);
	}

	@Test
	void parsesAVeryLongFieldWithoutFailing() {
		String value = "br;q=0.1, ".repeat(10_000) + "gzip;q=0.2";
		assertThat(select(value)).contains(GZIP);
	}

	private static Optional<ContentCodec> select(String value) {
		return AcceptEncoding.parse(value).select(SERVER_ORDER);
	}

}
