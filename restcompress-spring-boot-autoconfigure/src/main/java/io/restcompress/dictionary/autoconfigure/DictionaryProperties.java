package io.restcompress.dictionary.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of compression dictionaries (RFC 9842) on the server.
 */
@ConfigurationProperties("restcompress.dictionary")
public class DictionaryProperties extends DictionaryStoreProperties {

	/**
	 * Whether @DictionaryCompressed handlers send Use-As-Dictionary and answer in dcz against
	 * a dictionary the client names.
	 */
	private boolean enabled;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

}
