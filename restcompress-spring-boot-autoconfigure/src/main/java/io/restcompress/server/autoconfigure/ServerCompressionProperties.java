package io.restcompress.server.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.restcompress.decision.DecisionMode;
import io.restcompress.server.CompressionMode;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.core.Ordered;
import org.springframework.util.unit.DataSize;

/**
 * Settings of the server side: which responses are encoded and how request bodies are
 * decoded.
 */
@ConfigurationProperties("restcompress.server")
public class ServerCompressionProperties {

	/**
	 * Whether the server side decodes request bodies and encodes responses.
	 */
	private boolean enabled = true;

	/**
	 * Which handlers may have their responses encoded: only those annotated with
	 * '@LzfCompressed', or all that are not annotated with '@NotCompressed'.
	 */
	private CompressionMode mode = CompressionMode.ANNOTATED;

	/**
	 * Comma-separated list of codings responses may be encoded with, most preferred first, or empty
	 * for every available coding with lzf first.
	 */
	private List<String> encodings = new ArrayList<>();

	/**
	 * Smallest response body that is encoded; a body of unknown length is held back until it
	 * reaches this size.
	 */
	private DataSize minResponseSize = DataSize.ofBytes(4500);

	/**
	 * Comma-separated list of content types that are encoded; wildcards such as
	 * 'application/*+json' and 'text/*' are allowed.
	 */
	private List<String> mimeTypes = new ArrayList<>(List.of("application/json", "application/*+json",
			"application/xml", "application/*+xml", "text/*", "application/x-protobuf", "application/protobuf",
			"application/vnd.google.protobuf", "application/x-ndjson", "application/ndjson", "application/yaml",
			"application/x-yaml", "application/javascript", "image/svg+xml"));

	/**
	 * Comma-separated list of content types that are compressible in addition to
	 * 'mime-types', so that adding one does not mean repeating the defaults.
	 */
	private List<String> additionalMimeTypes = new ArrayList<>();

	/**
	 * Comma-separated list of path patterns whose responses are never encoded, such as
	 * '/account/**'.
	 */
	private List<String> excludedPaths = new ArrayList<>();

	/**
	 * Order of the servlet filter or the WebFlux web filter.
	 */
	private int filterOrder = Ordered.HIGHEST_PRECEDENCE + 10;

	/**
	 * How the coding of a response is chosen: 'fixed', the client's preferred coding, or
	 * 'adaptive', the coding and level predicted to deliver it soonest over the link to the
	 * client (see restcompress.network.links).
	 */
	private DecisionMode decision = DecisionMode.FIXED;

	private final Request request = new Request();

	private final Response response = new Response();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public CompressionMode getMode() {
		return this.mode;
	}

	public void setMode(CompressionMode mode) {
		this.mode = mode;
	}

	public List<String> getEncodings() {
		return this.encodings;
	}

	public void setEncodings(List<String> encodings) {
		this.encodings = encodings;
	}

	public DataSize getMinResponseSize() {
		return this.minResponseSize;
	}

	public void setMinResponseSize(DataSize minResponseSize) {
		this.minResponseSize = minResponseSize;
	}

	public List<String> getMimeTypes() {
		return this.mimeTypes;
	}

	public void setMimeTypes(List<String> mimeTypes) {
		this.mimeTypes = mimeTypes;
	}

	public List<String> getAdditionalMimeTypes() {
		return this.additionalMimeTypes;
	}

	public void setAdditionalMimeTypes(List<String> additionalMimeTypes) {
		this.additionalMimeTypes = additionalMimeTypes;
	}

	public List<String> getExcludedPaths() {
		return this.excludedPaths;
	}

	public void setExcludedPaths(List<String> excludedPaths) {
		this.excludedPaths = excludedPaths;
	}

	public int getFilterOrder() {
		return this.filterOrder;
	}

	public void setFilterOrder(int filterOrder) {
		this.filterOrder = filterOrder;
	}

	public DecisionMode getDecision() {
		return this.decision;
	}

	public void setDecision(DecisionMode decision) {
		this.decision = decision;
	}

	public Response getResponse() {
		return this.response;
	}

	public Request getRequest() {
		return this.request;
	}

	/**
	 * Settings of response encoding.
	 */
	public static class Response {

		/**
		 * Longest predicted time to encode a response under the adaptive decision, which then picks
		 * the smallest output encoded within it (else the fastest coding), or unset for no budget.
		 */
		private @Nullable Duration timeBudget;

		public @Nullable Duration getTimeBudget() {
			return this.timeBudget;
		}

		public void setTimeBudget(@Nullable Duration timeBudget) {
			this.timeBudget = timeBudget;
		}

	}

	/**
	 * Settings of request-body decoding.
	 */
	public static class Request {

		/**
		 * Whether request bodies with a supported Content-Encoding are decoded.
		 */
		private boolean enabled = true;

		/**
		 * Largest decoded request body; a larger one is answered with 413 while it is read.
		 */
		private DataSize maxDecodedSize = DataSize.ofMegabytes(16);

		/**
		 * Largest number of codings stacked on one request body; more are answered with 415.
		 */
		private int maxCodings = 2;

		/**
		 * Largest decoded form body (application/x-www-form-urlencoded) on a servlet
		 * application when its parameters are read from it, or when it is a PUT, PATCH or
		 * DELETE form, as Tomcat's max-http-form-post-size limits unencoded ones; a larger one
		 * is answered with 413.
		 */
		private DataSize maxFormSize = DataSize.ofMegabytes(2);

		/**
		 * Largest number of parameters in a decoded form body and its query, as Tomcat's
		 * max-parameter-count limits unencoded ones; more are answered with 400.
		 */
		private int maxFormParameters = 1000;

		/**
		 * Whether responses list the accepted request codings in Accept-Encoding (RFC 7694).
		 */
		private boolean advertise = true;

		/**
		 * Most request bodies a WebFlux server decodes at once, each on a thread of its own;
		 * more wait for a thread.
		 */
		private int decoderThreads = 128;

		/**
		 * Longest a WebFlux server's decoder waits for the next bytes of a request body before
		 * answering 408, or zero to wait as long as it takes.
		 */
		private Duration decoderIdleTimeout = Duration.ofSeconds(20);

		/**
		 * Longest the server reads and drops up to 2 MB left of a request body it answers without
		 * using (415, or 400 and 413 for one that fails to decode, except a servlet 413 over
		 * HTTP/1.x), or zero to answer at once and close an HTTP/1.x connection whose body was
		 * left unread.
		 */
		private Duration drainTimeout = Duration.ofSeconds(10);

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public DataSize getMaxDecodedSize() {
			return this.maxDecodedSize;
		}

		public void setMaxDecodedSize(DataSize maxDecodedSize) {
			this.maxDecodedSize = maxDecodedSize;
		}

		public DataSize getMaxFormSize() {
			return this.maxFormSize;
		}

		public void setMaxFormSize(DataSize maxFormSize) {
			this.maxFormSize = maxFormSize;
		}

		public int getMaxFormParameters() {
			return this.maxFormParameters;
		}

		public void setMaxFormParameters(int maxFormParameters) {
			this.maxFormParameters = maxFormParameters;
		}

		public int getMaxCodings() {
			return this.maxCodings;
		}

		public void setMaxCodings(int maxCodings) {
			this.maxCodings = maxCodings;
		}

		public boolean isAdvertise() {
			return this.advertise;
		}

		public void setAdvertise(boolean advertise) {
			this.advertise = advertise;
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

		public Duration getDrainTimeout() {
			return this.drainTimeout;
		}

		public void setDrainTimeout(Duration drainTimeout) {
			this.drainTimeout = drainTimeout;
		}

	}

}
