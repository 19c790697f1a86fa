package io.restcompress.client.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.restcompress.client.RequestCompression;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Settings of restcompress for {@code RestTemplate}, {@code RestClient} and {@code WebClient}.
 */
@ConfigurationProperties("restcompress.client")
public class ClientCompressionProperties {

	/**
	 * Whether the auto-configured clients get restcompress.
	 */
	private boolean enabled = true;

	/**
	 * Comma-separated list of the codings the clients accept in responses, most preferred
	 * first. Empty for every enabled coding, in the codecs' order.
	 */
	private List<String> acceptEncodings = new ArrayList<>();

	/**
	 * Coding used to compress request bodies.
	 */
	private String requestEncoding = "lzf";

	/**
	 * When request bodies are compressed: only to origins that advertised the coding (auto),
	 * always, or never.
	 */
	private RequestCompression requestCompression = RequestCompression.AUTO;

	/**
	 * Smallest request body that is compressed.
	 */
	private DataSize minRequestSize = DataSize.ofBytes(4500);

	/**
	 * Whether the HTTP libraries behind Spring Boot's auto-configured clients keep decoding
	 * responses themselves. When false, their decoding is switched off and restcompress decodes
	 * every response.
	 */
	private boolean libraryDecoding;

	private final OriginCache originCache = new OriginCache();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public List<String> getAcceptEncodings() {
		return this.acceptEncodings;
	}

	public void setAcceptEncodings(List<String> acceptEncodings) {
		this.acceptEncodings = acceptEncodings;
	}

	public String getRequestEncoding() {
		return this.requestEncoding;
	}

	public void setRequestEncoding(String requestEncoding) {
		this.requestEncoding = requestEncoding;
	}

	public RequestCompression getRequestCompression() {
		return this.requestCompression;
	}

	public void setRequestCompression(RequestCompression requestCompression) {
		this.requestCompression = requestCompression;
	}

	public DataSize getMinRequestSize() {
		return this.minRequestSize;
	}

	public void setMinRequestSize(DataSize minRequestSize) {
		this.minRequestSize = minRequestSize;
	}

	public boolean isLibraryDecoding() {
		return this.libraryDecoding;
	}

	public void setLibraryDecoding(boolean libraryDecoding) {
		this.libraryDecoding = libraryDecoding;
	}

	public OriginCache getOriginCache() {
		return this.originCache;
	}

	/**
	 * Settings of the per-origin memory of advertised codings.
	 */
	public static class OriginCache {

		/**
		 * Maximum number of origins remembered; the least recently used is forgotten first.
		 */
		private int maxSize = 1000;

		/**
		 * How long what an origin advertised is trusted after it was last received.
		 */
		private Duration ttl = Duration.ofHours(1);

		public int getMaxSize() {
			return this.maxSize;
		}

		public void setMaxSize(int maxSize) {
			this.maxSize = maxSize;
		}

		public Duration getTtl() {
			return this.ttl;
		}

		public void setTtl(Duration ttl) {
			this.ttl = ttl;
		}

	}

}
