package io.restcompress.dictionary.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.core.io.Resource;
import org.springframework.util.Assert;
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

	/**
	 * Comma-separated list of request header fields whose values a request must share with the one
	 * a previous version answered to use it as a dictionary, or empty to share previous versions
	 * among all clients.
	 */
	private List<String> scopeHeaders = new ArrayList<>(List.of("Authorization", "Cookie"));

	private final Training training = new Training();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public List<String> getScopeHeaders() {
		return this.scopeHeaders;
	}

	public void setScopeHeaders(List<String> scopeHeaders) {
		this.scopeHeaders = scopeHeaders;
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
		 * bodies are not kept until the pattern is trained, and then replace the oldest samples.
		 */
		private DataSize maxSampleSize = DataSize.ofMegabytes(2);

		/**
		 * Largest size of a dictionary built from the samples.
		 */
		private DataSize dictionarySize = DataSize.ofKilobytes(256);

		/**
		 * Path under which trained dictionaries are served, each at its SHA-256 in hex.
		 */
		private String urlPrefix = "/restcompress/dictionaries";

		/**
		 * Dictionaries trained before (fetched from their URL), served from startup in place of
		 * training, so that every instance serves the same ones.
		 */
		private final List<Trained> dictionaries = new ArrayList<>();

		public DataSize getMaxSampleSize() {
			return this.maxSampleSize;
		}

		public void setMaxSampleSize(DataSize maxSampleSize) {
			Assert.isTrue(maxSampleSize.toBytes() > 0, () -> "Max sample size must be positive, was " + maxSampleSize);
			this.maxSampleSize = maxSampleSize;
		}

		public DataSize getDictionarySize() {
			return this.dictionarySize;
		}

		public void setDictionarySize(DataSize dictionarySize) {
			Assert.isTrue(dictionarySize.toBytes() > 0 && dictionarySize.toBytes() <= Integer.MAX_VALUE,
					() -> "Dictionary size must be between 1B and " + Integer.MAX_VALUE + "B, was " + dictionarySize);
			this.dictionarySize = dictionarySize;
		}

		public String getUrlPrefix() {
			return this.urlPrefix;
		}

		public void setUrlPrefix(String urlPrefix) {
			Assert.isTrue(urlPrefix.matches("(/[A-Za-z0-9._~-]+)+"), () -> "URL prefix must be a path of one or more "
					+ "segments of letters, digits, '.', '_', '~' or '-', without a trailing '/', was '" + urlPrefix + "'");
			this.urlPrefix = urlPrefix;
		}

		public List<Trained> getDictionaries() {
			return this.dictionaries;
		}

	}

	/**
	 * A dictionary trained before, for one match pattern.
	 */
	public static class Trained {

		/**
		 * Match pattern of the handler the dictionary was trained for, as its annotation names
		 * it.
		 */
		private @Nullable String match;

		/**
		 * Location of the raw dictionary, as served at its URL.
		 */
		private @Nullable Resource location;

		public @Nullable String getMatch() {
			return this.match;
		}

		public void setMatch(@Nullable String match) {
			this.match = match;
		}

		public @Nullable Resource getLocation() {
			return this.location;
		}

		public void setLocation(@Nullable Resource location) {
			this.location = location;
		}

	}

}
