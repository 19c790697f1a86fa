package io.restcompress.metrics.actuate;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import io.restcompress.metrics.Bandwidth;
import io.restcompress.metrics.BreakEven;
import io.restcompress.metrics.CompressionStatistics.CodecTotals;
import io.restcompress.metrics.CompressionStatistics.Snapshot;
import io.restcompress.metrics.Operation;
import io.restcompress.metrics.Side;
import io.restcompress.metrics.actuate.CompressionEndpoint.CodecDescriptor;
import io.restcompress.metrics.actuate.CompressionEndpoint.CodingDescriptor;
import io.restcompress.metrics.actuate.CompressionEndpoint.CompressionDescriptor;
import io.restcompress.metrics.actuate.CompressionEndpoint.PairDescriptor;
import io.restcompress.metrics.actuate.CompressionEndpoint.SideDescriptor;
import io.restcompress.metrics.actuate.CompressionEndpoint.SpeedBasis;
import io.restcompress.metrics.actuate.CompressionEndpoint.Verdict;
import org.jspecify.annotations.Nullable;

/**
 * Turns a {@link Snapshot} into the endpoint's report. Codec speeds and ratios are per side,
 * because each side codes different bodies; link speeds are reported in megabits (10^6 bits)
 * per second and codec speeds in megabytes (10^6 bytes) of identity data per second.
 */
final class CompressionReport {

	/** The fewest bodies of a coding on a side that a verdict or a pair is based on. */
	static final int MIN_BODIES = 10;

	private static final double MEGA = 1_000_000;

	private CompressionReport() {
	}

	static CompressionDescriptor describe(Snapshot snapshot, @Nullable Bandwidth bandwidth) {
		Map<String, SideDescriptor> sides = new LinkedHashMap<>();
		for (Side side : Side.values()) {
			sides.put(lowerCase(side), describe(side, snapshot, bandwidth));
		}
		Double megabits = (bandwidth != null) ? bandwidth.toBitsPerSecond() / MEGA : null;
		return new CompressionDescriptor(megabits, sides, null);
	}

	private static SideDescriptor describe(Side side, Snapshot snapshot, @Nullable Bandwidth bandwidth) {
		Map<String, Coding> codings = new TreeMap<>();
		snapshot.codecs()
			.stream()
			.filter((totals) -> totals.side() == side)
			.forEach((totals) -> codings.computeIfAbsent(totals.coding(), Coding::new).add(totals));
		Map<String, CodingDescriptor> described = new LinkedHashMap<>();
		codings.forEach((name, coding) -> described.put(name, coding.describe(bandwidth)));
		Map<String, Long> skipped = new LinkedHashMap<>();
		snapshot.skipped()
			.stream()
			.filter((count) -> count.side() == side)
			.forEach((count) -> skipped.merge(lowerCase(count.reason()), count.count(), Long::sum));
		Map<String, Long> rejected = new LinkedHashMap<>();
		snapshot.rejected()
			.stream()
			.filter((count) -> count.side() == side)
			.forEach((count) -> rejected.merge(lowerCase(count.reason()), count.count(), Long::sum));
		return new SideDescriptor(described, pairs(codings.values(), bandwidth), skipped, rejected);
	}

	private static List<PairDescriptor> pairs(Collection<Coding> codings, @Nullable Bandwidth bandwidth) {
		List<Coding> judged = codings.stream()
			.filter(Coding::enoughData)
			.sorted(Comparator.comparingDouble(Coding::speed).reversed().thenComparingDouble(Coding::ratio))
			.toList();
		List<PairDescriptor> pairs = new ArrayList<>();
		for (int i = 0; i < judged.size(); i++) {
			for (int j = i + 1; j < judged.size(); j++) {
				Coding faster = judged.get(i);
				Coding slower = judged.get(j);
				if (faster.basis() == slower.basis()) {
					pairs.add(pair(faster, slower, bandwidth));
				}
			}
		}
		return pairs;
	}

	private static PairDescriptor pair(Coding faster, Coding slower, @Nullable Bandwidth bandwidth) {
		double above = BreakEven.fasterWinsAbove(faster.ratio(), faster.speed(), slower.ratio(), slower.speed());
		String winner = null;
		if (bandwidth != null) {
			winner = (above == 0 || bandwidth.toBytesPerSecond() > above) ? faster.name : slower.name;
		}
		return new PairDescriptor(faster.name, slower.name, round(megabits(above)), winner);
	}

	private static double megabits(double bytesPerSecond) {
		return bytesPerSecond * 8 / MEGA;
	}

	private static double round(double value) {
		return Math.round(value * 1000) / 1000.0;
	}

	private static String lowerCase(Enum<?> value) {
		return value.name().toLowerCase(Locale.ROOT);
	}

	/**
	 * What one codec operation did on one side.
	 */
	private static final class Totals {

		private long bodies;

		private long identityBytes;

		private long encodedBytes;

		private long timedIdentityBytes;

		private long timedCodecNanos;

		void add(CodecTotals totals) {
			this.bodies += totals.bodies();
			this.identityBytes += totals.identityBytes();
			this.encodedBytes += totals.encodedBytes();
			this.timedIdentityBytes += totals.timedIdentityBytes();
			this.timedCodecNanos += totals.timedCodecNanos();
		}

		/**
		 * Identity bytes per second in the codec, from the bodies large enough to time, or
		 * {@code NaN} if none was.
		 */
		double speed() {
			return (this.timedCodecNanos > 0) ? this.timedIdentityBytes * 1e9 / this.timedCodecNanos : Double.NaN;
		}

		@Nullable CodecDescriptor describe() {
			if (this.bodies == 0) {
				return null;
			}
			double speed = speed();
			return new CodecDescriptor(this.bodies, this.identityBytes, this.encodedBytes,
					Double.isNaN(speed) ? null : round(speed / MEGA));
		}

	}

	/**
	 * What one coding did on one side.
	 */
	private static final class Coding {

		private final String name;

		private final Totals encode = new Totals();

		private final Totals decode = new Totals();

		Coding(String name) {
			this.name = name;
		}

		void add(CodecTotals totals) {
			((totals.operation() == Operation.ENCODE) ? this.encode : this.decode).add(totals);
		}

		long bodies() {
			return this.encode.bodies + this.decode.bodies;
		}

		double ratio() {
			long identityBytes = this.encode.identityBytes + this.decode.identityBytes;
			return (identityBytes > 0) ? (double) (this.encode.encodedBytes + this.decode.encodedBytes) / identityBytes
					: Double.NaN;
		}

		@Nullable SpeedBasis basis() {
			boolean encoded = !Double.isNaN(this.encode.speed());
			boolean decoded = !Double.isNaN(this.decode.speed());
			if (encoded) {
				return decoded ? SpeedBasis.ROUND_TRIP : SpeedBasis.ENCODE_ONLY;
			}
			return decoded ? SpeedBasis.DECODE_ONLY : null;
		}

		/** The codec speed in identity bytes per second, or {@code NaN} if unknown. */
		double speed() {
			SpeedBasis basis = basis();
			if (basis == null) {
				return Double.NaN;
			}
			return switch (basis) {
				case ROUND_TRIP -> BreakEven.roundTripSpeed(this.encode.speed(), this.decode.speed());
				case ENCODE_ONLY -> this.encode.speed();
				case DECODE_ONLY -> this.decode.speed();
			};
		}

		boolean enoughData() {
			return bodies() >= MIN_BODIES && !Double.isNaN(speed()) && !Double.isNaN(ratio());
		}

		CodingDescriptor describe(@Nullable Bandwidth bandwidth) {
			double ratio = ratio();
			double speed = speed();
			double breakEven = BreakEven.linkSpeed(ratio, speed);
			boolean known = !Double.isNaN(breakEven);
			return new CodingDescriptor(bodies(), this.encode.identityBytes + this.decode.identityBytes,
					this.encode.encodedBytes + this.decode.encodedBytes,
					Double.isNaN(ratio) ? null : Math.round(ratio * 10000) / 10000.0, this.encode.describe(),
					this.decode.describe(), basis(), known ? round(speed / MEGA) : null,
					known ? round(megabits(breakEven)) : null, verdict(breakEven, bandwidth));
		}

		private Verdict verdict(double breakEven, @Nullable Bandwidth bandwidth) {
			if (bandwidth == null) {
				return Verdict.BANDWIDTH_NOT_SET;
			}
			if (!enoughData()) {
				return Verdict.NOT_ENOUGH_DATA;
			}
			return (bandwidth.toBytesPerSecond() < breakEven) ? Verdict.PAYS : Verdict.DOES_NOT_PAY;
		}

	}

}
