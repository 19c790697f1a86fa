package io.restcompress.dictionary.autoconfigure;

import java.time.Clock;
import java.time.Duration;

import io.restcompress.dictionary.DictionaryStore;

import org.springframework.util.unit.DataSize;

/**
 * The limits of a store of compression dictionaries, the same on the server and the clients.
 */
public class DictionaryStoreProperties {

	/**
	 * Largest response body kept as a dictionary; larger bodies are not kept.
	 */
	private DataSize maxSize = DataSize.ofMegabytes(4);

	/**
	 * Most bytes kept in all dictionaries; the least recently used are evicted first.
	 */
	private DataSize maxTotalSize = DataSize.ofMegabytes(32);

	/**
	 * Most dictionaries kept; the least recently used are evicted first.
	 */
	private int maxEntries = 64;

	/**
	 * How long a dictionary is kept after its body was last seen.
	 */
	private Duration ttl = Duration.ofHours(1);

	public DataSize getMaxSize() {
		return this.maxSize;
	}

	public void setMaxSize(DataSize maxSize) {
		this.maxSize = maxSize;
	}

	public DataSize getMaxTotalSize() {
		return this.maxTotalSize;
	}

	public void setMaxTotalSize(DataSize maxTotalSize) {
		this.maxTotalSize = maxTotalSize;
	}

	public int getMaxEntries() {
		return this.maxEntries;
	}

	public void setMaxEntries(int maxEntries) {
		this.maxEntries = maxEntries;
	}

	public Duration getTtl() {
		return this.ttl;
	}

	public void setTtl(Duration ttl) {
		this.ttl = ttl;
	}

	/**
	 * Creates a store with these limits.
	 * @param prefix the prefix these properties are bound to, which a refused limit's message
	 * names
	 * @return the store
	 * @throws IllegalArgumentException if a limit or the time to live is not positive
	 */
	public DictionaryStore createStore(String prefix) {
		try {
			return new DictionaryStore(this.maxSize.toBytes(), this.maxTotalSize.toBytes(), this.maxEntries, this.ttl,
					Clock.systemUTC());
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(prefix + ": " + ex.getMessage());
		}
	}

}
