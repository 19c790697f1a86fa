package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.jspecify.annotations.Nullable;

/**
 * The one decoding pipeline of the server filters and the clients, free of any web stack: which
 * codecs undo a {@code Content-Encoding}, which messages carry a body to decode, and a lazy,
 * measured and size-limited chain of decoders over a body.
 */
public final class ContentDecoding {

	/**
	 * The header fields that describe an encoded body, which whoever reads the decoded body
	 * must not see: {@code Content-Encoding} and {@code Content-Length}.
	 */
	public static final List<String> ENCODED_BODY_FIELDS = List.of("Content-Encoding", "Content-Length");

	private ContentDecoding() {
	}

	/**
	 * Whether a header field is one of the {@link #ENCODED_BODY_FIELDS}.
	 * @param name the field's name, in any case
	 * @return {@code true} if a decoded body's reader must not see it
	 */
	public static boolean describesEncodedBody(String name) {
		for (String field : ENCODED_BODY_FIELDS) {
			if (field.equalsIgnoreCase(name)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Resolves the values of {@code Content-Encoding} fields to the codecs that undo them.
	 * @param codecs the available codecs
	 * @param contentEncoding the field values, in the order they were received
	 * @param maxLayers the most stacked codings accepted
	 * @return the decoders, or why there are none
	 * @throws IllegalArgumentException if {@code maxLayers} is less than one
	 */
	public static Resolution resolve(ContentCodecs codecs, List<String> contentEncoding, int maxLayers) {
		if (maxLayers < 1) {
			throw new IllegalArgumentException("maxLayers must be at least 1, was " + maxLayers);
		}
		List<String> codings = HeaderTokens.contentCodings(contentEncoding);
		List<ContentCodec> decoders = new ArrayList<>(codings.size());
		for (String coding : codings) {
			ContentCodec codec = codecs.find(coding).orElse(null);
			if (codec == null) {
				return new Unsupported(codings, coding);
			}
			decoders.add(0, codec);
		}
		if (codings.size() > maxLayers) {
			return new TooManyLayers(codings, maxLayers);
		}
		return new Decoders(codings, List.copyOf(decoders));
	}

	/**
	 * Whether {@code Content-Encoding} field values name a content coding other than
	 * {@code identity}, that is whether the content is already encoded.
	 * @param contentEncoding the field values
	 * @return {@code true} if the content is encoded
	 */
	public static boolean isEncoded(Iterable<String> contentEncoding) {
		return !HeaderTokens.contentCodings(contentEncoding).isEmpty();
	}

	/**
	 * Whether a response may carry content (RFC 9110 6.4.1): not to a {@code HEAD}, and not
	 * with a 1xx, 204 or 304 status.
	 * @param method the request method
	 * @param status the response status code
	 * @return {@code true} if the response may have content
	 */
	public static boolean mayCarryBody(String method, int status) {
		return !"HEAD".equals(method) && status >= 200 && status != 204 && status != 304;
	}

	/**
	 * Whether the content of a response can be decoded as a whole: it may carry content, and it
	 * is not a 206, whose content is a range of the encoded representation.
	 * @param method the request method
	 * @param status the response status code
	 * @return {@code true} if the response content is to be decoded
	 */
	public static boolean decodesResponse(String method, int status) {
		return mayCarryBody(method, status) && status != 206;
	}

	/**
	 * Returns a stream of the decoded body. Nothing is decoded until the first read, and an
	 * empty body (allowed with any {@code Content-Encoding}) reads as empty. Every layer is
	 * measured; the decoded body is limited to {@code maxDecodedBytes}, and each layer below it
	 * to that plus the growth a coding gives incompressible content; the first failure goes to the listener
	 * and what it returns is thrown from that read and every later one. Closing the stream
	 * closes the decoders and {@code source}.
	 * @param source the encoded body
	 * @param decoders the codecs in decoding order, the last applied first, as
	 * {@link Decoders#decoders()} lists them; empty for an unencoded body
	 * @param maxDecodedBytes the most bytes the decoded body may have
	 * @param listener receives each layer's measurement and the first failure
	 * @return the decoded body
	 * @throws IllegalArgumentException if {@code maxDecodedBytes} is negative
	 */
	public static InputStream open(InputStream source, List<ContentCodec> decoders, long maxDecodedBytes,
			Listener listener) {
		if (maxDecodedBytes < 0) {
			throw new IllegalArgumentException("maxDecodedBytes must not be negative, was " + maxDecodedBytes);
		}
		return new DecodedInputStream(source, List.copyOf(decoders), maxDecodedBytes, listener);
	}

	/**
	 * What {@link #resolve} found.
	 */
	public sealed interface Resolution permits Decoders, Unsupported, TooManyLayers {

		/**
		 * Returns the codings the fields named, lower case and without {@code identity}.
		 * @return the codings, first applied first
		 */
		List<String> codings();

	}

	/**
	 * Every coding is supported.
	 *
	 * @param codings the codings, first applied first
	 * @param decoders the codecs that undo them, last applied first; empty for identity
	 */
	public record Decoders(List<String> codings, List<ContentCodec> decoders) implements Resolution {

		/**
		 * No content coding.
		 */
		public static final Decoders IDENTITY = new Decoders(List.of(), List.of());

		/**
		 * Whether there is nothing to decode.
		 * @return {@code true} for identity
		 */
		public boolean identity() {
			return this.decoders.isEmpty();
		}

		/**
		 * Returns the decoders a request's body goes through: none when there is nothing to
		 * decode, without asking whether there is a body, or when there is no body.
		 * @param hasBody whether the request has a body
		 * @return the decoders, first applied first
		 */
		public List<ContentCodec> forBody(BooleanSupplier hasBody) {
			return (!identity() && hasBody.getAsBoolean()) ? this.decoders : List.of();
		}

	}

	/**
	 * A coding has no codec.
	 *
	 * @param codings the codings, first applied first
	 * @param coding the first coding without a codec
	 */
	public record Unsupported(List<String> codings, String coding) implements Resolution {
	}

	/**
	 * Every coding is supported, but more are stacked than allowed.
	 *
	 * @param codings the codings, first applied first
	 * @param maxLayers the most stacked codings accepted
	 */
	public record TooManyLayers(List<String> codings, int maxLayers) implements Resolution {
	}

	/**
	 * Receives what a decoded body reports. Called on the thread that reads the body.
	 */
	public interface Listener {

		/**
		 * A listener that reports nothing and throws failures as they are.
		 */
		Listener NONE = new Listener() {
		};

		/**
		 * A layer was decoded to its end and closed.
		 * @param coding the layer's coding
		 * @param identityBytes the size after decoding
		 * @param encodedBytes the size before decoding
		 * @param codecNanos the time spent in the decoder
		 */
		default void decoded(String coding, long identityBytes, long encodedBytes, long codecNanos) {
		}

		/**
		 * The body failed to decode; called once, with the first failure.
		 * @param failure the failure: corrupt data or too many bytes
		 * @return the exception to throw in its place
		 */
		default ContentDecodingException failed(ContentDecodingException failure) {
			return failure;
		}

	}

	private static final class DecodedInputStream extends InputStream {

		private static final long INTERMEDIATE_ALLOWANCE = 64 * 1024;

		private final InputStream source;

		private final List<ContentCodec> decoders;

		private final long maxDecodedBytes;

		private final Listener listener;

		private final byte[] single = new byte[1];

		private @Nullable InputStream decoded;

		private @Nullable ContentDecodingException failure;

		DecodedInputStream(InputStream source, List<ContentCodec> decoders, long maxDecodedBytes, Listener listener) {
			this.source = source;
			this.decoders = decoders;
			this.maxDecodedBytes = maxDecodedBytes;
			this.listener = listener;
		}

		@Override
		public int read() throws IOException {
			int n = read(this.single, 0, 1);
			return (n == -1) ? -1 : this.single[0] & 0xFF;
		}

		@Override
		public int read(byte[] bytes, int offset, int length) throws IOException {
			if (this.failure != null) {
				throw this.failure;
			}
			try {
				return decoded().read(bytes, offset, length);
			}
			catch (ContentDecodingException ex) {
				this.failure = this.listener.failed(ex);
				throw this.failure;
			}
		}

		@Override
		public int available() throws IOException {
			return (this.decoded != null && this.failure == null) ? this.decoded.available() : 0;
		}

		@Override
		public void close() throws IOException {
			if (this.decoded != null) {
				this.decoded.close();
			}
			else {
				this.source.close();
			}
		}

		private InputStream decoded() throws IOException {
			if (this.decoded == null) {
				PushbackInputStream probe = new PushbackInputStream(this.source, 1);
				int first = probe.read();
				if (first == -1) {
					this.decoded = probe;
					return probe;
				}
				probe.unread(first);
				InputStream stream = probe;
				try {
					for (int i = 0; i < this.decoders.size(); i++) {
						ContentCodec codec = this.decoders.get(i);
						long limit = (i == this.decoders.size() - 1) ? this.maxDecodedBytes
								: intermediateLimit(this.maxDecodedBytes);
						stream = CodecStreams.limited(layer(codec, stream), codec.coding(), limit,
								this.maxDecodedBytes);
					}
				}
				catch (IOException | RuntimeException ex) {
					closeAfterFailure(stream, ex);
					throw ex;
				}
				this.decoded = stream;
			}
			return this.decoded;
		}

		/**
		 * The most bytes a layer below the last may produce: the body's limit plus what a
		 * coding adds to incompressible content (lzf about 3%, the others less), so that a body
		 * of up to the limit decodes whatever the codings stacked on it, while a layer that
		 * grows without bound (a bomb, or zstd's skippable frames) is still stopped.
		 */
		private static long intermediateLimit(long maxDecodedBytes) {
			long limit = maxDecodedBytes + maxDecodedBytes / 16 + INTERMEDIATE_ALLOWANCE;
			return (limit < 0) ? Long.MAX_VALUE : limit;
		}

		private static void closeAfterFailure(InputStream built, Exception failure) {
			try {
				built.close();
			}
			catch (IOException ex) {
				failure.addSuppressed(ex);
			}
		}

		private InputStream layer(ContentCodec codec, InputStream source) throws IOException {
			return CodecStreams.measuredDecoder(codec, source,
					(identity, encoded, nanos) -> this.listener.decoded(codec.coding(), identity, encoded, nanos));
		}

	}

}
