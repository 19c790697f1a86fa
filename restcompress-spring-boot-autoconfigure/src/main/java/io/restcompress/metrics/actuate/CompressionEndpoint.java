package io.restcompress.metrics.actuate;

import java.util.List;
import java.util.Map;

import io.restcompress.metrics.Bandwidth;
import io.restcompress.metrics.CompressionStatistics;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * {@link Endpoint @Endpoint} that shows, per side and coding, what compression did since the
 * application started and whether it pays: size ratio, measured codec throughput, the link
 * speed above which each coding stops paying, and for each pair of codings the link speed
 * above which the faster one wins. With the link's bandwidth configured it also gives a
 * verdict per coding.
 */
@Endpoint(id = "restcompress")
public class CompressionEndpoint {

	private final CompressionStatistics statistics;

	private final @Nullable Bandwidth bandwidth;

	private final @Nullable DecisionsContributor decisions;

	/**
	 * Creates an endpoint that reports on {@code statistics}.
	 * @param statistics the statistics
	 * @param bandwidth the link's bandwidth, or {@code null} if unknown
	 */
	public CompressionEndpoint(CompressionStatistics statistics, @Nullable Bandwidth bandwidth) {
		this(statistics, bandwidth, null);
	}

	/**
	 * Creates an endpoint that reports on {@code statistics} and on the adaptive decision.
	 * @param statistics the statistics
	 * @param bandwidth the link's bandwidth, or {@code null} if unknown
	 * @param decisions supplies the report of the adaptive decision, or {@code null} when it
	 * is not in use
	 */
	public CompressionEndpoint(CompressionStatistics statistics, @Nullable Bandwidth bandwidth,
			@Nullable DecisionsContributor decisions) {
		this.statistics = statistics;
		this.bandwidth = bandwidth;
		this.decisions = decisions;
	}

	/**
	 * Returns the report on the work recorded so far.
	 * @return the report
	 */
	@ReadOperation
	public CompressionDescriptor compression() {
		CompressionDescriptor report = CompressionReport.describe(this.statistics.snapshot(), this.bandwidth);
		return new CompressionDescriptor(report.bandwidthMegabitsPerSecond(), report.sides(),
				(this.decisions != null) ? this.decisions.describe() : null);
	}

	/**
	 * Whether compression pays on this application's links.
	 * @param bandwidthMegabitsPerSecond the configured link bandwidth, or {@code null}
	 * @param sides the report per side ({@code server}, {@code client})
	 * @param decisions what the adaptive decision chooses per link and why, or {@code null}
	 * when it is not in use
	 */
	public record CompressionDescriptor(@Nullable Double bandwidthMegabitsPerSecond,
			Map<String, SideDescriptor> sides, @Nullable Object decisions) implements OperationResponseBody {

	}

	/**
	 * What one side did.
	 * @param codings the report per coding
	 * @param pairs for each pair of codings with comparable measurements, which one wins
	 * @param skipped the bodies sent without a coding, per reason
	 * @param rejected the encoded bodies refused, per reason
	 */
	public record SideDescriptor(Map<String, CodingDescriptor> codings, List<PairDescriptor> pairs,
			Map<String, Long> skipped, Map<String, Long> rejected) {

	}

	/**
	 * What one coding did on one side, and whether it pays.
	 * @param bodies the bodies encoded and decoded
	 * @param identityBytes their size without the coding
	 * @param encodedBytes their size on the wire
	 * @param ratio {@code encodedBytes / identityBytes}, lower is better
	 * @param encode the bodies this side encoded, or {@code null} if none
	 * @param decode the bodies this side decoded, or {@code null} if none
	 * @param codecSpeedBasis what the codec speed is made of, or {@code null} if it is unknown
	 * @param codecMegabytesPerSecond the codec speed the break-even uses (identity MB/s)
	 * @param breakEvenMegabitsPerSecond the link speed above which the coding stops paying
	 * @param verdict whether the coding pays at the configured bandwidth
	 */
	public record CodingDescriptor(long bodies, long identityBytes, long encodedBytes, @Nullable Double ratio,
			@Nullable CodecDescriptor encode, @Nullable CodecDescriptor decode, @Nullable SpeedBasis codecSpeedBasis,
			@Nullable Double codecMegabytesPerSecond, @Nullable Double breakEvenMegabitsPerSecond, Verdict verdict) {

	}

	/**
	 * What one codec operation did.
	 * @param bodies the bodies
	 * @param identityBytes their size without the coding
	 * @param encodedBytes their size on the wire
	 * @param megabytesPerSecond identity megabytes (10^6 bytes) per second spent in the codec,
	 * or {@code null} if no time was measured
	 */
	public record CodecDescriptor(long bodies, long identityBytes, long encodedBytes,
			@Nullable Double megabytesPerSecond) {

	}

	/**
	 * Which of two codings gives the shorter transfer.
	 * @param faster the coding with the faster codec
	 * @param slower the other coding
	 * @param fasterWinsAboveMegabitsPerSecond the link speed above which {@code faster} wins;
	 * zero if it always wins because its ratio is as good or better
	 * @param winner the winner at the configured bandwidth, or {@code null} if none is set
	 */
	public record PairDescriptor(String faster, String slower, double fasterWinsAboveMegabitsPerSecond,
			@Nullable String winner) {

	}

	/**
	 * What a coding's codec speed is made of.
	 */
	public enum SpeedBasis {

		/** Encoding and decoding were both measured: the round trip speed. */
		ROUND_TRIP,

		/** Only encoding was measured: the break-even is an upper bound. */
		ENCODE_ONLY,

		/** Only decoding was measured: the break-even is an upper bound. */
		DECODE_ONLY

	}

	/**
	 * Whether a coding pays.
	 */
	public enum Verdict {

		/** The configured bandwidth is below the break-even: the coding shortens transfers. */
		PAYS,

		/** The configured bandwidth is at or above the break-even: the coding costs time. */
		DOES_NOT_PAY,

		/** Too few bodies were measured to judge. */
		NOT_ENOUGH_DATA,

		/** No bandwidth is configured ({@code restcompress.network.bandwidth}). */
		BANDWIDTH_NOT_SET

	}

}
