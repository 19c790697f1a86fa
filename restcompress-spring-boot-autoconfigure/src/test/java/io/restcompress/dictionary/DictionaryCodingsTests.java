package io.restcompress.dictionary;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

import io.restcompress.codec.BrotliCodec;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.DczCodec;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.ZstdCodec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.test.util.ReflectionTestUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link DictionaryCodings} and the {@code encodings} of {@link DictionaryCompressed}.
 */
class DictionaryCodingsTests {

	private static final ZstdCodec ZSTD = new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW);

	private static final BrotliCodec BROTLI = new BrotliCodec(4, BrotliCodec.DEFAULT_MAX_WINDOW);

	private static final byte[] CONTENT = "{\"a\":1}".getBytes();

	private static final StoredDictionary DICTIONARY = new StoredDictionary(CONTENT, DczCodec.sha256(CONTENT),
			MatchPattern.of("/api/*"), "");

	private static final List<DictionaryCodings.Coding> BOTH = List.of(DictionaryCodings.Coding.DCZ,
			DictionaryCodings.Coding.DCB);

	@AfterAll
	static void freeContexts() {
		ZSTD.close();
	}

	@Test
	void offersTheCodingsInTheOrderAsked() {
		DictionaryCodings codings = new DictionaryCodings(ZSTD, BROTLI);
		assertThat(codings.of(DICTIONARY, BOTH)).extracting(ContentCodec::coding).containsExactly("dcz", "dcb");
		assertThat(codings.of(DICTIONARY, List.of(DictionaryCodings.Coding.DCB))).extracting(ContentCodec::coding)
			.containsExactly("dcb");
	}

	@Test
	void makesTheCodecsOfADictionaryOnce() {
		DictionaryCodings codings = new DictionaryCodings(ZSTD, BROTLI);
		List<ContentCodec> first = codings.of(DICTIONARY, BOTH);
		List<ContentCodec> second = codings.of(DICTIONARY, BOTH);
		assertThat(second.get(0)).isSameAs(first.get(0));
		assertThat(second.get(1)).isSameAs(first.get(1));
	}

	@Test
	void makesTheCodecsOfABodyKeptUnderSeveralPatternsOnce() {
		DictionaryStore store = new DictionaryStore(100, 1000, 10, Duration.ofHours(1), Clock.systemUTC());
		StoredDictionary feed = store.store(CONTENT, MatchPattern.of("/api/feed*"), "");
		StoredDictionary orders = store.store(CONTENT, MatchPattern.of("/api/orders*"), "orders");
		assertThat(orders).isNotSameAs(feed);
		DictionaryCodings codings = new DictionaryCodings(ZSTD, BROTLI);
		List<ContentCodec> forFeed = codings.of(feed, BOTH);
		List<ContentCodec> forOrders = codings.of(orders, BOTH);
		assertThat(forOrders.get(0)).isSameAs(forFeed.get(0));
		assertThat(forOrders.get(1)).isSameAs(forFeed.get(1));
	}

	@Test
	void leavesOutDcbWithoutBrotli() {
		DictionaryCodings codings = DictionaryCodings.of(ContentCodecs.of(new GzipCodec(1), ZSTD));
		assertThat(codings.of(DICTIONARY, BOTH)).extracting(ContentCodec::coding).containsExactly("dcz");
		assertThat(codings.available(BOTH)).containsExactly(DictionaryCodings.Coding.DCZ);
	}

	@Test
	void findsZstdAndBrotliAmongCodecs() {
		DictionaryCodings codings = DictionaryCodings.of(ContentCodecs.of(new GzipCodec(1), BROTLI, ZSTD));
		assertThat(codings.of(DICTIONARY, BOTH)).extracting(ContentCodec::coding).containsExactly("dcz", "dcb");
	}

	@Test
	void usesTheCodecsOwnZstdCodec() {
		assertThat(DictionaryCodings.of(ContentCodecs.of(new GzipCodec(1), ZSTD))).extracting("zstd").isSameAs(ZSTD);
	}

	@Test
	void sharesOneZstdCodecAmongAllCodecSetsWithoutOne() {
		DictionaryCodings first = DictionaryCodings.of(ContentCodecs.of(new GzipCodec(1)));
		DictionaryCodings second = DictionaryCodings.of(ContentCodecs.of(new GzipCodec(1), BROTLI));
		assertThat(first).extracting("zstd")
			.isInstanceOf(ZstdCodec.class)
			.isNotSameAs(ZSTD)
			.isSameAs(ReflectionTestUtils.getField(second, "zstd"));
	}

	@Test
	void codingTokensAreCaseInsensitiveAndOthersAreRefused() {
		assertThat(DictionaryCodings.Coding.of(" DCB ")).isEqualTo(DictionaryCodings.Coding.DCB);
		assertThatIllegalArgumentException().isThrownBy(() -> DictionaryCodings.Coding.of("zstd"))
			.withMessageContaining("dcz and dcb");
	}

	@Test
	void annotationEncodingsBecomeTheDeclaredOrder() throws NoSuchMethodException {
		DictionaryCompressed annotation = Handlers.class.getDeclaredMethod("brotliFirst")
			.getAnnotation(DictionaryCompressed.class);
		assertThat(DictionaryDeclarations.Declaration.of(annotation).codings())
			.containsExactly(DictionaryCodings.Coding.DCB, DictionaryCodings.Coding.DCZ);
	}

	@Test
	void annotationWithoutEncodingsIsRefused() throws NoSuchMethodException {
		DictionaryCompressed annotation = Handlers.class.getDeclaredMethod("none")
			.getAnnotation(DictionaryCompressed.class);
		assertThatIllegalArgumentException().isThrownBy(() -> DictionaryDeclarations.Declaration.of(annotation))
			.withMessageContaining("at least one");
	}

	static class Handlers {

		@DictionaryCompressed(match = "/a*", encodings = { "dcb", "dcz", "dcb" })
		void brotliFirst() {
		}

		@DictionaryCompressed(match = "/a*", encodings = {})
		void none() {
		}

	}

}
