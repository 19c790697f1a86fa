package io.restcompress.internal;

import io.restcompress.codec.ContentDecoding;
import io.restcompress.codec.ContentDecodingException;
import io.restcompress.codec.ContentTimeoutException;
import io.restcompress.codec.ContentTooLargeException;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.RejectReason;
import io.restcompress.metrics.Side;

/**
 * Records what a {@link ContentDecoding} pipeline reports: each decoded layer, and a failure as
 * a rejection, too large, timed out or corrupt. Shared by the server filters and the clients; not API.
 */
public final class RecordingDecodingListener implements ContentDecoding.Listener {

	private final CompressionRecorder recorder;

	private final Side side;

	private final Direction direction;

	/**
	 * Creates a listener for the bodies of one side and direction.
	 * @param recorder the recorder
	 * @param side the side that decodes
	 * @param direction the message whose body is decoded
	 */
	public RecordingDecodingListener(CompressionRecorder recorder, Side side, Direction direction) {
		this.recorder = recorder;
		this.side = side;
		this.direction = direction;
	}

	@Override
	public void decoded(String coding, long identityBytes, long encodedBytes, long codecNanos) {
		this.recorder.decoded(this.side, this.direction, coding, identityBytes, encodedBytes, codecNanos);
	}

	@Override
	public ContentDecodingException failed(ContentDecodingException failure) {
		this.recorder.rejected(this.side, this.direction, failure.getCoding(), reason(failure));
		return failure;
	}

	/**
	 * Why a body that failed to decode is refused: too large, timed out, or otherwise corrupt.
	 * @param failure how decoding failed
	 * @return the reason, which also decides the server's status
	 */
	public static RejectReason reason(ContentDecodingException failure) {
		if (failure instanceof ContentTooLargeException) {
			return RejectReason.TOO_LARGE;
		}
		return (failure instanceof ContentTimeoutException) ? RejectReason.TIMEOUT : RejectReason.CORRUPT;
	}

}
