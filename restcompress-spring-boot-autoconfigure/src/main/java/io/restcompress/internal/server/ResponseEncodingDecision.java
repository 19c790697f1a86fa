package io.restcompress.internal.server;

import io.restcompress.codec.CodecStreams;
import io.restcompress.codec.ContentCodec;
import io.restcompress.metrics.SkipReason;
import org.jspecify.annotations.Nullable;

/**
 * What the server does with one response: encode it with a codec, or send it as it is and
 * why, and whether its representation depends on {@code Accept-Encoding} (and so carries
 * {@code Vary}).
 *
 * @param codec the selected coding, or {@code null} for identity
 * @param skipReason why the response is not encoded, or {@code null} when it is
 * @param varies whether the response carries {@code Vary: Accept-Encoding}
 * @param feedback what to tell when the body has been encoded (the adaptive decision learns
 * from it), or {@code null}
 */
public record ResponseEncodingDecision(@Nullable ContentCodec codec, @Nullable SkipReason skipReason,
		boolean varies, CodecStreams.@Nullable Completion feedback) {

	private static final ResponseEncodingDecision[] IDENTITY = identities(false);

	private static final ResponseEncodingDecision[] IDENTITY_VARYING = identities(true);

	/**
	 * A response encoded with {@code codec}.
	 * @param codec the selected coding
	 * @return the decision
	 */
	public static ResponseEncodingDecision encode(ContentCodec codec) {
		return new ResponseEncodingDecision(codec, null, true, null);
	}

	/**
	 * A response encoded with {@code codec}, reporting the encoder's work to {@code feedback}.
	 * @param codec the selected coding
	 * @param feedback what to tell when the body has been encoded
	 * @return the decision
	 */
	public static ResponseEncodingDecision encode(ContentCodec codec, CodecStreams.Completion feedback) {
		return new ResponseEncodingDecision(codec, null, true, feedback);
	}

	/**
	 * A response sent without a content coding.
	 * @param reason why
	 * @param varies whether another request could have been sent an encoded representation
	 * @return the decision
	 */
	public static ResponseEncodingDecision identity(SkipReason reason, boolean varies) {
		return (varies ? IDENTITY_VARYING : IDENTITY)[reason.ordinal()];
	}

	private static ResponseEncodingDecision[] identities(boolean varies) {
		SkipReason[] reasons = SkipReason.values();
		ResponseEncodingDecision[] identities = new ResponseEncodingDecision[reasons.length];
		for (SkipReason reason : reasons) {
			identities[reason.ordinal()] = new ResponseEncodingDecision(null, reason, varies, null);
		}
		return identities;
	}

	/**
	 * Whether the response is encoded.
	 * @return {@code true} if a codec was selected
	 */
	public boolean encodes() {
		return this.codec != null;
	}

}
