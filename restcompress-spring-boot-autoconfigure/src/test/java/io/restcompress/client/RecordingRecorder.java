package io.restcompress.client;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.RejectReason;
import io.restcompress.metrics.Side;
import io.restcompress.metrics.SkipReason;

/**
 * Keeps every outcome as a short text such as {@code encoded CLIENT REQUEST lzf}.
 */
final class RecordingRecorder implements CompressionRecorder {

	final List<String> events = new CopyOnWriteArrayList<>();

	@Override
	public void encoded(Side side, Direction direction, String coding, long identityBytes, long encodedBytes,
			long codecNanos) {
		this.events.add("encoded " + side + " " + direction + " " + coding);
	}

	@Override
	public void decoded(Side side, Direction direction, String coding, long identityBytes, long encodedBytes,
			long codecNanos) {
		this.events.add("decoded " + side + " " + direction + " " + coding);
	}

	@Override
	public void skipped(Side side, Direction direction, SkipReason reason) {
		this.events.add("skipped " + side + " " + direction + " " + reason);
	}

	@Override
	public void rejected(Side side, Direction direction, String coding, RejectReason reason) {
		this.events.add("rejected " + side + " " + direction + " " + coding + " " + reason);
	}

}
