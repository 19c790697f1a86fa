package io.restcompress.client;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import io.restcompress.codec.AcceptEncoding;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentDecoding;
import io.restcompress.decision.AdaptiveChoice;
import io.restcompress.decision.CompressionDecisions;
import io.restcompress.decision.LadderRung;
import io.restcompress.internal.SizeThreshold;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.RejectReason;
import io.restcompress.metrics.Side;
import io.restcompress.metrics.SkipReason;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * Whether and how the clients compress a request body: from the policy, the body's size and
 * what each origin advertised or refused, learned from its responses. The one place of the
 * rules for the {@code 415} resend, shared by the interceptor and the exchange filter.
 * Thread-safe.
 */
final class RequestPolicy {

	private static final List<String> FIELDS_OF_THE_BODY_AS_SENT = List.of("Content-Digest", "Repr-Digest", "Digest",
			"Content-MD5", HttpHeaders.CONTENT_RANGE);

	private final List<ContentCodec> candidates;

	private final RequestCompression policy;

	private final long minRequestSize;

	private final OriginCache origins;

	private final CompressionRecorder recorder;

	private final @Nullable CompressionDecisions decisions;

	private final @Nullable Duration timeBudget;

	/**
	 * @param candidates the codecs a body may be compressed with, the configured one first
	 * @param decisions the adaptive decision, or {@code null} to compress with the first
	 * candidate the origin accepts
	 * @param timeBudget the longest predicted encode time, or {@code null}
	 */
	RequestPolicy(List<ContentCodec> candidates, RequestCompression policy, long minRequestSize, OriginCache origins,
			CompressionRecorder recorder, @Nullable CompressionDecisions decisions, @Nullable Duration timeBudget) {
		this.candidates = List.copyOf(candidates);
		this.policy = policy;
		this.minRequestSize = minRequestSize;
		this.origins = origins;
		this.recorder = recorder;
		this.decisions = decisions;
		this.timeBudget = timeBudget;
	}

	long minRequestSize() {
		return this.minRequestSize;
	}

	OriginCache origins() {
		return this.origins;
	}

	/**
	 * Decides how to send a request body of unknown size.
	 */
	RequestDecision decide(URI uri, HttpHeaders requestHeaders) {
		return decideFor(uri, requestHeaders, -1);
	}

	private RequestDecision decideFor(URI uri, HttpHeaders requestHeaders, long bodySize) {
		if (ContentDecoding.isEncoded(requestHeaders.getOrEmpty(HttpHeaders.CONTENT_ENCODING))
				|| describesTheBodyAsSent(requestHeaders)) {
			return RequestDecision.skip(SkipReason.ALREADY_ENCODED);
		}
		if (this.policy == RequestCompression.NEVER) {
			return RequestDecision.skip(SkipReason.DISABLED);
		}
		AcceptEncoding advertised = this.origins.lookup(uri);
		if (advertised != null) {
			return select(uri, advertised, requestHeaders, bodySize);
		}
		if (this.policy != RequestCompression.ALWAYS) {
			return RequestDecision.skip(SkipReason.NOT_ACCEPTABLE);
		}
		if (this.decisions == null) {
			return RequestDecision.compress(this.candidates.get(0));
		}
		AcceptEncoding any = AcceptEncoding
			.parse(this.candidates.stream().map(ContentCodec::coding).collect(Collectors.joining(", ")));
		return adaptive(this.decisions, uri, this.candidates, any, this.candidates.get(0), requestHeaders, bodySize);
	}

	/**
	 * Whether the application set a field that describes the body's bytes as it wrote them: a
	 * digest (RFC 9530 {@code Content-Digest} and {@code Repr-Digest}, RFC 3230 {@code Digest},
	 * {@code Content-MD5}), which a content coding would make wrong, or a {@code Content-Range},
	 * which counts the bytes of the representation it names.
	 */
	private static boolean describesTheBodyAsSent(HttpHeaders requestHeaders) {
		for (String field : FIELDS_OF_THE_BODY_AS_SENT) {
			if (requestHeaders.containsHeader(field)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Decides how to send a request body of known size.
	 */
	RequestDecision decide(URI uri, HttpHeaders requestHeaders, long bodySize) {
		return decideFor(uri, requestHeaders, bodySize).forSize(bodySize, this.minRequestSize);
	}

	private RequestDecision select(URI uri, AcceptEncoding advertised, @Nullable HttpHeaders requestHeaders,
			long bodySize) {
		Set<String> rejected = this.origins.rejectedCodings(uri);
		List<ContentCodec> candidates = rejected.isEmpty() ? this.candidates
				: this.candidates.stream().filter((codec) -> !rejected.contains(codec.coding())).toList();
		ContentCodec preferred = advertised.select(candidates).orElse(null);
		if (preferred == null) {
			return RequestDecision.skip(SkipReason.NOT_ACCEPTABLE);
		}
		if (this.decisions == null) {
			return RequestDecision.compress(preferred);
		}
		return adaptive(this.decisions, uri, candidates, advertised, preferred, requestHeaders, bodySize);
	}

	/**
	 * Lets the adaptive decision choose among the candidates the origin accepts, for the link
	 * to the request URI's host, once the body is at least the threshold. For a body of unknown
	 * size the choice waits until the body is seen, so that a request without a body is never
	 * decided, or counted as a decision.
	 */
	private RequestDecision adaptive(CompressionDecisions decisions, URI uri, List<ContentCodec> candidates,
			AcceptEncoding accepted, ContentCodec preferred, @Nullable HttpHeaders requestHeaders,
			long bodySize) {
		String declared = (requestHeaders != null) ? requestHeaders.getFirst(HttpHeaders.CONTENT_TYPE) : null;
		if (bodySize < 0) {
			return RequestDecision.deferred(preferred, (length, contentType) -> adaptive(decisions, uri, candidates,
					accepted, preferred, (contentType != null) ? contentType : declared, length));
		}
		return adaptive(decisions, uri, candidates, accepted, preferred, declared, bodySize);
	}

	private RequestDecision adaptive(CompressionDecisions decisions, URI uri, List<ContentCodec> candidates,
			AcceptEncoding accepted, ContentCodec preferred, @Nullable String contentType, long bodySize) {
		if (SizeThreshold.isBelow(bodySize, this.minRequestSize)) {
			return RequestDecision.skip(SkipReason.BELOW_THRESHOLD);
		}
		AdaptiveChoice choice = decisions.decide(Side.CLIENT, Direction.REQUEST, decisions.links().forHost(OriginCache.host(uri)),
				candidates, accepted, contentType, bodySize, this.timeBudget);
		LadderRung rung = choice.rung();
		if (rung == null) {
			return accepted.acceptsIdentity() ? RequestDecision.skip(SkipReason.ADAPTIVE)
					: RequestDecision.compress(preferred);
		}
		return RequestDecision.compress(rung.codec(),
				(identity, encoded, nanos) -> decisions.learn(rung, contentType, identity, encoded, nanos));
	}

	/**
	 * Remembers what the origin of a response advertised in {@code Accept-Encoding}, if
	 * anything.
	 */
	void learn(URI uri, HttpHeaders responseHeaders) {
		List<String> advertised = responseHeaders.getOrEmpty(HttpHeaders.ACCEPT_ENCODING);
		if (!advertised.isEmpty()) {
			this.origins.remember(uri, AcceptEncoding.parse(advertised));
		}
	}

	/**
	 * Learns from the response to a request whose body was sent in {@code sent}, and decides
	 * whether to send the body once more: only after a {@code 415} that refused the coding.
	 * @param sent the codec the body was compressed with, or {@code null} if it was not
	 * @return the decision for the one resend, or {@code null} for none
	 */
	@Nullable RequestDecision afterResponse(URI uri, int status, HttpHeaders responseHeaders,
			@Nullable ContentCodec sent) {
		learn(uri, responseHeaders);
		if (sent == null) {
			return null;
		}
		if (status >= 200 && status < 300) {
			this.origins.accepted(uri, sent.coding());
		}
		return (status == 415) ? afterRejection(uri, responseHeaders, sent) : null;
	}

	/**
	 * Decides how to resend a compressed request body that the origin refused with a
	 * {@code 415}.
	 * @return the decision for the one resend, or {@code null} if the {@code 415} is not about
	 * the coding: it does not say which codings the origin accepts, or it says that the origin
	 * accepts the one sent (a server that advertises its codings on every response, as
	 * restcompress does, sends them with a {@code 415} for an unsupported media type too)
	 */
	@Nullable RequestDecision afterRejection(URI uri, HttpHeaders responseHeaders, ContentCodec rejected) {
		List<String> advertised = responseHeaders.getOrEmpty(HttpHeaders.ACCEPT_ENCODING);
		if (advertised.isEmpty()) {
			return null;
		}
		AcceptEncoding accepted = AcceptEncoding.parse(advertised);
		if (accepted.weightOf(rejected) > 0) {
			return null;
		}
		this.recorder.rejected(Side.CLIENT, Direction.REQUEST, rejected.coding(), RejectReason.UNSUPPORTED_CODING);
		this.origins.rejected(uri, accepted, rejected.coding());
		return select(uri, accepted, null, -1);
	}

	void recordSkipped(SkipReason reason) {
		this.recorder.skipped(Side.CLIENT, Direction.REQUEST, reason);
	}

	/**
	 * Records why a body was sent as it is, once its size is known: a body below the threshold
	 * as such, an empty one not at all.
	 * @param decision the decision it was sent by
	 * @param size the body's size
	 */
	void recordSentAsItIs(RequestDecision decision, long size) {
		if (decision.reason() != null && size > 0) {
			recordSkipped(decision.forSize(size, this.minRequestSize).reason());
		}
	}

}
