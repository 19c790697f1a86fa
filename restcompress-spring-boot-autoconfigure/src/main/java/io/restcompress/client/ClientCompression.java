package io.restcompress.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.restcompress.codec.AcceptEncoding;
import io.restcompress.codec.CodecStreams;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.HeaderTokens;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.RejectReason;
import io.restcompress.metrics.Side;
import io.restcompress.metrics.SkipReason;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;

/**
 * The client-side policy that the {@code RestTemplate}/{@code RestClient} interceptor and the
 * {@code WebClient} filter share: the {@code Accept-Encoding} to send, whether and how to
 * compress a request body (learning per origin what it accepts), what to do with a {@code 415},
 * and how to decode a response. Immutable apart from its origin cache; thread-safe.
 */
public final class ClientCompression {

	/** At most this many stacked codings in a response are decoded; more are passed through. */
	static final int MAX_CODING_LAYERS = 3;

	private final ContentCodecs codecs;

	private final String acceptEncoding;

	private final List<ContentCodec> requestCandidates;

	private final RequestCompression policy;

	private final long minRequestSize;

	private final OriginCache origins;

	private final CompressionRecorder recorder;

	private ClientCompression(Builder builder) {
		this.codecs = builder.codecs;
		List<ContentCodec> accepted = this.codecs.inOrder(builder.acceptEncodings);
		this.acceptEncoding = accepted.stream().map(ContentCodec::coding).collect(Collectors.joining(", "));
		ContentCodec requestCodec = this.codecs.find(builder.requestEncoding)
			.orElseThrow(() -> new IllegalArgumentException("Unknown request encoding '" + builder.requestEncoding
					+ "'; available: " + this.codecs.tokens()));
		List<ContentCodec> candidates = new ArrayList<>(this.codecs.all());
		candidates.remove(requestCodec);
		candidates.add(0, requestCodec);
		this.requestCandidates = List.copyOf(candidates);
		this.policy = builder.policy;
		this.minRequestSize = builder.minRequestSize;
		this.origins = (builder.origins != null) ? builder.origins
				: new OriginCache(1000, Duration.ofHours(1), Clock.systemUTC());
		this.recorder = builder.recorder;
	}

	/**
	 * Starts building a policy with the defaults of the {@code restcompress.client.*} properties.
	 * @param codecs the codecs available to the clients
	 * @return the builder
	 */
	public static Builder builder(ContentCodecs codecs) {
		return new Builder(codecs);
	}

	/**
	 * Returns the {@code Accept-Encoding} value the clients send.
	 * @return the accepted codings, most preferred first
	 */
	public String acceptEncoding() {
		return this.acceptEncoding;
	}

	/**
	 * Returns the smallest request body that is compressed.
	 * @return the threshold in bytes
	 */
	public long minRequestSize() {
		return this.minRequestSize;
	}

	/**
	 * Returns the cache of what origins advertised.
	 * @return the origin cache
	 */
	public OriginCache origins() {
		return this.origins;
	}

	CompressionRecorder recorder() {
		return this.recorder;
	}

	/**
	 * Whether a request asked to be left alone with {@link RestCompressClient#SKIP_ATTRIBUTE}.
	 */
	static boolean skipRequested(Map<String, Object> attributes) {
		Object value = attributes.get(RestCompressClient.SKIP_ATTRIBUTE);
		return Boolean.TRUE.equals(value) || "true".equals(value);
	}

	/**
	 * Decides how to send a request body of unknown size.
	 */
	RequestDecision decide(URI uri, HttpHeaders requestHeaders) {
		if (!HeaderTokens.contentCodings(requestHeaders.getOrEmpty(HttpHeaders.CONTENT_ENCODING)).isEmpty()) {
			return RequestDecision.skip(SkipReason.ALREADY_ENCODED);
		}
		if (this.policy == RequestCompression.NEVER) {
			return RequestDecision.skip(SkipReason.DISABLED);
		}
		AcceptEncoding advertised = this.origins.lookup(uri);
		if (advertised != null) {
			return select(advertised);
		}
		return (this.policy == RequestCompression.ALWAYS) ? RequestDecision.compress(this.requestCandidates.get(0))
				: RequestDecision.skip(SkipReason.NOT_ACCEPTABLE);
	}

	/**
	 * Decides how to send a request body of known size.
	 */
	RequestDecision decide(URI uri, HttpHeaders requestHeaders, long bodySize) {
		return decide(uri, requestHeaders).forSize(bodySize, this.minRequestSize);
	}

	private RequestDecision select(AcceptEncoding advertised) {
		return advertised.select(this.requestCandidates)
			.map(RequestDecision::compress)
			.orElseGet(() -> RequestDecision.skip(SkipReason.NOT_ACCEPTABLE));
	}

	/**
	 * Remembers what the origin of a response advertised in {@code Accept-Encoding}, if
	 * anything.
	 * @param uri the request URI
	 * @param responseHeaders the response headers
	 */
	public void learn(URI uri, HttpHeaders responseHeaders) {
		List<String> advertised = responseHeaders.getOrEmpty(HttpHeaders.ACCEPT_ENCODING);
		if (!advertised.isEmpty()) {
			this.origins.remember(uri, AcceptEncoding.parse(advertised));
		}
	}

	/**
	 * Decides how to resend a compressed request body that the origin refused with a
	 * {@code 415}.
	 * @return the decision for the one resend, or {@code null} if the {@code 415} does not say
	 * which codings the origin accepts, so it is not about the coding
	 */
	@Nullable RequestDecision afterRejection(URI uri, HttpHeaders responseHeaders, ContentCodec rejected) {
		List<String> advertised = responseHeaders.getOrEmpty(HttpHeaders.ACCEPT_ENCODING);
		if (advertised.isEmpty()) {
			return null;
		}
		this.recorder.rejected(Side.CLIENT, Direction.REQUEST, rejected.coding(), RejectReason.UNSUPPORTED_CODING);
		AcceptEncoding accepted = AcceptEncoding.parse(advertised);
		this.origins.remember(uri, accepted);
		RequestDecision decision = select(accepted);
		return (decision.codec() == rejected) ? RequestDecision.skip(SkipReason.NOT_ACCEPTABLE) : decision;
	}

	void recordSkipped(SkipReason reason) {
		this.recorder.skipped(Side.CLIENT, Direction.REQUEST, reason);
	}

	/**
	 * Encodes a whole request body. The interceptor API hands the body over as an array, so
	 * the encoded body is an array too.
	 */
	byte[] encode(ContentCodec codec, byte[] body) throws IOException {
		ByteArrayOutputStream encoded = new ByteArrayOutputStream(Math.max(256, body.length / 2));
		try (OutputStream encoder = CodecStreams.measuredEncoder(codec, encoded, encodedRecorder(codec))) {
			encoder.write(body);
		}
		return encoded.toByteArray();
	}

	CodecStreams.Completion encodedRecorder(ContentCodec codec) {
		return (identity, encoded, nanos) -> this.recorder.encoded(Side.CLIENT, Direction.REQUEST, codec.coding(),
				identity, encoded, nanos);
	}

	/**
	 * Returns the codecs that decode a response, in the order to apply them, or an empty list
	 * if the response is to be handed through as it is: it has no body, no content coding, or
	 * one that is not supported.
	 */
	List<ContentCodec> responseDecoders(HttpMethod method, int status, HttpHeaders responseHeaders) {
		if (HttpMethod.HEAD.equals(method) || status < 200 || status == 204 || status == 206 || status == 304) {
			return List.of();
		}
		List<String> codings = HeaderTokens.contentCodings(responseHeaders.getOrEmpty(HttpHeaders.CONTENT_ENCODING));
		if (codings.isEmpty() || codings.size() > MAX_CODING_LAYERS) {
			return List.of();
		}
		List<ContentCodec> decoders = new ArrayList<>(codings.size());
		for (int i = codings.size() - 1; i >= 0; i--) {
			ContentCodec codec = this.codecs.find(codings.get(i)).orElse(null);
			if (codec == null) {
				return List.of();
			}
			decoders.add(codec);
		}
		return decoders;
	}

	/**
	 * Returns a copy of response headers without the fields that described the encoded body.
	 */
	static HttpHeaders decodedHeaders(HttpHeaders headers) {
		HttpHeaders decoded = HttpHeaders.copyOf(headers);
		stripEncodingFields(decoded);
		return decoded;
	}

	private static void stripEncodingFields(HttpHeaders headers) {
		headers.remove(HttpHeaders.CONTENT_ENCODING);
		headers.remove(HttpHeaders.CONTENT_LENGTH);
	}

	/**
	 * Returns a stream that decodes {@code body} lazily, records the outcome, and closes
	 * {@code body} when closed.
	 */
	InputStream decodingStream(InputStream body, List<ContentCodec> decoders) {
		return new DecodingInputStream(body, decoders, this.recorder);
	}

	/**
	 * Builds a {@link ClientCompression}.
	 */
	public static final class Builder {

		private final ContentCodecs codecs;

		private List<String> acceptEncodings = List.of();

		private String requestEncoding = "lzf";

		private RequestCompression policy = RequestCompression.AUTO;

		private long minRequestSize = 4500;

		private @Nullable OriginCache origins;

		private CompressionRecorder recorder = CompressionRecorder.NONE;

		private Builder(ContentCodecs codecs) {
			this.codecs = codecs;
		}

		/**
		 * Sets the codings to accept in responses, most preferred first.
		 * @param codings the coding tokens; empty for every codec
		 * @return this builder
		 */
		public Builder acceptEncodings(List<String> codings) {
			this.acceptEncodings = List.copyOf(codings);
			return this;
		}

		/**
		 * Sets the coding for request bodies.
		 * @param coding the coding token
		 * @return this builder
		 */
		public Builder requestEncoding(String coding) {
			this.requestEncoding = coding;
			return this;
		}

		/**
		 * Sets when request bodies are compressed.
		 * @param policy the policy
		 * @return this builder
		 */
		public Builder requestCompression(RequestCompression policy) {
			this.policy = policy;
			return this;
		}

		/**
		 * Sets the smallest request body that is compressed.
		 * @param bytes the threshold in bytes
		 * @return this builder
		 */
		public Builder minRequestSize(long bytes) {
			this.minRequestSize = bytes;
			return this;
		}

		/**
		 * Sets the cache of what origins advertised.
		 * @param origins the cache
		 * @return this builder
		 */
		public Builder origins(OriginCache origins) {
			this.origins = origins;
			return this;
		}

		/**
		 * Sets the recorder that receives every outcome.
		 * @param recorder the recorder
		 * @return this builder
		 */
		public Builder recorder(CompressionRecorder recorder) {
			this.recorder = recorder;
			return this;
		}

		/**
		 * Builds the policy.
		 * @return the policy
		 * @throws IllegalArgumentException if a coding names no codec
		 */
		public ClientCompression build() {
			return new ClientCompression(this);
		}

	}

}
