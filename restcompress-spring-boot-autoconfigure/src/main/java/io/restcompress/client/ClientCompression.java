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

import io.restcompress.codec.CodecStreams;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.ContentDecoding;
import io.restcompress.codec.ContentDecodingException;
import io.restcompress.codec.ContentTooLargeException;
import io.restcompress.decision.CompressionDecisions;
import io.restcompress.dictionary.DictionaryStore;
import io.restcompress.internal.RecordingDecodingListener;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.Side;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;

/**
 * The client side of restcompress that the {@code RestTemplate}/{@code RestClient} interceptor
 * and the {@code WebClient} filter share: the {@code Accept-Encoding} to send, the
 * {@linkplain RequestPolicy policy for request bodies}, and how to decode a response, through
 * the codec layer's {@link ContentDecoding} pipeline within the configured limits. Immutable
 * apart from its origin cache; thread-safe.
 */
public final class ClientCompression {

	private final ContentCodecs codecs;

	private final String acceptEncoding;

	private final RequestPolicy requests;

	private final long maxDecodedSize;

	private final int maxCodings;

	private final CompressionRecorder recorder;

	private final ContentDecoding.Listener decodingMeters;

	private final @Nullable ClientDictionaries dictionaries;

	private ClientCompression(Builder builder) {
		this.codecs = builder.codecs;
		List<ContentCodec> accepted = accepted(this.codecs, builder.acceptEncodings);
		this.acceptEncoding = accepted.stream().map(ContentCodec::coding).collect(Collectors.joining(", "));
		ContentCodec requestCodec = this.codecs.find(builder.requestEncoding)
			.orElseThrow(() -> new IllegalArgumentException("Unknown request encoding '" + builder.requestEncoding
					+ "' (restcompress.client.request-encoding); available: " + this.codecs.tokens()));
		if (builder.maxDecodedSize < 1) {
			throw new IllegalArgumentException("maxDecodedSize (restcompress.client.max-decoded-size) must be "
					+ "positive, was " + builder.maxDecodedSize);
		}
		if (builder.maxCodings < 1) {
			throw new IllegalArgumentException(
					"maxCodings (restcompress.client.max-codings) must be at least 1, was " + builder.maxCodings);
		}
		List<ContentCodec> candidates = new ArrayList<>(this.codecs.all());
		candidates.remove(requestCodec);
		candidates.add(0, requestCodec);
		OriginCache origins = (builder.origins != null) ? builder.origins
				: new OriginCache(1000, Duration.ofHours(1), Clock.systemUTC());
		this.requests = new RequestPolicy(candidates, builder.policy, builder.minRequestSize, origins,
				builder.recorder, builder.decisions, builder.timeBudget);
		this.maxDecodedSize = builder.maxDecodedSize;
		this.maxCodings = builder.maxCodings;
		this.recorder = builder.recorder;
		this.decodingMeters = new RecordingDecodingListener(
				CompressionDecisions.decodingRecorder(builder.decisions, this.recorder),
				Side.CLIENT, Direction.RESPONSE);
		this.dictionaries = (builder.dictionaries != null) ? ClientDictionaries.of(builder.dictionaries, this.codecs)
				: null;
	}

	private static List<ContentCodec> accepted(ContentCodecs codecs, List<String> codings) {
		try {
			return codecs.inOrder(codings);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(ex.getMessage() + " (restcompress.client.accept-encodings)");
		}
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
		return this.requests.minRequestSize();
	}

	/**
	 * Returns the most bytes a response body may decode to.
	 * @return the limit in bytes
	 */
	public long maxDecodedSize() {
		return this.maxDecodedSize;
	}

	/**
	 * Returns the most codings stacked on a response body that are decoded.
	 * @return the number of codings
	 */
	public int maxCodings() {
		return this.maxCodings;
	}

	/**
	 * Returns the cache of what origins advertised.
	 * @return the origin cache
	 */
	public OriginCache origins() {
		return this.requests.origins();
	}

	/**
	 * Remembers what the origin of a response advertised in {@code Accept-Encoding}, if
	 * anything.
	 * @param uri the request URI
	 * @param responseHeaders the response headers
	 */
	public void learn(URI uri, HttpHeaders responseHeaders) {
		this.requests.learn(uri, responseHeaders);
	}

	/**
	 * Stops what runs in the background: the fetching of dictionaries that responses link to.
	 * Spring calls it when the bean is destroyed; the policy goes on deciding, compressing and
	 * decoding after it, without fetching.
	 */
	public void close() {
		if (this.dictionaries != null) {
			this.dictionaries.close();
		}
	}

	RequestPolicy requests() {
		return this.requests;
	}

	/**
	 * Whether a request asked to be left alone with {@link RestCompressClient#SKIP_ATTRIBUTE}.
	 */
	static boolean skipRequested(Map<String, Object> attributes) {
		Object value = attributes.get(RestCompressClient.SKIP_ATTRIBUTE);
		return Boolean.TRUE.equals(value) || "true".equals(value);
	}

	/**
	 * Encodes a whole request body. The interceptor API hands the body over as an array, so
	 * the encoded body is an array too.
	 */
	byte[] encode(RequestDecision decision, ContentCodec codec, byte[] body) throws IOException {
		ByteArrayOutputStream encoded = new ByteArrayOutputStream(Math.max(256, body.length / 2));
		try (OutputStream encoder = CodecStreams.measuredEncoder(codec, encoded, encodedRecorder(decision, codec))) {
			encoder.write(body);
		}
		return encoded.toByteArray();
	}

	CodecStreams.Completion encodedRecorder(RequestDecision decision, ContentCodec codec) {
		CodecStreams.Completion feedback = decision.feedback();
		return (identity, encoded, nanos) -> {
			this.recorder.encoded(Side.CLIENT, Direction.REQUEST, codec.coding(), identity, encoded, nanos);
			if (feedback != null) {
				feedback.completed(identity, encoded, nanos);
			}
		};
	}

	/**
	 * Offers the request's origin's best dictionary for its path, if dictionaries are on and
	 * one applies: adds {@code dcz} to {@code Accept-Encoding}, {@code Available-Dictionary}
	 * and {@code Dictionary-ID}.
	 * @param uri the request URI
	 * @param headers the request's headers, with the {@code Accept-Encoding} the client sends
	 * @return the codings that decode a {@code dcz} or {@code dcb} answer, empty if nothing was
	 * offered
	 */
	List<ContentCodec> offerDictionary(URI uri, HttpHeaders headers) {
		return (this.dictionaries != null) ? this.dictionaries.offer(uri, headers) : List.of();
	}

	/**
	 * Adds what a request accepts, unless the application set {@code Accept-Encoding} itself:
	 * the codings, and the origin's best dictionary for the path.
	 * @param uri the request URI
	 * @param headers the request's headers, changed in place
	 * @return the codings that decode a {@code dcz} or {@code dcb} answer, empty if no dictionary
	 * was offered
	 */
	List<ContentCodec> accepting(URI uri, HttpHeaders headers) {
		if (headers.containsHeader(HttpHeaders.ACCEPT_ENCODING)) {
			return List.of();
		}
		headers.set(HttpHeaders.ACCEPT_ENCODING, this.acceptEncoding);
		return offerDictionary(uri, headers);
	}

	/**
	 * Returns how to read a response: the codecs that decode it (with the dictionary coding
	 * offered for it, if any), and the dictionary it announces, if dictionaries are on and the
	 * body will be read decoded (a body left in a coding the client cannot decode is no
	 * dictionary: RFC 9842 dictionaries are the decoded content); and
	 * fetches the dictionaries it links to in the background.
	 */
	ResponseReading responseReading(URI uri, HttpMethod method, int status, HttpHeaders responseHeaders,
			List<ContentCodec> offered) {
		List<ContentCodec> decoders = List.of();
		boolean hasBody = ContentDecoding.decodesResponse(method.name(), status);
		boolean readAsItIs = false;
		if (hasBody) {
			ContentCodecs available = this.codecs;
			if (!offered.isEmpty()) {
				List<ContentCodec> withDictionary = new ArrayList<>(this.codecs.all());
				withDictionary.addAll(offered);
				available = ContentCodecs.of(withDictionary);
			}
			ContentDecoding.Resolution resolution = ContentDecoding.resolve(available,
					responseHeaders.getOrEmpty(HttpHeaders.CONTENT_ENCODING), this.maxCodings);
			if (resolution instanceof ContentDecoding.Decoders found) {
				decoders = found.decoders();
			}
			else {
				readAsItIs = true;
			}
		}
		ClientDictionaries.Announced dictionary = null;
		if (this.dictionaries != null) {
			dictionary = (hasBody && !readAsItIs) ? this.dictionaries.announced(status, responseHeaders) : null;
			this.dictionaries.followLinks(uri, responseHeaders);
		}
		return new ResponseReading(decoders, dictionary, decoders.isEmpty() ? responseHeaders.getContentLength() : -1);
	}

	/**
	 * Returns the stream to read a response body from, as {@code reading} says: decoded within
	 * the limit, and kept as a dictionary once read to its end.
	 */
	InputStream readingStream(InputStream body, ResponseReading reading, URI uri) {
		InputStream decoded = reading.decoders().isEmpty() ? body : decodingStream(body, reading.decoders(), uri);
		ClientDictionaries.Announced dictionary = reading.dictionary();
		return (dictionary != null && this.dictionaries != null)
				? this.dictionaries.keeping(decoded, uri, dictionary, reading.identityLength()) : decoded;
	}

	/**
	 * Returns a copy of response headers without the fields that described the encoded body.
	 */
	static HttpHeaders decodedHeaders(HttpHeaders headers) {
		HttpHeaders decoded = HttpHeaders.copyOf(headers);
		ContentDecoding.ENCODED_BODY_FIELDS.forEach(decoded::remove);
		return decoded;
	}

	/**
	 * Returns a stream that decodes a response body from {@code uri} lazily, at most
	 * {@link #maxDecodedSize()} bytes, records the outcome, and closes {@code body} when
	 * closed.
	 */
	InputStream decodingStream(InputStream body, List<ContentCodec> decoders, URI uri) {
		return ContentDecoding.open(body, decoders, this.maxDecodedSize, new ContentDecoding.Listener() {

			@Override
			public void decoded(String coding, long identityBytes, long encodedBytes, long codecNanos) {
				ClientCompression.this.decodingMeters.decoded(coding, identityBytes, encodedBytes, codecNanos);
			}

			@Override
			public ContentDecodingException failed(ContentDecodingException failure) {
				ClientCompression.this.decodingMeters.failed(failure);
				if (failure instanceof ContentTooLargeException tooLarge && tooLarge.getLimit() >= 0) {
					return new ResponseTooLargeException(failure.getCoding(), ClientCompression.this.maxDecodedSize,
							OriginCache.origin(uri));
				}
				return failure;
			}

		});
	}

	/**
	 * How to read one response body.
	 *
	 * @param decoders the codecs that decode it, last applied first; empty to read it as it is
	 * @param dictionary the dictionary it announces, or {@code null}
	 * @param identityLength the length of a body read as it is, from its {@code Content-Length},
	 * or {@code -1} if unknown or decoded
	 */
	record ResponseReading(List<ContentCodec> decoders, ClientDictionaries.@Nullable Announced dictionary,
			long identityLength) {

		/**
		 * Whether the response is handed over as it is.
		 * @return {@code true} if there is nothing to decode or keep
		 */
		boolean untouched() {
			return this.decoders.isEmpty() && this.dictionary == null;
		}

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

		private long maxDecodedSize = 16 * 1024 * 1024;

		private int maxCodings = 3;

		private @Nullable OriginCache origins;

		private CompressionRecorder recorder = CompressionRecorder.NONE;

		private @Nullable CompressionDecisions decisions;

		private @Nullable Duration timeBudget;

		private @Nullable DictionaryStore dictionaries;

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
			if (bytes < 0) {
				throw new IllegalArgumentException(
						"minRequestSize (restcompress.client.min-request-size) must not be negative, was " + bytes);
			}
			this.minRequestSize = bytes;
			return this;
		}

		/**
		 * Sets the most bytes a response body may decode to; reading more fails with a
		 * {@link ResponseTooLargeException}.
		 * @param bytes the limit in bytes
		 * @return this builder
		 */
		public Builder maxDecodedSize(long bytes) {
			this.maxDecodedSize = bytes;
			return this;
		}

		/**
		 * Sets the most codings stacked on a response body that are decoded; a body with more
		 * is handed through as it is.
		 * @param codings the number of codings
		 * @return this builder
		 */
		public Builder maxCodings(int codings) {
			this.maxCodings = codings;
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
		 * Sets the adaptive decision that chooses the coding and level of request bodies
		 * (among the codings the origin accepts) for the link to each origin.
		 * @param decisions the decision, or {@code null} for the configured request coding
		 * @param timeBudget the longest predicted encode time for a request body, or
		 * {@code null} for none
		 * @return this builder
		 */
		public Builder decisions(@Nullable CompressionDecisions decisions, @Nullable Duration timeBudget) {
			if (decisions == null && timeBudget != null) {
				throw new IllegalArgumentException("A request time budget (restcompress.client.request.time-budget) "
						+ "needs the adaptive decision (restcompress.client.decision=adaptive)");
			}
			if (timeBudget != null && (timeBudget.isNegative() || timeBudget.isZero())) {
				throw new IllegalArgumentException("The request time budget (restcompress.client.request.time-budget) "
						+ "must be positive, was " + timeBudget);
			}
			this.decisions = decisions;
			this.timeBudget = timeBudget;
			return this;
		}

		/**
		 * Turns compression dictionaries (RFC 9842) on: responses that announce themselves
		 * with {@code Use-As-Dictionary} are kept in the store under their origin, and offered
		 * to later requests of the same origin that they match. Needs the zstd codec.
		 * @param store where dictionaries are kept, or {@code null} for none
		 * @return this builder
		 */
		public Builder dictionaries(@Nullable DictionaryStore store) {
			this.dictionaries = store;
			return this;
		}

		/**
		 * Builds the policy.
		 * @return the policy
		 * @throws IllegalArgumentException if a coding names no codec, or a limit is out of
		 * range
		 */
		public ClientCompression build() {
			return new ClientCompression(this);
		}

	}

}
