package io.restcompress.internal.server;

import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentDecoding;
import io.restcompress.codec.ContentDecodingException;
import io.restcompress.codec.ContentTimeoutException;
import io.restcompress.codec.ContentTooLargeException;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.RejectReason;
import io.restcompress.metrics.Side;
import io.restcompress.server.ServerCompressionSettings;
import org.jspecify.annotations.Nullable;


/**
 * The contract's rules for a request body, for every web stack: the decoders it goes through
 * before the application reads it, or the 415 it is refused with (a coding the server does not
 * decode, more layers than allowed, or an encoded multipart body: a servlet container parses
 * its parts from the bytes as they were sent, and WebFlux's parser stops reading at the closing
 * delimiter, before the decoders could find the data corrupt, truncated or followed by garbage);
 * and the {@code Accept-Encoding} that responses advertise (RFC 7694). Thread-safe.
 */
public final class RequestDecodingRules {

	/**
	 * The most of a refused request's body that is read and dropped before the refusal, as
	 * much as Tomcat swallows by default after a response ({@code maxSwallowSize}).
	 */
	public static final long MAX_DRAINED_BODY = 2 * 1024 * 1024;

	private final ServerCompressionSettings settings;

	private final CompressionRecorder recorder;

	private final @Nullable String advertisedCodings;

	/**
	 * Creates the rules.
	 * @param settings the server's settings
	 * @param recorder records the refused requests
	 */
	public RequestDecodingRules(ServerCompressionSettings settings, CompressionRecorder recorder) {
		this.settings = settings;
		this.recorder = recorder;
		this.advertisedCodings = (settings.decodeRequests() && settings.advertiseRequestCodings())
				? settings.codecs().tokens() : null;
	}

	/**
	 * Whether a protocol, as a servlet container names a request's ({@code HTTP/1.1},
	 * {@code HTTP/2.0}), is HTTP/1.x.
	 * @param protocol the protocol's name and version
	 * @return {@code true} for HTTP/1.0 and HTTP/1.1
	 */
	public static boolean isHttp1(String protocol) {
		return protocol.startsWith("HTTP/1");
	}

	/**
	 * Whether a request may carry a body: one with a positive {@code Content-Length}, one with
	 * {@code Transfer-Encoding}, and one without {@code Content-Length} over HTTP/2 or later,
	 * which frames bodies without either field.
	 * @param contentLength the request's {@code Content-Length}, or {@code -1} if it has none
	 * @param transferEncoding whether the request has {@code Transfer-Encoding}
	 * @param overHttp1 whether the request came over HTTP/1.x
	 * @return whether there may be a body to decode
	 */
	public static boolean hasBody(long contentLength, boolean transferEncoding, boolean overHttp1) {
		if (contentLength >= 0) {
			return contentLength > 0;
		}
		return transferEncoding || !overHttp1;
	}

	/**
	 * Whether a refused request's body is read and dropped before the refusal, up to
	 * {@link #MAX_DRAINED_BODY}, so that the refusal ends the exchange cleanly: over HTTP/2 a
	 * server that leaves a body unread resets the stream, and some clients then report the
	 * reset instead of the refusal; over HTTP/1.x a connection closed with a body unread is
	 * reset by TCP, which can destroy the refusal before the client reads it (RFC 9112, section
	 * 9.6). Not a body declared longer than the limit, and not when an HTTP/1.x client waits
	 * for {@code 100 Continue} before it sends the body: reading would ask for a body that the
	 * refusal makes useless.
	 * @param contentLength the request's {@code Content-Length}, or {@code -1} if it has none
	 * @param expectsContinue whether the request has an {@code Expect} field
	 * @param overHttp1 whether the request came over HTTP/1.x
	 * @return whether to read the body before the refusal
	 */
	public static boolean drainsRefusedBody(long contentLength, boolean expectsContinue, boolean overHttp1) {
		return contentLength <= MAX_DRAINED_BODY && !(expectsContinue && overHttp1);
	}

	/**
	 * Whether the servlet filter reads and drops what is left of a body that failed to decode
	 * before it answers, as for a refusal: not after a read that timed out, which would wait
	 * again, nor over HTTP/1.x for a body past the decoded-size limit, which is answered at once
	 * however much of it is still to come (a blocking read would hold the answer for a client
	 * that stopped sending as long as the container lets a read wait). The WebFlux decoder drains
	 * after every too large or corrupt body, each of its reads bounded by its idle timeout.
	 * @param failure why the body failed to decode
	 * @param overHttp1 whether the request came over HTTP/1.x
	 * @return whether to read the rest of the body before the answer
	 */
	public static boolean drainsAfterDecodingFailure(ContentDecodingException failure, boolean overHttp1) {
		return !(failure instanceof ContentTimeoutException) && !(overHttp1 && failure instanceof ContentTooLargeException);
	}

	/**
	 * Whether a refusal closes the connection after it is sent: over HTTP/1.x when the body
	 * was not read to its end, since the rest of it would be taken for the next request
	 * (RFC 9110, section 10.1.1: the server says so with {@code Connection: close}). Over
	 * HTTP/2 the stream ends on its own.
	 * @param bodyRead whether the body was read to its end (or there was none)
	 * @param overHttp1 whether the request came over HTTP/1.x
	 * @return whether the refusal carries {@code Connection: close}
	 */
	public static boolean closesAfterRefusal(boolean bodyRead, boolean overHttp1) {
		return overHttp1 && !bodyRead;
	}

	/**
	 * Decides what happens to a request's body, recording a refusal.
	 * @param contentEncoding the request's {@code Content-Encoding} values, empty if none
	 * @param contentType supplies the request's {@code Content-Type}, or {@code null}; asked
	 * only if the body is to be decoded
	 * @param hasBody whether the request has a body, asked only if it names a coding to decode
	 * @return the decoders, or the refusal
	 */
	public Admission admit(List<String> contentEncoding, Supplier<@Nullable String> contentType,
			BooleanSupplier hasBody) {
		ContentDecoding.Resolution resolution = resolve(contentEncoding);
		if (resolution instanceof ContentDecoding.TooManyLayers tooMany) {
			return refuse("stacked", CodingProblem.tooManyCodings(String.join(", ", tooMany.codings()),
					tooMany.maxLayers(), this.settings.codecs().tokens()));
		}
		if (!(resolution instanceof ContentDecoding.Decoders decoders)) {
			return refuse("unknown", CodingProblem.unsupportedCoding(String.join(", ", resolution.codings()),
					this.settings.codecs().tokens()));
		}
		List<ContentCodec> bodyDecoders = decoders.forBody(hasBody);
		if (!bodyDecoders.isEmpty() && isMultipart(contentType.get())) {
			return refuse(bodyDecoders.get(0).coding(),
					CodingProblem.unsupportedCodingForMultipart(String.join(", ", decoders.codings())));
		}
		return bodyDecoders.isEmpty() ? Admission.AS_SENT : new Admission(bodyDecoders, null);
	}

	/**
	 * Returns the {@code Accept-Encoding} that responses carry to tell clients which request
	 * codings the server decodes.
	 * @return the codings, or {@code null} if responses do not advertise them
	 */
	public @Nullable String advertisedCodings() {
		return this.advertisedCodings;
	}

	private ContentDecoding.Resolution resolve(List<String> contentEncoding) {
		if (!this.settings.decodeRequests() || contentEncoding.isEmpty()) {
			return ContentDecoding.Decoders.IDENTITY;
		}
		return ContentDecoding.resolve(this.settings.codecs(), contentEncoding, this.settings.maxRequestCodings());
	}

	private Admission refuse(String coding, CodingProblem problem) {
		this.recorder.rejected(Side.SERVER, Direction.REQUEST, coding, RejectReason.UNSUPPORTED_CODING);
		return new Admission(List.of(), problem);
	}

	private static boolean isMultipart(@Nullable String contentType) {
		return contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith("multipart/");
	}

	/**
	 * What {@link #admit} decided: the decoders the body is read through, outermost coding
	 * first (none for identity), or the problem the request is answered with instead of
	 * reaching the application.
	 *
	 * @param decoders the decoders, empty if the request is refused
	 * @param refusal the problem, or {@code null} if the request is admitted
	 */
	public record Admission(List<ContentCodec> decoders, @Nullable CodingProblem refusal) {

		/** A request admitted with its body read as it was sent. */
		public static final Admission AS_SENT = new Admission(List.of(), null);

	}

}
