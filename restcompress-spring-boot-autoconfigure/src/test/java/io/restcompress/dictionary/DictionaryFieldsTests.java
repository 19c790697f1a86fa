package io.restcompress.dictionary;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The RFC 9842 header fields as structured fields.
 */
class DictionaryFieldsTests {

	@Test
	void useAsDictionaryIsADictionaryWithMatchAndId() {
		assertThat(DictionaryFields.useAsDictionary(MatchPattern.of("/api/feed*"), "")).isEqualTo("match=\"/api/feed*\"");
		assertThat(DictionaryFields.useAsDictionary(MatchPattern.of("/a"), "v\"1\\")).isEqualTo("match=\"/a\", id=\"v\\\"1\\\\\"");
	}

	@Test
	void readsUseAsDictionaryWithOtherMembersAndParameters() {
		assertThat(DictionaryFields.parseUseAsDictionary("match-dest=(\"document\" \"frame\"), match=\"/api/*\""))
			.isEqualTo(new DictionaryFields.Announcement("/api/*", ""));
		assertThat(DictionaryFields.parseUseAsDictionary("match=\"/api/*\", id=\"x, y\";p=1, flag"))
			.isEqualTo(new DictionaryFields.Announcement("/api/*", "x, y"));
		assertThat(DictionaryFields.parseUseAsDictionary("match=\"/api/\\\"q\\\"*\""))
			.isEqualTo(new DictionaryFields.Announcement("/api/\"q\"*", ""));
	}

	@Test
	void useAsDictionaryWithoutMatchOrOfAnotherTypeAnnouncesNothing() {
		assertThat(DictionaryFields.parseUseAsDictionary("id=\"x\"")).isNull();
		assertThat(DictionaryFields.parseUseAsDictionary("match=/api")).isNull();
		assertThat(DictionaryFields.parseUseAsDictionary("match=\"/api\", type=zstd")).isNull();
		assertThat(DictionaryFields.parseUseAsDictionary("match=\"/api")).isNull();
		assertThat(DictionaryFields.parseUseAsDictionary(null)).isNull();
	}

	@Test
	void availableDictionaryIsAByteSequenceOfTheHash() {
		byte[] hash = new byte[32];
		hash[0] = (byte) 0xff;
		String field = DictionaryFields.availableDictionary(hash);
		assertThat(field).isEqualTo(":/w" + "A".repeat(41) + "=:");
		assertThat(DictionaryFields.parseAvailableDictionary(" " + field + " ")).isEqualTo(hash);
	}

	@Test
	void availableDictionaryThatIsNotA32ByteSequenceIsIgnored() {
		assertThat(DictionaryFields.parseAvailableDictionary(":AAAA:")).isNull();
		assertThat(DictionaryFields.parseAvailableDictionary("/wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")).isNull();
		assertThat(DictionaryFields.parseAvailableDictionary(":not base64!:")).isNull();
		assertThat(DictionaryFields.parseAvailableDictionary(":")).isNull();
		assertThat(DictionaryFields.parseAvailableDictionary(null)).isNull();
	}

	@Test
	void identifiersMustBePrintableAscii() {
		assertThat(DictionaryFields.dictionaryId("feed")).isEqualTo("\"feed\"");
		assertThatIllegalArgumentException().isThrownBy(() -> DictionaryFields.dictionaryId("caf\u00e9"));
		assertThatIllegalArgumentException().isThrownBy(() -> DictionaryFields.dictionaryId("x".repeat(1025)));
	}

	@Test
	void matchPatternsArePathsWithWildcardsOnly() {
		MatchPattern pattern = MatchPattern.of("/api/*/items*");
		assertThat(pattern.matches("/api/v1/items")).isTrue();
		assertThat(pattern.matches("/api/v1/items/7")).isTrue();
		assertThat(pattern.matches("/api/v1/other")).isFalse();
		assertThat(MatchPattern.of("/a.b").matches("/aXb")).isFalse();
		assertThatIllegalArgumentException().isThrownBy(() -> MatchPattern.of("api/*"));
		assertThatIllegalArgumentException().isThrownBy(() -> MatchPattern.of("/api/:id"));
		assertThatIllegalArgumentException().isThrownBy(() -> MatchPattern.of("/api/(\\d+)"));
		assertThatIllegalArgumentException().isThrownBy(() -> MatchPattern.of("https://other.example/api"));
	}

	/**
	 * RFC 8941: a field that does not parse is ignored whole; RFC 9842: an {@code id} of at
	 * most 1024 characters.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "match=\"/a*\", 1x=2", "match=\"/a*\", _k=1", "match=\"/a*\";;, id=\"x\"",
			"match=\"/a*\", id=\"\\q\"", "match=\"/a*\", id=\"caf\u00e9\"", "match=\"/a*\", id=\"a\tb\"",
			"match=\"/a\u00e9*\"" })
	void ignoresAUseAsDictionaryThatIsNotAStructuredFieldDictionary(String value) {
		assertThat(DictionaryFields.parseUseAsDictionary(value)).isNull();
	}

	@Test
	void ignoresAUseAsDictionaryWhoseIdIsTooLongToSendBack() {
		assertThat(DictionaryFields.parseUseAsDictionary("match=\"/a*\", id=\"" + "a".repeat(1025) + "\""))
			.isNull();
		assertThat(DictionaryFields.parseUseAsDictionary("match=\"/a*\", id=\"" + "a".repeat(1024) + "\""))
			.isNotNull();
		assertThat(DictionaryFields.parseUseAsDictionary("match=\"/a*\", id=\"say \\\"hi\\\"\"").id())
			.isEqualTo("say \"hi\"");
	}

}
