package io.restcompress.dictionary;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.restcompress.codec.DczCodec;
import org.jspecify.annotations.Nullable;

/**
 * Dictionaries by origin and SHA-256, for the server (which keeps its own once per body, with
 * the keys of the {@link DictionaryScope}s that stored it) and the clients (which keep each
 * origin's apart, and never offer one origin's dictionary to another): bounded in the size of
 * one dictionary, the size of all and their number, each kept for a time after it was last
 * stored, and evicted least recently used first when a bound is reached. A body stored again
 * under the same pattern and identifier renews the dictionary already kept, the same instance,
 * so that what the codings prepared for it (zstd's and brotli's indexed forms) stays with it;
 * under another pattern, it is kept once and found for the paths of either (a new identifier
 * under the same pattern replaces the old).
 * Thread-safe.
 */
public final class DictionaryStore {

	/**
	 * The most scopes a server's dictionary is kept for; the one that stored it longest ago goes
	 * first.
	 */
	public static final int MAX_SCOPES = 256;

	/**
	 * The most patterns one body is kept under; the one it was stored under longest ago goes
	 * first.
	 */
	public static final int MAX_PATTERNS = 16;

	private final long maxSize;

	private final long maxTotalSize;

	private final int maxEntries;

	private final Duration ttl;

	private final Clock clock;

	private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);

	private long totalSize;

	/**
	 * Creates a store.
	 * @param maxSize the largest dictionary kept, in bytes
	 * @param maxTotalSize the most bytes kept in all
	 * @param maxEntries the most dictionaries kept
	 * @param ttl how long a dictionary is kept after it was last stored
	 * @param clock the clock the time to live is measured with
	 * @throws IllegalArgumentException if a limit or the time to live is not positive
	 */
	public DictionaryStore(long maxSize, long maxTotalSize, int maxEntries, Duration ttl, Clock clock) {
		if (maxSize <= 0 || maxTotalSize <= 0 || maxEntries <= 0) {
			throw new IllegalArgumentException("A dictionary store keeps nothing with max-size " + maxSize
					+ " bytes, max-total-size " + maxTotalSize + " bytes and max-entries " + maxEntries
					+ "; each must be positive");
		}
		if (ttl.isNegative() || ttl.isZero()) {
			throw new IllegalArgumentException("A dictionary store's ttl must be positive, was " + ttl);
		}
		this.maxSize = Math.min(maxSize, maxTotalSize);
		this.maxTotalSize = maxTotalSize;
		this.maxEntries = maxEntries;
		this.ttl = ttl;
		this.clock = clock;
	}

	/**
	 * Keeps a response body as a dictionary, unless it is empty, larger than the largest
	 * dictionary kept, or not usable as raw content.
	 * @param content the body
	 * @param match the paths it applies to
	 * @param id its identifier, empty for none
	 * @return the stored dictionary, or {@code null} if it is not kept
	 */
	public @Nullable StoredDictionary store(byte[] content, MatchPattern match, String id) {
		return store("", content, match, id);
	}

	/**
	 * Keeps a response body of an origin as a dictionary, unless it is empty, larger than the
	 * largest dictionary kept, or not usable as raw content.
	 * @param origin the origin the body came from
	 * @param content the body
	 * @param match the paths of that origin it applies to
	 * @param id its identifier, empty for none
	 * @return the stored dictionary (the one already kept, renewed, if it has the same content,
	 * pattern and identifier), or {@code null} if it is not kept
	 */
	public @Nullable StoredDictionary store(String origin, byte[] content, MatchPattern match, String id) {
		return put(origin, content, match, id, null);
	}

	/**
	 * Keeps a response body as a server's dictionary for the {@linkplain DictionaryScope scope}
	 * of the request it answered, unless it is empty, larger than the largest dictionary kept,
	 * or not usable as raw content. A body kept for several scopes is kept once, with the
	 * {@value #MAX_SCOPES} scopes that stored it last: scopes of their own (a new cookie on
	 * every request) add no dictionaries and push out none. A body also kept without a scope
	 * ({@link #store(byte[], MatchPattern, String)}) is found for every scope.
	 * @param scope the key of the request's scope
	 * @param content the body
	 * @param match the paths it applies to
	 * @param id its identifier, empty for none
	 * @return the stored dictionary, or {@code null} if it is not kept
	 */
	public @Nullable StoredDictionary storeForScope(String scope, byte[] content, MatchPattern match, String id) {
		return put("", content, match, id, scope);
	}

	private @Nullable StoredDictionary put(String origin, byte[] content, MatchPattern match, String id,
			@Nullable String scope) {
		if (content.length == 0 || content.length > this.maxSize || this.maxEntries < 1
				|| !DczCodec.usableAsDictionary(content)) {
			return null;
		}
		byte[] hash = DczCodec.sha256(content);
		Instant now = this.clock.instant();
		synchronized (this.entries) {
			String key = key(origin, hash);
			Entry previous = this.entries.get(key);
			StoredDictionary dictionary = (previous != null) ? previous.kept(match, id) : null;
			if (dictionary == null) {
				dictionary = (previous != null) ? previous.withUse(match, id) : new StoredDictionary(content, hash, match, id);
			}
			List<Use> uses = uses((previous != null) ? previous.uses : List.of(), new Use(dictionary, now));
			Set<String> scopes = (scope == null || (previous != null && previous.scopes == null)) ? null
					: scopes((previous != null) ? previous.scopes : null, scope);
			this.entries.put(key, new Entry(origin, uses, now.plus(this.ttl), scopes));
			if (previous != null) {
				this.totalSize -= previous.content().length;
			}
			this.totalSize += content.length;
			evict();
			return dictionary;
		}
	}

	/**
	 * Returns the dictionary with a hash if it is kept and applies to a path.
	 * @param hash the SHA-256 the client named
	 * @param path the request's path
	 * @return the dictionary, or {@code null}
	 */
	public @Nullable StoredDictionary find(byte[] hash, String path) {
		return findForScope("", hash, path);
	}

	/**
	 * Returns the server's dictionary with a hash if it is kept, was stored for a scope (or
	 * without one) and applies to a path.
	 * @param scope the key of the request's scope
	 * @param hash the SHA-256 the client named
	 * @param path the request's path
	 * @return the dictionary, or {@code null}
	 */
	public @Nullable StoredDictionary findForScope(String scope, byte[] hash, String path) {
		synchronized (this.entries) {
			String key = key("", hash);
			Entry entry = this.entries.get(key);
			if (entry == null) {
				return null;
			}
			if (!this.clock.instant().isBefore(entry.expires)) {
				remove(key);
				return null;
			}
			Use use = (entry.scopes == null || entry.scopes.contains(scope)) ? entry.bestFor(path) : null;
			return (use != null) ? use.dictionary : null;
		}
	}

	/**
	 * Returns the dictionary of an origin to offer for a path (RFC 9842, section 2.2.2): of
	 * those whose pattern matches, the one with the longest pattern, then the one stored last.
	 * @param origin the origin of the request
	 * @param path the request's path
	 * @return the dictionary, or {@code null} if none applies
	 */
	public @Nullable StoredDictionary best(String origin, String path) {
		synchronized (this.entries) {
			Instant now = this.clock.instant();
			Use best = null;
			for (Entry entry : this.entries.values()) {
				Use candidate = (entry.origin.equals(origin) && now.isBefore(entry.expires)) ? entry.bestFor(path)
						: null;
				if (candidate != null && (best == null || candidate.betterThan(best))) {
					best = candidate;
				}
			}
			if (best == null) {
				return null;
			}
			this.entries.get(key(origin, best.dictionary.hash()));
			return best.dictionary;
		}
	}

	/**
	 * The largest dictionary kept.
	 * @return the size in bytes
	 */
	public long maxSize() {
		return this.maxSize;
	}

	/**
	 * The number of dictionaries kept.
	 * @return the number
	 */
	public int size() {
		synchronized (this.entries) {
			return this.entries.size();
		}
	}

	/**
	 * The bytes kept in all.
	 * @return the total size
	 */
	public long totalSize() {
		synchronized (this.entries) {
			return this.totalSize;
		}
	}

	private void evict() {
		Instant now = this.clock.instant();
		this.entries.values().removeIf((entry) -> {
			boolean expired = !now.isBefore(entry.expires);
			if (expired) {
				this.totalSize -= entry.content().length;
			}
			return expired;
		});
		Iterator<Map.Entry<String, Entry>> eldestFirst = this.entries.entrySet().iterator();
		while (eldestFirst.hasNext() && (this.entries.size() > this.maxEntries || this.totalSize > this.maxTotalSize)) {
			this.totalSize -= eldestFirst.next().getValue().content().length;
			eldestFirst.remove();
		}
	}

	private void remove(String key) {
		Entry removed = this.entries.remove(key);
		if (removed != null) {
			this.totalSize -= removed.content().length;
		}
	}

	private static String key(String origin, byte[] hash) {
		return origin + " " + DictionaryFields.availableDictionary(hash);
	}

	/**
	 * The scopes an entry is kept for: those it had and {@code scope} as the latest, at most
	 * {@value #MAX_SCOPES}.
	 */
	private static Set<String> scopes(@Nullable Set<String> kept, String scope) {
		LinkedHashSet<String> scopes = (kept != null) ? new LinkedHashSet<>(kept) : new LinkedHashSet<>();
		scopes.remove(scope);
		scopes.add(scope);
		Iterator<String> oldestFirst = scopes.iterator();
		while (scopes.size() > MAX_SCOPES) {
			oldestFirst.next();
			oldestFirst.remove();
		}
		return Collections.unmodifiableSet(scopes);
	}

	/**
	 * The patterns and identifiers a body is kept under: those it had, with {@code latest} in
	 * place of any of the same pattern, at most {@value #MAX_PATTERNS}.
	 */
	private static List<Use> uses(List<Use> kept, Use latest) {
		List<Use> uses = new ArrayList<>(kept.size() + 1);
		for (Use use : kept) {
			if (!use.dictionary.match().equals(latest.dictionary.match())) {
				uses.add(use);
			}
		}
		uses.add(latest);
		return List.copyOf(uses.subList(Math.max(0, uses.size() - MAX_PATTERNS), uses.size()));
	}

	/**
	 * A body kept under one pattern and identifier, since it was last stored under them.
	 */
	private record Use(StoredDictionary dictionary, Instant stored) {

		/**
		 * Whether this use is to be offered before another that also matches: the longer
		 * pattern, then the one stored last (RFC 9842, section 2.2.2).
		 */
		boolean betterThan(Use other) {
			int longer = Integer.compare(this.dictionary.match().pattern().length(),
					other.dictionary.match().pattern().length());
			return (longer != 0) ? longer > 0 : !this.stored.isBefore(other.stored);
		}

	}

	/**
	 * One body kept as a dictionary under one or more patterns, whose uses share its content and
	 * hash (and so what the codings prepare for it).
	 */
	private record Entry(String origin, List<Use> uses, Instant expires, @Nullable Set<String> scopes) {

		byte[] content() {
			return this.uses.get(0).dictionary.content();
		}

		StoredDictionary withUse(MatchPattern match, String id) {
			StoredDictionary any = this.uses.get(0).dictionary;
			return new StoredDictionary(any.content(), any.hash(), match, id);
		}

		@Nullable StoredDictionary kept(MatchPattern match, String id) {
			for (Use use : this.uses) {
				if (use.dictionary.match().equals(match) && use.dictionary.id().equals(id)) {
					return use.dictionary;
				}
			}
			return null;
		}

		@Nullable Use bestFor(String path) {
			Use best = null;
			for (Use use : this.uses) {
				if (use.dictionary.match().matches(path) && (best == null || use.betterThan(best))) {
					best = use;
				}
			}
			return best;
		}

	}

}
