package io.restcompress.metrics;

import java.util.Arrays;

/**
 * A {@link CompressionRecorder} that hands every outcome to several others, in order. Use it
 * to add a recorder of your own next to the Micrometer meters and the statistics behind the
 * actuator endpoint.
 */
public final class CompositeCompressionRecorder implements CompressionRecorder {

	private final CompressionRecorder[] recorders;

	private CompositeCompressionRecorder(CompressionRecorder[] recorders) {
		this.recorders = recorders;
	}

	/**
	 * Returns a recorder that hands every outcome to each of {@code recorders}, leaving out
	 * {@link CompressionRecorder#NONE}; a single remaining recorder is returned as it is.
	 * @param recorders the recorders
	 * @return the combined recorder
	 */
	public static CompressionRecorder of(CompressionRecorder... recorders) {
		CompressionRecorder[] used = Arrays.stream(recorders)
			.filter((recorder) -> recorder != NONE)
			.toArray(CompressionRecorder[]::new);
		return switch (used.length) {
			case 0 -> NONE;
			case 1 -> used[0];
			default -> new CompositeCompressionRecorder(used);
		};
	}

	@Override
	public void encoded(Side side, Direction direction, String coding, long identityBytes, long encodedBytes,
			long codecNanos) {
		for (CompressionRecorder recorder : this.recorders) {
			recorder.encoded(side, direction, coding, identityBytes, encodedBytes, codecNanos);
		}
	}

	@Override
	public void decoded(Side side, Direction direction, String coding, long identityBytes, long encodedBytes,
			long codecNanos) {
		for (CompressionRecorder recorder : this.recorders) {
			recorder.decoded(side, direction, coding, identityBytes, encodedBytes, codecNanos);
		}
	}

	@Override
	public void skipped(Side side, Direction direction, SkipReason reason) {
		for (CompressionRecorder recorder : this.recorders) {
			recorder.skipped(side, direction, reason);
		}
	}

	@Override
	public void rejected(Side side, Direction direction, String coding, RejectReason reason) {
		for (CompressionRecorder recorder : this.recorders) {
			recorder.rejected(side, direction, coding, reason);
		}
	}

	@Override
	public void aborted(Side side, Direction direction, String coding) {
		for (CompressionRecorder recorder : this.recorders) {
			recorder.aborted(side, direction, coding);
		}
	}

	@Override
	public void decided(Side side, Direction direction, String link, String choice, DecisionReason reason) {
		for (CompressionRecorder recorder : this.recorders) {
			recorder.decided(side, direction, link, choice, reason);
		}
	}

}
