package io.restcompress.dictionary.autoconfigure;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Settings of compression dictionaries (RFC 9842) on the server.
 */
@ConfigurationProperties("restcompress.dictionary")
public class DictionaryProperties {

	/**
	 * Whether @DictionaryCompressed handlers send Use-As-Dictionary and answer in dcz against a dictionary the client names.
	 */
	private boolean enabled;

	/**
	 * Largest response body kept as a dictionary; larger bodies are still sent but not kept.
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
	 * How long a dictionary is kept after its body was last sent.
	 */
	private Duration ttl = Duration.ofHours(1);

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

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

}
