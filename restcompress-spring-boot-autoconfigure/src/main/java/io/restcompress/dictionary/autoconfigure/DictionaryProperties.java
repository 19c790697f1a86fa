package io.restcompress.dictionary.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

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

	private final Training training = new Training();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Training getTraining() {
		return this.training;
	}

	/**
	 * Settings of dictionaries trained from the responses of
	 * {@code @DictionaryCompressed(trained = true)} handlers.
	 */
	public static class Training {

		/**
		 * Most bytes of response bodies kept as training samples per match pattern; later
		 * bodies are not kept.
		 */
		private DataSize maxSampleSize = DataSize.ofMegabytes(2);

		/**
		 * Size of a trained dictionary.
		 */
		private DataSize dictionarySize = DataSize.ofKilobytes(32);

		/**
		 * Path under which trained dictionaries are served, each at its SHA-256 in hex.
		 */
		private String urlPrefix = "/restcompress/dictionaries";

		public DataSize getMaxSampleSize() {
			return this.maxSampleSize;
		}

		public void setMaxSampleSize(DataSize maxSampleSize) {
			this.maxSampleSize = maxSampleSize;
		}

		public DataSize getDictionarySize() {
			return this.dictionarySize;
		}

		public void setDictionarySize(DataSize dictionarySize) {
			this.dictionarySize = dictionarySize;
		}

		public String getUrlPrefix() {
			return this.urlPrefix;
		}

		public void setUrlPrefix(String urlPrefix) {
			this.urlPrefix = urlPrefix;
		}

	}

}
