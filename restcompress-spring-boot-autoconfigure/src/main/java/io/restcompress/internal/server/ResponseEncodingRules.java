package io.restcompress.internal.server;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

import io.restcompress.codec.AcceptEncoding;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentDecoding;
import io.restcompress.decision.AdaptiveChoice;
import io.restcompress.decision.CompressionDecisions;
import io.restcompress.decision.LadderRung;
import io.restcompress.decision.NetworkLink;
import io.restcompress.internal.SizeThreshold;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.Side;
import io.restcompress.metrics.SkipReason;
import io.restcompress.server.CompressionMode;
import io.restcompress.server.ServerCompressionSettings;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.util.ConcurrentLruCache;
import org.springframework.util.InvalidMimeTypeException;
import org.springframework.util.MimeType;

/**
 * The contract's rules for encoding a response, for every web stack: whether the handler, the
 * status, the header fields, the body's size and the client's {@code Accept-Encoding} allow
 * it, and with which coding: the client's preferred one ({@code fixed}), or the one the
 * {@link CompressionDecisions adaptive decision} predicts to deliver the body soonest to the
 * peer. {@code HEAD} is decided as the {@code GET} it stands for, and a {@code 304} as the
 * {@code 200} it validates. Thread-safe.
 */
public final class ResponseEncodingRules {

	/** How many {@code Content-Type} values, the most recently used, have their compressibility remembered. */
	static final int MAX_REMEMBERED_TYPES = 256;

	private final ServerCompressionSettings settings;

	private final ConcurrentLruCache<String, Boolean> compressibleTypes = new ConcurrentLruCache<>(
			MAX_REMEMBERED_TYPES, this::parseCompressible);

	private final @Nullable CompressionDecisions decisions;

	private final @Nullable Duration timeBudget;

	/**
	 * Creates the rules with the {@code fixed} decision: the coding the client prefers.
	 * @param settings the server's settings
	 */
	public ResponseEncodingRules(ServerCompressionSettings settings) {
		this(settings, null, null);
	}

	/**
	 * Creates the rules.
	 * @param settings the server's settings
	 * @param decisions the adaptive decision, or {@code null} for the {@code fixed} one
	 * @param timeBudget the longest predicted encode time for a response, or {@code null}
	 */
	public ResponseEncodingRules(ServerCompressionSettings settings, @Nullable CompressionDecisions decisions,
			@Nullable Duration timeBudget) {
		this.settings = settings;
		this.decisions = decisions;
		this.timeBudget = timeBudget;
	}

	/**
	 * Returns the recorder for the request bodies the server decodes: {@code recorder}, which
	 * under the adaptive decision also teaches it how fast peers decode each coding.
	 * @param recorder the server's recorder
	 * @return the recorder for decoded request bodies
	 */
	public CompressionRecorder decodingRecorder(CompressionRecorder recorder) {
		return CompressionDecisions.decodingRecorder(this.decisions, recorder);
	}

	/**
	 * Returns the smallest body, in bytes, that is encoded.
	 * @return the threshold
	 */
	public long minResponseSize() {
		return this.settings.minResponseSize();
	}

	/**
	 * Decides for a response whose status, header fields and possibly length are known. An
	 * empty body is never encoded, whatever the threshold.
	 * @param handler what the handler allows, or {@code null} if no handler resolution ran
	 * @param status the status code
	 * @param fields the response's header fields
	 * @param identityLength the body's unencoded length, or {@code -1} if it is not known (a
	 * streamed body flushed before the threshold, or a body not yet written)
	 * @param acceptEncoding the request's {@code Accept-Encoding}
	 * @return the decision
	 */
	public ResponseEncodingDecision decide(@Nullable HandlerCompression handler, int status, ResponseFields fields,
			long identityLength, AcceptEncoding acceptEncoding) {
		return decide(handler, status, fields, identityLength, acceptEncoding, null);
	}

	/**
	 * Decides for a response whose status, header fields and possibly length are known, sent to
	 * a peer at a known address (which the adaptive decision finds the link by).
	 * @param handler what the handler allows, or {@code null} if no handler resolution ran
	 * @param status the status code
	 * @param fields the response's header fields
	 * @param identityLength the body's unencoded length, or {@code -1} if it is not known
	 * @param acceptEncoding the request's {@code Accept-Encoding}
	 * @param peerAddress the peer's IP address, or {@code null} if unknown
	 * @return the decision
	 */
	public ResponseEncodingDecision decide(@Nullable HandlerCompression handler, int status, ResponseFields fields,
			long identityLength, AcceptEncoding acceptEncoding, @Nullable String peerAddress) {
		return decide(handler, status, fields, identityLength, () -> acceptEncoding, () -> peerAddress);
	}

	/**
	 * Decides as {@link #decide(HandlerCompression, int, ResponseFields, long, AcceptEncoding, String)}
	 * does, reading the request's {@code Accept-Encoding} and the peer's address only when the
	 * response may be encoded (not for the many below the threshold).
	 * @param handler what the handler allows, or {@code null} if no handler resolution ran
	 * @param status the status code
	 * @param fields the response's header fields
	 * @param identityLength the body's unencoded length, or {@code -1} if it is not known
	 * @param acceptEncoding supplies the request's {@code Accept-Encoding}
	 * @param peerAddress supplies the peer's IP address, or {@code null} if unknown
	 * @return the decision
	 */
	public ResponseEncodingDecision decide(@Nullable HandlerCompression handler, int status, ResponseFields fields,
			long identityLength, Supplier<AcceptEncoding> acceptEncoding, Supplier<@Nullable String> peerAddress) {
		SkipReason reason = ineligibility(handler, status, fields);
		if (reason != null) {
			return ResponseEncodingDecision.identity(reason, false);
		}
		if (SizeThreshold.isBelow(identityLength, this.settings.minResponseSize())) {
			return ResponseEncodingDecision.identity(SkipReason.BELOW_THRESHOLD, false);
		}
		return select(handler, acceptEncoding.get(), fields.get(HttpHeaders.CONTENT_TYPE), identityLength,
				peerAddress, true);
	}

	/**
	 * Decides for a {@code 304 (Not Modified)}: the representation the {@code 200} would have
	 * had, so that the {@code 304} carries the same {@code Vary} and entity tag (RFC 9110,
	 * section 15.4.5). Its size is unknown and it may lack a content type.
	 * @param handler what the handler allows, or {@code null} if no handler resolution ran
	 * @param fields the response's header fields
	 * @param acceptEncoding the request's {@code Accept-Encoding}
	 * @return the decision for the {@code 200}
	 */
	public ResponseEncodingDecision decideNotModified(@Nullable HandlerCompression handler, ResponseFields fields,
			AcceptEncoding acceptEncoding) {
		return decideNotModified(handler, fields, acceptEncoding, null);
	}

	/**
	 * Decides for a {@code 304 (Not Modified)} sent to a peer at a known address.
	 * @param handler what the handler allows, or {@code null} if no handler resolution ran
	 * @param fields the response's header fields
	 * @param acceptEncoding the request's {@code Accept-Encoding}
	 * @param peerAddress the peer's IP address, or {@code null} if unknown
	 * @return the decision for the {@code 200}
	 */
	public ResponseEncodingDecision decideNotModified(@Nullable HandlerCompression handler, ResponseFields fields,
			AcceptEncoding acceptEncoding, @Nullable String peerAddress) {
		if (!allows(handler)) {
			return ResponseEncodingDecision.identity(SkipReason.NOT_ANNOTATED, false);
		}
		if (encodedOrUntransformable(fields)) {
			return ResponseEncodingDecision.identity(SkipReason.ALREADY_ENCODED, false);
		}
		String contentType = fields.get(HttpHeaders.CONTENT_TYPE);
		if (contentType != null && !compressibleType(contentType)) {
			return ResponseEncodingDecision.identity(SkipReason.CONTENT_TYPE, false);
		}
		return select(handler, acceptEncoding, contentType, -1, () -> peerAddress, false);
	}

	/**
	 * Returns why a response may not be encoded whatever its size (rules 1 to 4 of the
	 * contract), or {@code null} if it may.
	 * @param handler what the handler allows, or {@code null} if no handler resolution ran
	 * @param status the status code
	 * @param fields the response's header fields
	 * @return the reason, or {@code null}
	 */
	public @Nullable SkipReason ineligibility(@Nullable HandlerCompression handler, int status,
			ResponseFields fields) {
		if (!allows(handler)) {
			return SkipReason.NOT_ANNOTATED;
		}
		if (!mayEncodeStatus(status) || fields.get(HttpHeaders.CONTENT_RANGE) != null) {
			return SkipReason.STATUS_OR_METHOD;
		}
		if (encodedOrUntransformable(fields)) {
			return SkipReason.ALREADY_ENCODED;
		}
		String contentType = fields.get(HttpHeaders.CONTENT_TYPE);
		return (contentType != null && compressibleType(contentType)) ? null : SkipReason.CONTENT_TYPE;
	}

	/**
	 * Adds {@code Vary: Accept-Encoding} to a {@code 206 (Partial Content)} whose {@code 200}
	 * would carry it (RFC 9110, section 15.3.7): a range of the unencoded representation of a
	 * handler, type and complete length (from {@code Content-Range}, or unknown) that rules 1 to
	 * 5 would have made eligible. A {@code multipart/byteranges} answer, which names neither the
	 * representation's type nor its length, gets it when rules 1 and 3 hold.
	 * @param handler what the handler allows, or {@code null} if no handler resolution ran
	 * @param status the status code
	 * @param fields the response's header fields
	 */
	public void varyPartialContent(@Nullable HandlerCompression handler, int status, ResponseFields fields) {
		if (status != 206 || !allows(handler) || encodedOrUntransformable(fields)) {
			return;
		}
		String contentType = fields.get(HttpHeaders.CONTENT_TYPE);
		if (contentType == null) {
			return;
		}
		long completeLength = completeLength(fields.get(HttpHeaders.CONTENT_RANGE));
		boolean byteRanges = contentType.regionMatches(true, 0, "multipart/byteranges", 0, 20);
		if (byteRanges || (compressibleType(contentType)
				&& (completeLength < 0 || completeLength >= this.settings.minResponseSize()))) {
			EncodingHeaders.varyOnAcceptEncoding(fields);
		}
	}

	/**
	 * The complete length a {@code Content-Range} names ({@code bytes 0-99/4500}), or
	 * {@code -1} if it is unknown ({@code *}) or the field is absent or malformed.
	 */
	static long completeLength(@Nullable String contentRange) {
		if (contentRange == null) {
			return -1;
		}
		int slash = contentRange.lastIndexOf('/');
		String length = contentRange.substring(slash + 1).trim();
		if (slash < 0 || length.isEmpty() || length.length() > 18) {
			return -1;
		}
		for (int i = 0; i < length.length(); i++) {
			char c = length.charAt(i);
			if (c < '0' || c > '9') {
				return -1;
			}
		}
		return Long.parseLong(length);
	}

	/**
	 * Whether a response with this status may have an encoded body: not 1xx, 204, 206 or 304.
	 * @param status the status code
	 * @return {@code true} if it may
	 */
	public static boolean mayEncodeStatus(int status) {
		return status >= 200 && status != 204 && status != 206 && status != 304;
	}

	private ResponseEncodingDecision select(@Nullable HandlerCompression handler, AcceptEncoding acceptEncoding,
			@Nullable String contentType, long identityLength, Supplier<@Nullable String> peerAddress, boolean sent) {
		List<ContentCodec> candidates = (handler != null && handler.codecs() != null) ? handler.codecs()
				: this.settings.responseCodecs();
		ContentCodec preferred = acceptEncoding.select(candidates).orElse(null);
		if (preferred == null) {
			return ResponseEncodingDecision.identity(SkipReason.NOT_ACCEPTABLE, true);
		}
		if (this.decisions == null || isDictionaryCoding(preferred)) {
			return ResponseEncodingDecision.encode(preferred);
		}
		CompressionDecisions decisions = this.decisions;
		NetworkLink link = decisions.links().forAddress(peerAddress.get());
		List<ContentCodec> predictable = withoutDictionaryCodings(candidates);
		AdaptiveChoice choice = sent
				? decisions.decide(Side.SERVER, Direction.RESPONSE, link, predictable, acceptEncoding, contentType,
						identityLength, this.timeBudget)
				: decisions.predict(link, predictable, acceptEncoding, contentType, identityLength, this.timeBudget);
		LadderRung rung = choice.rung();
		if (rung == null) {
			return acceptEncoding.acceptsIdentity() ? ResponseEncodingDecision.identity(SkipReason.ADAPTIVE, true)
					: ResponseEncodingDecision.encode(preferred);
		}
		return ResponseEncodingDecision.encode(rung.codec(), (identity, encoded, nanos) -> decisions.learn(rung,
				contentType, identity, encoded, nanos));
	}

	/**
	 * Whether a coding encodes against a dictionary the client named. The dictionary codings are
	 * outside the adaptive choice, which cannot predict what a dictionary saves: such a coding
	 * is used whenever {@code Accept-Encoding} prefers it, and is not a candidate otherwise.
	 */
	private static boolean isDictionaryCoding(ContentCodec codec) {
		return EntityTags.DICTIONARY_CODINGS.contains(codec.coding());
	}

	private static List<ContentCodec> withoutDictionaryCodings(List<ContentCodec> codecs) {
		for (ContentCodec codec : codecs) {
			if (isDictionaryCoding(codec)) {
				return codecs.stream().filter((candidate) -> !isDictionaryCoding(candidate)).toList();
			}
		}
		return codecs;
	}

	private boolean allows(@Nullable HandlerCompression handler) {
		return (handler != null) ? handler.allowed() : this.settings.mode() == CompressionMode.ALL;
	}

	private static boolean encodedOrUntransformable(ResponseFields fields) {
		if (ContentDecoding.isEncoded(fields.getAll(HttpHeaders.CONTENT_ENCODING))) {
			return true;
		}
		return FieldMembers.contains(fields.getAll(HttpHeaders.CACHE_CONTROL), "no-transform");
	}

	private boolean compressibleType(String contentType) {
		return this.compressibleTypes.get(contentType);
	}

	private boolean parseCompressible(String contentType) {
		try {
			return this.settings.isCompressible(MimeType.valueOf(contentType));
		}
		catch (InvalidMimeTypeException ex) {
			return false;
		}
	}

}
