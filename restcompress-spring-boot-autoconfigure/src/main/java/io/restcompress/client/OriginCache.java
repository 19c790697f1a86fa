package io.restcompress.client;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.restcompress.codec.AcceptEncoding;
import org.jspecify.annotations.Nullable;

/**
 * What each origin (scheme, host and port) last advertised in an {@code Accept-Encoding}
 * response field, and which request codings it refused with a {@code 415}. Bounded: the least
 * recently used origin is dropped when the cache is full, and an entry expires a fixed time
 * after it was last learned. A refusal outweighs later advertisements of the same coding for
 * that same time after it was received, unless a request in that coding succeeds first.
 * Thread-safe.
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
	 * @throws IllegalArgumentException if the cache has no room or the time to live is not
	 * positive
	 */
	public OriginCache(int maxSize, Duration ttl, Clock clock) {
		if (maxSize < 1) {
			throw new IllegalArgumentException("The origin cache needs room for at least one origin "
					+ "(restcompress.client.origin-cache.max-size), was " + maxSize);
		}
		if (ttl.toMillis() < 1) {
			throw new IllegalArgumentException("The origin cache's time to live (restcompress.client.origin-cache.ttl) "
					+ "must be at least 1ms, was " + ttl);
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
		update(uri, advertised, null);
	}

	/**
	 * Remembers that an origin refused a request coding, and what it advertised instead.
	 * @param uri any URI of the origin
	 * @param advertised the parsed {@code Accept-Encoding} field of its {@code 415}
	 * @param coding the refused coding
	 */
	public void rejected(URI uri, AcceptEncoding advertised, String coding) {
		update(uri, advertised, coding);
	}

	/**
	 * Forgets a refusal of a request coding, once a request in that coding succeeded.
	 * @param uri any URI of the origin
	 * @param coding the coding that was accepted
	 */
	public void accepted(URI uri, String coding) {
		String origin = origin(uri);
		synchronized (this.entries) {
			Entry entry = this.entries.get(origin);
			if (entry != null && entry.rejected().containsKey(coding)) {
				Map<String, Long> rejected = new HashMap<>(entry.rejected());
				rejected.remove(coding);
				this.entries.put(origin, new Entry(entry.advertised(), entry.expiresAt(), Map.copyOf(rejected)));
			}
		}
	}

	/**
	 * Returns the request codings an origin refused, unless the refusal has expired.
	 * @param uri any URI of the origin
	 * @return the refused codings, empty if none
	 */
	public Set<String> rejectedCodings(URI uri) {
		String origin = origin(uri);
		long now = this.clock.millis();
		synchronized (this.entries) {
			Entry entry = this.entries.get(origin);
			return (entry != null) ? entry.rejectedAt(now).keySet() : Set.of();
		}
	}

	private void update(URI uri, AcceptEncoding advertised, @Nullable String rejectedCoding) {
		String origin = origin(uri);
		long now = this.clock.millis();
		synchronized (this.entries) {
			Entry previous = this.entries.get(origin);
			Map<String, Long> rejected = (previous != null) ? new HashMap<>(previous.rejectedAt(now)) : new HashMap<>();
			if (rejectedCoding != null) {
				rejected.put(rejectedCoding, now + this.ttlMillis);
			}
			this.entries.put(origin, new Entry(advertised, now + this.ttlMillis, Map.copyOf(rejected)));
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

	/**
	 * Returns the origin of a URI: scheme, host and port, with the scheme's default port when
	 * none is given. A host that {@link URI} does not take for a server name (one with an
	 * underscore, as container service names often have) is read from the authority, so that
	 * two such hosts stay two origins.
	 */
	static String origin(URI uri) {
		String scheme = (uri.getScheme() != null) ? uri.getScheme().toLowerCase(Locale.ROOT) : "http";
		String host = host(uri);
		int port = uri.getPort();
		if (uri.getHost() == null && uri.getRawAuthority() != null) {
			String authority = hostAndPort(uri.getRawAuthority());
			int colon = portColon(authority);
			if (colon != -1) {
				port = parsePort(authority.substring(colon + 1));
			}
		}
		if (port == -1) {
			port = scheme.equals("https") ? 443 : 80;
		}
		return scheme + "://" + ((host != null) ? host.toLowerCase(Locale.ROOT) : "") + ":" + port;
	}

	/**
	 * Returns the host of a URI, read from the authority when {@link URI} does not take it for
	 * a server name (one with an underscore).
	 * @param uri the URI
	 * @return the host, or {@code null} if the URI has none
	 */
	static @Nullable String host(URI uri) {
		if (uri.getHost() != null || uri.getRawAuthority() == null) {
			return uri.getHost();
		}
		String authority = hostAndPort(uri.getRawAuthority());
		int colon = portColon(authority);
		return (colon != -1) ? authority.substring(0, colon) : authority;
	}

	private static String hostAndPort(String rawAuthority) {
		return rawAuthority.substring(rawAuthority.lastIndexOf('@') + 1);
	}

	/**
	 * Returns where the port of a host and port begins, less one, or {@code -1} if none is
	 * given (the colons of an IPv6 literal are the host's).
	 */
	private static int portColon(String hostAndPort) {
		int colon = hostAndPort.lastIndexOf(':');
		return (colon >= 0 && hostAndPort.indexOf(']') < colon) ? colon : -1;
	}

	private static int parsePort(String port) {
		try {
			return port.isEmpty() ? -1 : Integer.parseInt(port);
		}
		catch (NumberFormatException ex) {
			return -2;
		}
	}

	/**
	 * @param rejected when each refusal expires, by coding
	 */
	private record Entry(AcceptEncoding advertised, long expiresAt, Map<String, Long> rejected) {

		Map<String, Long> rejectedAt(long now) {
			if (this.rejected.isEmpty()) {
				return this.rejected;
			}
			Map<String, Long> current = new HashMap<>(this.rejected);
			current.values().removeIf((expiresAt) -> expiresAt <= now);
			return current;
		}

	}

}
