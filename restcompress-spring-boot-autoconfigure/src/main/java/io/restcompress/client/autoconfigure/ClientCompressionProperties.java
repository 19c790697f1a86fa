package io.restcompress.client.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.restcompress.client.RequestCompression;
import io.restcompress.decision.DecisionMode;
import io.restcompress.dictionary.autoconfigure.DictionaryStoreProperties;
import org.jspecify.annotations.Nullable;

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
	 * Comma-separated list of the codings the clients accept in responses, most preferred first, or
	 * empty for every enabled coding in the codecs' order.
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
	 * Largest response body a client decodes; reading more fails with a
	 * ResponseTooLargeException.
	 */
	private DataSize maxDecodedSize = DataSize.ofMegabytes(16);

	/**
	 * Largest number of codings stacked on one response body that are decoded; a body with more
	 * is handed through as it is.
	 */
	private int maxCodings = 3;

	/**
	 * Whether the HTTP libraries behind Spring Boot's auto-configured clients keep decoding
	 * responses themselves instead of leaving every response to restcompress.
	 */
	private boolean libraryDecoding;

	/**
	 * Most WebClient response bodies decoded at once, each on a thread of its own; more wait
	 * for a thread.
	 */
	private int decoderThreads = 64;

	/**
	 * Longest a WebClient's decoder waits for the next bytes of a response body before failing it
	 * with a ContentTimeoutException, or zero to wait as long as streams that pause (server-sent
	 * events) need.
	 */
	private Duration decoderIdleTimeout = Duration.ZERO;

	/**
	 * How the coding of a request body is chosen: 'fixed', the request encoding if the origin
	 * accepts it, or 'adaptive', the coding and level the origin accepts that is predicted to
	 * deliver the body soonest over the link to it (see restcompress.network.links).
	 */
	private DecisionMode decision = DecisionMode.FIXED;

	private final OriginCache originCache = new OriginCache();

	private final Dictionaries dictionaries = new Dictionaries();

	private final Request request = new Request();

	public DecisionMode getDecision() {
		return this.decision;
	}

	public void setDecision(DecisionMode decision) {
		this.decision = decision;
	}

	public Request getRequest() {
		return this.request;
	}

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

	public DataSize getMaxDecodedSize() {
		return this.maxDecodedSize;
	}

	public void setMaxDecodedSize(DataSize maxDecodedSize) {
		this.maxDecodedSize = maxDecodedSize;
	}

	public int getMaxCodings() {
		return this.maxCodings;
	}

	public void setMaxCodings(int maxCodings) {
		this.maxCodings = maxCodings;
	}

	public boolean isLibraryDecoding() {
		return this.libraryDecoding;
	}

	public void setLibraryDecoding(boolean libraryDecoding) {
		this.libraryDecoding = libraryDecoding;
	}

	public int getDecoderThreads() {
		return this.decoderThreads;
	}

	public void setDecoderThreads(int decoderThreads) {
		this.decoderThreads = decoderThreads;
	}

	public Duration getDecoderIdleTimeout() {
		return this.decoderIdleTimeout;
	}

	public void setDecoderIdleTimeout(Duration decoderIdleTimeout) {
		this.decoderIdleTimeout = decoderIdleTimeout;
	}

	public OriginCache getOriginCache() {
		return this.originCache;
	}

	public Dictionaries getDictionaries() {
		return this.dictionaries;
	}

	/**
	 * Settings of compression dictionaries (RFC 9842) kept by the clients.
	 */
	public static class Dictionaries extends DictionaryStoreProperties {

		/**
		 * Whether the clients keep responses that carry Use-As-Dictionary and offer them to
		 * later requests of the same origin, accepting dcz.
		 */
		private boolean enabled;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

	/**
	 * Settings of request-body compression.
	 */
	public static class Request {

		/**
		 * Longest predicted time to encode a request body under the adaptive decision, which then
		 * picks the smallest output encoded within it (else the fastest coding), or unset for no
		 * budget.
		 */
		private @Nullable Duration timeBudget;

		/**
		 * Whether RestTemplate and RestClient built on Boot's request factory builder stream
		 * request bodies through restcompress's request factory instead of handing them whole to
		 * its interceptor.
		 */
		private boolean streaming;

		public @Nullable Duration getTimeBudget() {
			return this.timeBudget;
		}

		public void setTimeBudget(@Nullable Duration timeBudget) {
			this.timeBudget = timeBudget;
		}

		public boolean isStreaming() {
			return this.streaming;
		}

		public void setStreaming(boolean streaming) {
			this.streaming = streaming;
		}

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
		 * How long what an origin advertised is trusted after it was last received, and how long
		 * a request coding it refused with a 415 is not sent to it again.
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
