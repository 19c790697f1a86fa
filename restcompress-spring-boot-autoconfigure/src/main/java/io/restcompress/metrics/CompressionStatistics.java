package io.restcompress.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * Running totals of restcompress's work since the application started, kept without
 * Micrometer so that they can be read as a whole (by the {@code restcompress} actuator
 * endpoint). Fed through {@link #recorder()}. Thread-safe; a snapshot taken while bodies are
 * being recorded may be off by those bodies.
 */
public final class CompressionStatistics {

	/**
	 * The smallest body whose codec time counts toward a coding's speed: below it, the codec's
	 * fixed cost per body outweighs its speed, and a peer could drag a coding's figure down with
	 * tiny bodies.
	 */
	public static final long MIN_TIMED_BYTES = 4096;

	private final CodingTable<CodingTotals> codings = new CodingTable<>(CodingTotals::new);

	private final LongAdder[] skipped = adders(Exchanges.COUNT * Exchanges.SKIP_REASONS.length);

	private final LongAdder[] rejected = adders(Exchanges.COUNT * Exchanges.REJECT_REASONS.length);

	private final CompressionRecorder recorder = new StatisticsRecorder();

	/**
	 * Returns the recorder that adds to these statistics.
	 * @return the recorder
	 */
	public CompressionRecorder recorder() {
		return this.recorder;
	}

	/**
	 * Returns the totals recorded so far, leaving out combinations that never happened.
	 * @return the totals
	 */
	public Snapshot snapshot() {
		List<CodecTotals> codecs = new ArrayList<>();
		this.codings.entries().values().forEach((totals) -> totals.addTo(codecs));
		return new Snapshot(List.copyOf(codecs), counts(this.skipped, Exchanges.SKIP_REASONS, SkipCount::new),
				counts(this.rejected, Exchanges.REJECT_REASONS, RejectCount::new));
	}

	private static <R, C> List<C> counts(LongAdder[] adders, R[] reasons, CountFactory<R, C> factory) {
		List<C> counts = new ArrayList<>();
		for (int i = 0; i < adders.length; i++) {
			int exchange = i / reasons.length;
			long count = adders[i].sum();
			if (count > 0) {
				counts.add(factory.create(Exchanges.side(exchange), Exchanges.direction(exchange),
						reasons[i % reasons.length], count));
			}
		}
		return List.copyOf(counts);
	}

	private static LongAdder[] adders(int count) {
		LongAdder[] adders = new LongAdder[count];
		for (int i = 0; i < count; i++) {
			adders[i] = new LongAdder();
		}
		return adders;
	}

	/**
	 * The totals recorded up to a moment.
	 * @param codecs the bodies encoded or decoded, per coding, operation, side and direction
	 * @param skipped the bodies sent without a coding, per side, direction and reason
	 * @param rejected the encoded bodies refused, per side, direction and reason
	 */
	public record Snapshot(List<CodecTotals> codecs, List<SkipCount> skipped, List<RejectCount> rejected) {

	}

	/**
	 * What one codec did to the bodies of one side and direction.
	 * @param coding the coding
	 * @param operation whether the bodies were encoded or decoded
	 * @param side the side that coded them
	 * @param direction the message they belong to
	 * @param bodies how many bodies
	 * @param identityBytes their total size without the coding
	 * @param encodedBytes their total size with the coding
	 * @param codecNanos the total time spent in the codec
	 * @param timedIdentityBytes the total size without the coding of the bodies of at least
	 * {@link #MIN_TIMED_BYTES}, whose time tells the codec's speed
	 * @param timedCodecNanos the time spent in the codec on those bodies
	 */
	public record CodecTotals(String coding, Operation operation, Side side, Direction direction, long bodies,
			long identityBytes, long encodedBytes, long codecNanos, long timedIdentityBytes, long timedCodecNanos) {

		/**
		 * Creates totals whose bodies are all large enough to time.
		 * @param coding the coding
		 * @param operation whether the bodies were encoded or decoded
		 * @param side the side that coded them
		 * @param direction the message they belong to
		 * @param bodies how many bodies
		 * @param identityBytes their total size without the coding
		 * @param encodedBytes their total size with the coding
		 * @param codecNanos the total time spent in the codec
		 */
		public CodecTotals(String coding, Operation operation, Side side, Direction direction, long bodies,
				long identityBytes, long encodedBytes, long codecNanos) {
			this(coding, operation, side, direction, bodies, identityBytes, encodedBytes, codecNanos, identityBytes,
					codecNanos);
		}

	}

	/**
	 * How many bodies one side sent without a coding for one reason.
	 * @param side the side
	 * @param direction the message they belong to
	 * @param reason why they were not encoded
	 * @param count how many
	 */
	public record SkipCount(Side side, Direction direction, SkipReason reason, long count) {

	}

	/**
	 * How many encoded bodies one side refused for one reason.
	 * @param side the side
	 * @param direction the message they belong to
	 * @param reason why they were refused
	 * @param count how many
	 */
	public record RejectCount(Side side, Direction direction, RejectReason reason, long count) {

	}

	@FunctionalInterface
	private interface CountFactory<R, C> {

		C create(Side side, Direction direction, R reason, long count);

	}

	private static final class CodingTotals {

		private final String coding;

		private final LongAdder[] bodies = adders(Exchanges.OPERATIONS.length * Exchanges.COUNT);

		private final LongAdder[] identityBytes = adders(this.bodies.length);

		private final LongAdder[] encodedBytes = adders(this.bodies.length);

		private final LongAdder[] codecNanos = adders(this.bodies.length);

		private final LongAdder[] timedIdentityBytes = adders(this.bodies.length);

		private final LongAdder[] timedCodecNanos = adders(this.bodies.length);

		CodingTotals(String coding) {
			this.coding = coding;
		}

		void add(int index, long identityBytes, long encodedBytes, long codecNanos) {
			this.bodies[index].increment();
			this.identityBytes[index].add(identityBytes);
			this.encodedBytes[index].add(encodedBytes);
			this.codecNanos[index].add(codecNanos);
			if (identityBytes >= MIN_TIMED_BYTES) {
				this.timedIdentityBytes[index].add(identityBytes);
				this.timedCodecNanos[index].add(codecNanos);
			}
		}

		void addTo(List<CodecTotals> totals) {
			for (int i = 0; i < this.bodies.length; i++) {
				long bodies = this.bodies[i].sum();
				if (bodies > 0) {
					int exchange = i % Exchanges.COUNT;
					totals.add(new CodecTotals(this.coding, Exchanges.OPERATIONS[i / Exchanges.COUNT],
							Exchanges.side(exchange), Exchanges.direction(exchange), bodies, this.identityBytes[i].sum(),
							this.encodedBytes[i].sum(), this.codecNanos[i].sum(), this.timedIdentityBytes[i].sum(),
							this.timedCodecNanos[i].sum()));
				}
			}
		}

	}

	private final class StatisticsRecorder implements CompressionRecorder {

		@Override
		public void encoded(Side side, Direction direction, String coding, long identityBytes, long encodedBytes,
				long codecNanos) {
			CompressionStatistics.this.codings.get(coding)
				.add(Exchanges.index(Operation.ENCODE, side, direction), identityBytes, encodedBytes, codecNanos);
		}

		@Override
		public void decoded(Side side, Direction direction, String coding, long identityBytes, long encodedBytes,
				long codecNanos) {
			CompressionStatistics.this.codings.get(coding)
				.add(Exchanges.index(Operation.DECODE, side, direction), identityBytes, encodedBytes, codecNanos);
		}

		@Override
		public void skipped(Side side, Direction direction, SkipReason reason) {
			CompressionStatistics.this.skipped[Exchanges.index(side, direction, reason)].increment();
		}

		@Override
		public void rejected(Side side, Direction direction, String coding, RejectReason reason) {
			CompressionStatistics.this.rejected[Exchanges.index(side, direction, reason)].increment();
		}

	}

}
