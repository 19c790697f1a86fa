package io.restcompress.internal.server;

import java.util.List;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.LzfCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EntityTagsTests {

	private static final List<ContentCodec> CODECS = List.of(new LzfCodec(), new GzipCodec(1));

	@Test
	void suffixesOnlyStrongTags() {
		assertThat(EntityTags.withCoding("\"v1\"", "gzip")).isEqualTo("\"v1-gzip\"");
		assertThat(EntityTags.withCoding(" \"v1\" ", "gzip")).isEqualTo("\"v1-gzip\"");
		assertThat(EntityTags.withCoding("W/\"v1\"", "gzip")).isEqualTo("W/\"v1\"");
		assertThat(EntityTags.withCoding("v1", "gzip")).isEqualTo("v1");
		assertThat(EntityTags.withCoding("\"", "gzip")).isEqualTo("\"");
	}

	@Test
	void removesTheSuffixesOfEveryListedTag() {
		assertThat(EntityTags.withoutCodings("\"a-gzip\", W/\"b-lzf\", \"c\", \"d-dcz\"", CODECS, true))
			.isEqualTo("\"a\", W/\"b\", \"c\", \"d\"");
	}

	@Test
	void removesADictionaryCodingsSuffixWithTheDictionarysHash() {
		assertThat(EntityTags.withoutCodings("\"a-dcz-0123abcd\", \"b-dcb-ffffffff\", \"c-dcz-xyz\"", CODECS, true))
			.isEqualTo("\"a\", \"b\", \"c-dcz-xyz\"");
	}

	@Test
	void keepsTheSuffixOfAWeakTagWhenAskedTo() {
		assertThat(EntityTags.withoutCodings("W/\"b-lzf\", \"a-gzip\"", CODECS, false)).isEqualTo("W/\"b-lzf\", \"a\"");
	}

	@Test
	void stripsWeakTagsOfIfNoneMatchOnlyWhichComparesWeakly() {
		assertThat(EntityTags.withoutCodings("if-none-match", "W/\"b-lzf\"", CODECS)).isEqualTo("W/\"b\"");
		assertThat(EntityTags.withoutCodings("If-Match", "W/\"b-lzf\", \"a-gzip\"", CODECS))
			.isEqualTo("W/\"b-lzf\", \"a\"");
	}

	@Test
	void namesIfNoneMatchAndIfMatchConditionalInAnyCase() {
		assertThat(EntityTags.isConditional("IF-NONE-MATCH")).isTrue();
		assertThat(EntityTags.isConditional("if-match")).isTrue();
		assertThat(EntityTags.isConditional("If-Range")).isFalse();
	}

	@Test
	void leavesUnknownSuffixesWildcardsAndAnUnclosedTagAsTheyAre() {
		assertThat(EntityTags.withoutCodings("\"a-br\"", CODECS, true)).isEqualTo("\"a-br\"");
		assertThat(EntityTags.withoutCodings("*", CODECS, true)).isEqualTo("*");
		assertThat(EntityTags.withoutCodings("\"a-gzip\", \"b-gzip", CODECS, true)).isEqualTo("\"a\", \"b-gzip");
		assertThat(EntityTags.withoutCodings(null, CODECS, true)).isNull();
	}

	@Test
	void findsATagNamedOnlyAsItIs() {
		assertThat(EntityTags.namesOnlyAsItIs(List.of("\"x\", \"s1\""), "\"s1\"", "gzip")).isTrue();
		assertThat(EntityTags.namesOnlyAsItIs(List.of("\"x\"", "W/\"s1\""), "\"s1\"", "gzip")).isTrue();
	}

	@Test
	void doesNotFindATagNamedWithItsSuffixTooOrNotAtAll() {
		assertThat(EntityTags.namesOnlyAsItIs(List.of("\"s1\"", "\"s1-gzip\""), "\"s1\"", "gzip")).isFalse();
		assertThat(EntityTags.namesOnlyAsItIs(List.of("\"s2\", \"s1"), "\"s1\"", "gzip")).isFalse();
		assertThat(EntityTags.namesOnlyAsItIs(List.of("\"s1\""), "W/\"s1\"", "gzip")).isFalse();
		assertThat(EntityTags.namesOnlyAsItIs(List.of("\"s1\""), null, "gzip")).isFalse();
	}

}
