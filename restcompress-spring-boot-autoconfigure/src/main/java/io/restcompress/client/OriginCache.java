package io.restcompress.client;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import io.restcompress.codec.AcceptEncoding;
import org.jspecify.annotations.Nullable;

/**
 * What each origin (scheme, host and port) last advertised in an {@code Accept-Encoding}
 * response field. Bounded: the least recently used origin is dropped when the cache is full,
 * and an entry expires a fixed time after it was last learned. Thread-safe.
 */
public final class OriginCache {

	private final int maxSize;

	private final long ttlMillis;

	private final Clock clock;

	private final Map<String, Entry> entries;

	/**
	 * Creates a cache.
	 * @param maxSize the most origins kept
	 * @param ttl how long an origin's advertisement is trusted after it was received
	 * @param clock the clock for expiry
	 */
	public OriginCache(int maxSize, Duration ttl, Clock clock) {
		if (maxSize < 1) {
			throw new IllegalArgumentException("The origin cache needs room for at least one origin");
		}
		this.maxSize = maxSize;
		this.ttlMillis = ttl.toMillis();
		this.clock = clock;
		this.entries = new LinkedHashMap<>(16, 0.75f, true) {

			@Override
			protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
				return size() > OriginCache.this.maxSize;
			}

		};
	}

	/**
	 * Remembers what an origin advertised.
	 * @param uri any URI of the origin
	 * @param advertised the parsed {@code Accept-Encoding} field of its response
	 */
	public void remember(URI uri, AcceptEncoding advertised) {
		Entry entry = new Entry(advertised, this.clock.millis() + this.ttlMillis);
		synchronized (this.entries) {
			this.entries.put(origin(uri), entry);
		}
	}

	/**
	 * Returns what an origin last advertised, unless that has expired.
	 * @param uri any URI of the origin
	 * @return the advertised field, or {@code null} if the origin is unknown
	 */
	public @Nullable AcceptEncoding lookup(URI uri) {
		String origin = origin(uri);
		synchronized (this.entries) {
			Entry entry = this.entries.get(origin);
			if (entry == null) {
				return null;
			}
			if (entry.expiresAt() <= this.clock.millis()) {
				this.entries.remove(origin);
				return null;
			}
			return entry.advertised();
		}
	}

	/**
	 * Returns how many origins are remembered, expired ones included.
	 * @return the number of entries
	 */
	public int size() {
		synchronized (this.entries) {
			return this.entries.size();
		}
	}

	static String origin(URI uri) {
		String scheme = (uri.getScheme() != null) ? uri.getScheme().toLowerCase(Locale.ROOT) : "http";
		String host = (uri.getHost() != null) ? uri.getHost().toLowerCase(Locale.ROOT) : "";
		int port = uri.getPort();
		if (port == -1) {
			port = scheme.equals("https") ? 443 : 80;
		}
		return scheme + "://" + host + ":" + port;
	}

	private record Entry(AcceptEncoding advertised, long expiresAt) {
	}

}
