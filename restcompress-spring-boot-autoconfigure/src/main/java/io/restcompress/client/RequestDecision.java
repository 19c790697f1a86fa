package io.restcompress.client;

import java.util.concurrent.atomic.AtomicReference;

import io.restcompress.codec.CodecStreams;
import io.restcompress.codec.ContentCodec;
import io.restcompress.internal.SizeThreshold;
import io.restcompress.metrics.SkipReason;
import org.jspecify.annotations.Nullable;

/**
 * Whether a request body is compressed, and with which codec or why not. A decision may be
 * left until the body is seen ({@link #forBody}): the adaptive decision chooses by the body's
 * length and content type, and a request that turns out to have no body is never decided.
 *
 * @param codec the codec to encode with, or {@code null} to send the body as it is; for a
 * decision left until the body is seen, the codec it will most likely be
 * @param reason why the body is not encoded, or {@code null} when it is
 * @param feedback what to tell when the body has been encoded (the adaptive decision learns
 * from it), or {@code null}
 * @param deferred what decides once the body is seen, or {@code null} if this is decided
 */
record RequestDecision(@Nullable ContentCodec codec, @Nullable SkipReason reason,
		CodecStreams.@Nullable Completion feedback, @Nullable Deferred deferred) {

	static final RequestDecision UNTOUCHED = new RequestDecision(null, null, null, null);

	static RequestDecision compress(ContentCodec codec) {
		return new RequestDecision(codec, null, null, null);
	}

	static RequestDecision compress(ContentCodec codec, CodecStreams.Completion feedback) {
		return new RequestDecision(codec, null, feedback, null);
	}

	static RequestDecision skip(SkipReason reason) {
		return new RequestDecision(null, reason, null, null);
	}

	/**
	 * A decision left until the body is seen, and taken once: the hops of a redirect that the
	 * HTTP library follows write the same body again, and go as the first was decided.
	 * @param likely the codec it will most likely be, so that the body is measured up to the
	 * threshold
	 * @param deferred what decides then
	 */
	static RequestDecision deferred(ContentCodec likely, Deferred deferred) {
		AtomicReference<RequestDecision> decided = new AtomicReference<>();
		return new RequestDecision(likely, null, null, (length, contentType) -> {
			RequestDecision decision = decided.get();
			if (decision == null) {
				decision = deferred.decide(length, contentType);
				if (!decided.compareAndSet(null, decision)) {
					decision = decided.get();
				}
			}
			return decision;
		});
	}

	/**
	 * Decides for the body as seen: a decision left until then is taken now, any other has the
	 * size threshold applied.
	 * @param length the body's length, or {@code -1} if not known (it reached the threshold)
	 * @param minSize the threshold
	 * @param contentType the body's content type, or {@code null}
	 * @return the decision for the body
	 */
	RequestDecision forBody(long length, long minSize, @Nullable String contentType) {
		return (this.deferred != null) ? this.deferred.decide(length, contentType) : forSize(length, minSize);
	}

	boolean compresses() {
		return this.codec != null;
	}

	/**
	 * Applies the size threshold to a decision that was taken without knowing the size.
	 */
	RequestDecision forSize(long size, long minSize) {
		if (this.deferred != null) {
			return forBody(size, minSize, null);
		}
		if (this.reason == SkipReason.DISABLED || this.reason == SkipReason.ALREADY_ENCODED
				|| !SizeThreshold.isBelow(size, minSize)) {
			return this;
		}
		return skip(SkipReason.BELOW_THRESHOLD);
	}

	/**
	 * Takes a decision left until the body is seen.
	 */
	@FunctionalInterface
	interface Deferred {

		RequestDecision decide(long length, @Nullable String contentType);

	}

}
