package io.restcompress.metrics;

/**
 * Receives every outcome of restcompress's work. The server and the clients call it on their
 * hot paths, so implementations must be cheap and thread-safe.
 */
public interface CompressionRecorder {

	/** A recorder that records nothing. */
	CompressionRecorder NONE = new CompressionRecorder() {
	};

	/**
	 * A body was encoded.
	 * @param side the side that encoded it
	 * @param direction the message it belongs to
	 * @param coding the coding
	 * @param identityBytes its size before encoding
	 * @param encodedBytes its size after encoding
	 * @param codecNanos the time spent in the encoder
	 */
	default void encoded(Side side, Direction direction, String coding, long identityBytes, long encodedBytes,
			long codecNanos) {
	}

	/**
	 * A body was decoded.
	 * @param side the side that decoded it
	 * @param direction the message it belongs to
	 * @param coding the coding
	 * @param identityBytes its size after decoding
	 * @param encodedBytes its size before decoding
	 * @param codecNanos the time spent in the decoder
	 */
	default void decoded(Side side, Direction direction, String coding, long identityBytes, long encodedBytes,
			long codecNanos) {
	}

	/**
	 * A body went out without a content coding.
	 * @param side the side that sent it
	 * @param direction the message it belongs to
	 * @param reason why it was not encoded
	 */
	default void skipped(Side side, Direction direction, SkipReason reason) {
	}

	/**
	 * An encoded body was refused.
	 * @param side the side that refused it
	 * @param direction the message it belongs to
	 * @param coding the coding it named, or {@code unknown} if it is not one of ours
	 * @param reason why it was refused
	 */
	default void rejected(Side side, Direction direction, String coding, RejectReason reason) {
	}

	/**
	 * A body was cut short because the peer went away (a closed connection, a reset HTTP/2
	 * stream); it counts as {@code reason=client_abort}.
	 * @param side the side that was sending it
	 * @param direction the message it belongs to
	 * @param coding the coding it was sent in, or {@code identity}
	 */
	default void aborted(Side side, Direction direction, String coding) {
	}

	/**
	 * The adaptive decision chose how to send a body.
	 * @param side the side that sends it
	 * @param direction the message it belongs to
	 * @param link the name of the link to the peer
	 * @param choice the chosen coding and level ({@code zstd:3}), or {@code identity}
	 * @param reason why
	 */
	default void decided(Side side, Direction direction, String link, String choice, DecisionReason reason) {
	}

}
