package io.restcompress.dictionary;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import io.restcompress.codec.DczCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The server's bounded store of dictionaries.
 */
class DictionaryStoreTests {

	private static final MatchPattern FEED = MatchPattern.of("/api/feed*");

	private final MutableClock clock = new MutableClock();

	@Test
	void findsAStoredDictionaryByItsHashForAMatchingPath() {
		DictionaryStore store = store(100, 1000, 10);
		StoredDictionary stored = store.store(bytes("version one"), FEED, "feed");
		assertThat(store.find(DczCodec.sha256(bytes("version one")), "/api/feed")).isSameAs(stored);
		assertThat(store.find(DczCodec.sha256(bytes("version one")), "/api/feed/2")).isSameAs(stored);
		assertThat(stored.id()).isEqualTo("feed");
	}

	@Test
	void findsAServersDictionaryOnlyForTheScopesThatStoredIt() {
		DictionaryStore store = store(100, 1000, 10);
		byte[] hash = DczCodec.sha256(bytes("version one"));
		StoredDictionary stored = store.storeForScope("scope:alice", bytes("version one"), FEED, "feed");
		assertThat(store.findForScope("scope:alice", hash, "/api/feed")).isSameAs(stored);
		assertThat(store.findForScope("scope:bob", hash, "/api/feed")).isNull();
		assertThat(store.find(hash, "/api/feed")).as("the shared scope").isNull();
		assertThat(store.storeForScope("scope:bob", bytes("version one"), FEED, "feed")).isSameAs(stored);
		assertThat(store.findForScope("scope:bob", hash, "/api/feed")).isSameAs(stored);
		assertThat(store.findForScope("scope:alice", hash, "/api/feed")).isSameAs(stored);
	}

	@Test
	void findsABodyAlsoKeptWithoutAScopeForEveryScope() {
		DictionaryStore store = store(100, 1000, 10);
		byte[] hash = DczCodec.sha256(bytes("version one"));
		store.storeForScope("scope:alice", bytes("version one"), FEED, "");
		store.store(bytes("version one"), FEED, "");
		assertThat(store.find(hash, "/api/feed")).isNotNull();
		assertThat(store.findForScope("scope:bob", hash, "/api/feed")).isNotNull();
		store.storeForScope("scope:carol", bytes("version one"), FEED, "");
		assertThat(store.findForScope("scope:bob", hash, "/api/feed")).isNotNull();
	}

	/**
	 * A client that makes up a new scope for every request (a new cookie each time) adds no
	 * dictionary and evicts none: a body is kept once, whatever the number of its scopes.
	 */
	@Test
	void keepsABodyOnceForAnyNumberOfScopesAndEvictsNothingForNewOnes() {
		DictionaryStore store = store(100, 1000, 2);
		byte[] alices = DczCodec.sha256(bytes("alice's version"));
		store.storeForScope("scope:alice", bytes("alice's version"), FEED, "");
		store.storeForScope("scope:bob", bytes("bob's version"), FEED, "");
		for (int i = 0; i < 1000; i++) {
			store.storeForScope("scope:junk-" + i, bytes("bob's version"), FEED, "");
		}
		assertThat(store.size()).isEqualTo(2);
		assertThat(store.findForScope("scope:alice", alices, "/api/feed")).isNotNull();
		assertThat(store.findForScope("scope:junk-999", DczCodec.sha256(bytes("bob's version")), "/api/feed"))
			.isNotNull();
		assertThat(store.findForScope("scope:bob", DczCodec.sha256(bytes("bob's version")), "/api/feed"))
			.as("pushed out by the 256 scopes that stored it since")
			.isNull();
	}

	@Test
	void doesNotFindADictionaryForAPathOutsideItsPattern() {
		DictionaryStore store = store(100, 1000, 10);
		store.store(bytes("version one"), FEED, "");
		assertThat(store.find(DczCodec.sha256(bytes("version one")), "/api/orders")).isNull();
	}

	@Test
	void doesNotFindAnUnknownHash() {
		DictionaryStore store = store(100, 1000, 10);
		store.store(bytes("version one"), FEED, "");
		assertThat(store.find(new byte[32], "/api/feed")).isNull();
	}

	@Test
	void refusesBodiesLargerThanTheLargestDictionaryAndEmptyOnes() {
		DictionaryStore store = store(10, 1000, 10);
		assertThat(store.store(bytes("eleven byte"), FEED, "")).isNull();
		assertThat(store.store(new byte[0], FEED, "")).isNull();
		assertThat(store.store(bytes("ten bytes!"), FEED, "")).isNotNull();
		assertThat(store.size()).isOne();
	}

	@Test
	void evictsTheLeastRecentlyUsedWhenTheEntryCountIsReached() {
		DictionaryStore store = store(100, 1000, 2);
		store.store(bytes("one"), FEED, "");
		store.store(bytes("two"), FEED, "");
		store.find(DczCodec.sha256(bytes("one")), "/api/feed");
		store.store(bytes("three"), FEED, "");
		assertThat(store.find(DczCodec.sha256(bytes("one")), "/api/feed")).isNotNull();
		assertThat(store.find(DczCodec.sha256(bytes("two")), "/api/feed")).isNull();
		assertThat(store.size()).isEqualTo(2);
	}

	@Test
	void countsADictionaryOfferedToAClientAsUsed() {
		DictionaryStore store = store(100, 1000, 2);
		store.store("https://example.com", bytes("one"), MatchPattern.of("/a/*"), "");
		store.store("https://example.com", bytes("two"), MatchPattern.of("/b/*"), "");
		assertThat(store.best("https://example.com", "/a/1").content()).isEqualTo(bytes("one"));
		store.store("https://example.com", bytes("three"), MatchPattern.of("/c/*"), "");
		assertThat(store.best("https://example.com", "/a/1")).isNotNull();
		assertThat(store.best("https://example.com", "/b/1")).isNull();
	}

	@Test
	void evictsTheLeastRecentlyUsedWhenTheTotalSizeIsReached() {
		DictionaryStore store = store(10, 25, 10);
		store.store(bytes("0123456789"), FEED, "");
		store.store(bytes("abcdefghij"), FEED, "");
		store.store(bytes("ABCDEFGHIJ"), FEED, "");
		assertThat(store.totalSize()).isEqualTo(20);
		assertThat(store.find(DczCodec.sha256(bytes("0123456789")), "/api/feed")).isNull();
	}

	@Test
	void storingTheSameBodyAgainKeepsOneEntry() {
		DictionaryStore store = store(100, 1000, 10);
		store.store(bytes("same"), FEED, "");
		store.store(bytes("same"), FEED, "");
		assertThat(store.size()).isOne();
		assertThat(store.totalSize()).isEqualTo(4);
	}

	@Test
	void storingTheSameBodyAgainKeepsTheDictionaryAlreadyKeptSoWhatWasPreparedForItStays() {
		DictionaryStore store = store(100, 1000, 10);
		StoredDictionary first = store.store(bytes("same"), FEED, "");
		assertThat(store.store(bytes("same"), FEED, "")).isSameAs(first);
		assertThat(store.find(DczCodec.sha256(bytes("same")), "/api/feed")).isSameAs(first);
	}

	@Test
	void storingTheSameBodyUnderTheSamePatternWithAnotherIdentifierReplacesTheDictionary() {
		DictionaryStore store = store(100, 1000, 10);
		StoredDictionary first = store.store(bytes("same"), FEED, "");
		StoredDictionary renamed = store.store(bytes("same"), FEED, "v2");
		assertThat(renamed).isNotSameAs(first);
		assertThat(renamed.id()).isEqualTo("v2");
		assertThat(store.find(DczCodec.sha256(bytes("same")), "/api/feed")).isSameAs(renamed);
	}

	@Test
	void findsTheSameBodyStoredUnderTwoPatternsForThePathsOfEither() {
		DictionaryStore store = store(100, 1000, 10);
		byte[] hash = DczCodec.sha256(bytes("[]"));
		StoredDictionary feed = store.store(bytes("[]"), FEED, "feed");
		StoredDictionary orders = store.store(bytes("[]"), MatchPattern.of("/api/orders*"), "orders");
		assertThat(store.find(hash, "/api/feed")).isSameAs(feed);
		assertThat(store.find(hash, "/api/orders")).isSameAs(orders);
		assertThat(orders.content()).isSameAs(feed.content());
		assertThat(store.size()).isOne();
		assertThat(store.totalSize()).isEqualTo(2);
		assertThat(store.store(bytes("[]"), FEED, "feed")).isSameAs(feed);
	}

	@Test
	void offersTheUseWithTheLongestMatchingPatternOfABodyKeptUnderSeveral() {
		DictionaryStore store = store(100, 1000, 10);
		store.store("https://example.com", bytes("[]"), MatchPattern.of("/api/*"), "wide");
		store.store("https://example.com", bytes("[]"), MatchPattern.of("/api/orders/*"), "narrow");
		store.store("https://example.com", bytes("[]"), MatchPattern.of("/api/*"), "wide");
		assertThat(store.best("https://example.com", "/api/orders/1").id()).isEqualTo("narrow");
		assertThat(store.best("https://example.com", "/api/feed").id()).isEqualTo("wide");
	}

	@Test
	void offersTheBodyStoredLastUnderAPatternThoughAnotherWasStoredSinceUnderAnotherPattern() {
		DictionaryStore store = store(100, 1000, 10);
		store.store("https://example.com", bytes("x"), MatchPattern.of("/a/*"), "");
		store.store("https://example.com", bytes("x"), MatchPattern.of("/b/*"), "");
		this.clock.advance(Duration.ofSeconds(1));
		store.store("https://example.com", bytes("y"), MatchPattern.of("/a/*"), "");
		this.clock.advance(Duration.ofSeconds(1));
		store.store("https://example.com", bytes("x"), MatchPattern.of("/b/*"), "");
		assertThat(store.best("https://example.com", "/a/1").content()).isEqualTo(bytes("y"));
		assertThat(store.best("https://example.com", "/b/1").content()).isEqualTo(bytes("x"));
	}

	@Test
	void keepsABodyUnderTheLatestPatternsUpToTheirLimit() {
		DictionaryStore store = store(100, 1000, 10);
		for (int i = 0; i <= DictionaryStore.MAX_PATTERNS; i++) {
			store.store(bytes("[]"), MatchPattern.of("/api/" + i + "/*"), "");
		}
		byte[] hash = DczCodec.sha256(bytes("[]"));
		assertThat(store.find(hash, "/api/0/x")).isNull();
		assertThat(store.find(hash, "/api/1/x")).isNotNull();
		assertThat(store.find(hash, "/api/" + DictionaryStore.MAX_PATTERNS + "/x")).isNotNull();
	}

	@Test
	void forgetsADictionaryItsTimeToLiveAfterItWasLastStored() {
		DictionaryStore store = store(100, 1000, 10);
		store.store(bytes("one"), FEED, "");
		this.clock.advance(Duration.ofMinutes(30));
		store.store(bytes("one"), FEED, "");
		this.clock.advance(Duration.ofMinutes(59));
		assertThat(store.find(DczCodec.sha256(bytes("one")), "/api/feed")).isNotNull();
		this.clock.advance(Duration.ofMinutes(1));
		assertThat(store.find(DczCodec.sha256(bytes("one")), "/api/feed")).isNull();
		assertThat(store.totalSize()).isZero();
	}

	@Test
	void refusesBodiesThatZstdWouldReadAsItsOwnDictionaryFormat() {
		DictionaryStore store = store(100, 1000, 10);
		assertThat(store.store(new byte[] { 0x37, (byte) 0xa4, 0x30, (byte) 0xec, 0 }, FEED, "")).isNull();
	}

	private DictionaryStore store(long maxSize, long maxTotalSize, int maxEntries) {
		return new DictionaryStore(maxSize, maxTotalSize, maxEntries, Duration.ofHours(1), this.clock);
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	private static final class MutableClock extends Clock {

		private Instant now = Instant.parse("2026-01-01T00:00:00Z");

		void advance(Duration duration) {
			this.now = this.now.plus(duration);
		}

		@Override
		public ZoneId getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

}
