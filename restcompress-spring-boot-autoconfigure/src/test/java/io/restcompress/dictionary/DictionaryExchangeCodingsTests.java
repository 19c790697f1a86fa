package io.restcompress.dictionary;

import java.time.Clock;
import java.time.Duration;

import io.restcompress.codec.ZstdCodec;
import io.restcompress.internal.server.ResponseFields;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpHeaders;
import org.springframework.web.method.HandlerMethod;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link DictionaryExchangeCodings}.
 */
class DictionaryExchangeCodingsTests {

	private static final ZstdCodec ZSTD = new ZstdCodec(3, ZstdCodec.DEFAULT_MAX_WINDOW);

	private final DictionaryExchangeCodings codings = new DictionaryExchangeCodings(
			new DictionaryStore(1024, 4096, 8, Duration.ofHours(1), Clock.systemUTC()),
			new DictionaryCodings(ZSTD, null), new DictionaryDeclarations(), null);

	@AfterAll
	static void freeContexts() {
		ZSTD.close();
	}

	@Test
	void announcesTheMatchBelowThePathToTheApplication() throws Exception {
		HttpHeaders headers = new HttpHeaders();
		this.codings.offer(feed(), "/app/feed", () -> "/app", (name) -> null, ResponseFields.of(headers));
		assertThat(headers.getFirst("Use-As-Dictionary")).isEqualTo("match=\"/app/feed*\"");
		assertThat(headers.getFirst("Vary")).isEqualTo("Available-Dictionary");
	}

	@Test
	void offersNoDictionaryWhenThePathToTheApplicationCannotBeWrittenIntoTheMatch() throws Exception {
		for (String applicationPath : new String[] { "/" + "a".repeat(1100), "/caf\u00e9" }) {
			HttpHeaders headers = new HttpHeaders();
			assertThat(this.codings.offer(feed(), applicationPath + "/feed", () -> applicationPath, (name) -> null,
					ResponseFields.of(headers)))
				.isEmpty();
			assertThat(headers.isEmpty()).isTrue();
		}
	}

	@Test
	void offersOnlyForHandlersThatAreDictionaries() throws Exception {
		assertThat(this.codings.offersFor(feed())).isTrue();
		assertThat(this.codings.offersFor(
				new HandlerMethod(new Handlers(), Handlers.class.getDeclaredMethod("plain"))))
			.isFalse();
		assertThat(this.codings.offersFor(new Object())).isFalse();
	}

	private static HandlerMethod feed() throws NoSuchMethodException {
		return new HandlerMethod(new Handlers(), Handlers.class.getDeclaredMethod("feed"));
	}

	static class Handlers {

		@DictionaryCompressed(match = "/feed*")
		String feed() {
			return "";
		}

		String plain() {
			return "";
		}

	}

}
