package io.restcompress.client;

import io.restcompress.codec.CodecStreams;
import io.restcompress.codec.ContentCodec;
import io.restcompress.internal.SizeThreshold;
import io.restcompress.metrics.SkipReason;
import org.jspecify.annotations.Nullable;

/**
 * Whether a request body is compressed, and with which codec or why not.
 *
 * @param codec the codec to encode with, or {@code null} to send the body as it is
 * @param reason why the body is not encoded, or {@code null} when it is
 * @param feedback what to tell when the body has been encoded (the adaptive decision learns
 * from it), or {@code null}
 */
record RequestDecision(@Nullable ContentCodec codec, @Nullable SkipReason reason,
		CodecStreams.@Nullable Completion feedback) {

	static RequestDecision compress(ContentCodec codec) {
		return new RequestDecision(codec, null, null);
	}

	static RequestDecision compress(ContentCodec codec, CodecStreams.Completion feedback) {
		return new RequestDecision(codec, null, feedback);
	}

	static RequestDecision skip(SkipReason reason) {
		return new RequestDecision(null, reason, null);
	}

	boolean compresses() {
		return this.codec != null;
	}

	/**
	 * Applies the size threshold to a decision that was taken without knowing the size.
	 */
	RequestDecision forSize(long size, long minSize) {
		if (this.reason == SkipReason.DISABLED || this.reason == SkipReason.ALREADY_ENCODED
				|| !SizeThreshold.isBelow(size, minSize)) {
			return this;
		}
		return skip(SkipReason.BELOW_THRESHOLD);
	}

}
