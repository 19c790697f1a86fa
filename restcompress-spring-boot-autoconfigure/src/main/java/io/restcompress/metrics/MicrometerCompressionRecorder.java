package io.restcompress.metrics;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.BaseUnits;

/**
 * A {@link CompressionRecorder} that records into Micrometer meters, modelled on Envoy's
 * compressor and decompressor statistics. Each tag combination resolves its meters once,
 * on first use; after that a call costs a map read, an array read and the meter updates.
 * Thread-safe.
 */
public final class MicrometerCompressionRecorder implements CompressionRecorder {

	/** Size of the bodies that were encoded or decoded, unencoded (bytes). */
	public static final String IDENTITY_SIZE = "restcompress.body.identity.size";

	/** Size of the same bodies as sent on the wire (bytes). */
	public static final String ENCODED_SIZE = "restcompress.body.encoded.size";

	/** Time spent in the encoder or decoder. */
	public static final String CODEC_DURATION = "restcompress.codec.duration";

	/** Bodies sent without a content coding. */
	public static final String SKIPPED = "restcompress.skipped";

	/** Encoded bodies that were refused. */
	public static final String REJECTED = "restcompress.rejected";

	/** Bodies cut short because the peer went away. */
	public static final String ABORTED = "restcompress.aborted";

	/** Choices of the adaptive decision. */
	public static final String DECISIONS = "restcompress.decisions";

	static final String BODIES = "bodies";

	private static final String IDENTITY = "identity";

	private final MeterRegistry registry;

	private final LazyMeters<Counter> skipped;

	private final CodingTable<CodingMeters> codings;

	private final Map<DecisionKey, Counter> decisions = new ConcurrentHashMap<>();

	/**
	 * Creates a recorder that registers its meters in {@code registry} as they are first used.
	 * @param registry the registry
	 */
	public MicrometerCompressionRecorder(MeterRegistry registry) {
		this.registry = registry;
		this.skipped = new LazyMeters<>(Exchanges.COUNT * Exchanges.SKIP_REASONS.length, this::skippedCounter);
		this.codings = new CodingTable<>(CodingMeters::new);
	}

	@Override
	public void encoded(Side side, Direction direction, String coding, long identityBytes, long encodedBytes,
			long codecNanos) {
		this.codings.get(coding).bodies.get(Exchanges.index(Operation.ENCODE, side, direction))
			.record(identityBytes, encodedBytes, codecNanos);
	}

	@Override
	public void decoded(Side side, Direction direction, String coding, long identityBytes, long encodedBytes,
			long codecNanos) {
		this.codings.get(coding).bodies.get(Exchanges.index(Operation.DECODE, side, direction))
			.record(identityBytes, encodedBytes, codecNanos);
	}

	@Override
	public void skipped(Side side, Direction direction, SkipReason reason) {
		this.skipped.get(Exchanges.index(side, direction, reason)).increment();
	}

	@Override
	public void rejected(Side side, Direction direction, String coding, RejectReason reason) {
		this.codings.get(coding).rejected.get(Exchanges.index(side, direction, reason)).increment();
	}

	@Override
	public void aborted(Side side, Direction direction, String coding) {
		this.codings.get(coding).aborted.get(Exchanges.index(side, direction)).increment();
	}

	@Override
	public void decided(Side side, Direction direction, String link, String choice, DecisionReason reason) {
		this.decisions.computeIfAbsent(new DecisionKey(side, direction, link, choice, reason), this::decisionCounter)
			.increment();
	}

	private Counter decisionCounter(DecisionKey key) {
		return counter(DECISIONS, "Choices of the adaptive decision",
				exchangeTags(Exchanges.index(key.side(), key.direction())).and("link", key.link(), "choice",
						key.choice(), "coding", codingOf(key.choice()), "reason", Exchanges.tag(key.reason())));
	}

	private Counter skippedCounter(int index) {
		SkipReason reason = Exchanges.SKIP_REASONS[index % Exchanges.SKIP_REASONS.length];
		return counter(SKIPPED, "Bodies sent without a content coding",
				exchangeTags(index / Exchanges.SKIP_REASONS.length).and("coding", IDENTITY, "reason",
						Exchanges.tag(reason)));
	}

	private static String codingOf(String choice) {
		int level = choice.indexOf(':');
		return (level != -1) ? choice.substring(0, level) : choice;
	}

	private Counter counter(String name, String description, Tags tags) {
		return Counter.builder(name).description(description).baseUnit(BODIES).tags(tags).register(this.registry);
	}

	private static Tags exchangeTags(int exchange) {
		return Tags.of("side", Exchanges.tag(Exchanges.side(exchange)), "direction",
				Exchanges.tag(Exchanges.direction(exchange)));
	}

	private final class CodingMeters {

		private final String coding;

		private final LazyMeters<BodyMeters> bodies;

		private final LazyMeters<Counter> rejected;

		private final LazyMeters<Counter> aborted;

		CodingMeters(String coding) {
			this.coding = coding;
			this.bodies = new LazyMeters<>(Exchanges.OPERATIONS.length * Exchanges.COUNT, this::bodyMeters);
			this.rejected = new LazyMeters<>(Exchanges.COUNT * Exchanges.REJECT_REASONS.length, this::rejectedCounter);
			this.aborted = new LazyMeters<>(Exchanges.COUNT, this::abortedCounter);
		}

		private Counter abortedCounter(int exchange) {
			return counter(ABORTED, "Bodies cut short because the peer went away",
					exchangeTags(exchange).and("coding", this.coding, "reason", "client_abort"));
		}

		private BodyMeters bodyMeters(int index) {
			Tags tags = exchangeTags(index % Exchanges.COUNT).and("coding", this.coding, "operation",
					Exchanges.tag(Exchanges.OPERATIONS[index / Exchanges.COUNT]));
			DistributionSummary identitySize = DistributionSummary.builder(IDENTITY_SIZE)
				.description("Size of the encoded or decoded bodies without their content coding")
				.baseUnit(BaseUnits.BYTES)
				.tags(tags)
				.register(MicrometerCompressionRecorder.this.registry);
			DistributionSummary encodedSize = DistributionSummary.builder(ENCODED_SIZE)
				.description("Size of the encoded or decoded bodies as sent on the wire")
				.baseUnit(BaseUnits.BYTES)
				.tags(tags)
				.register(MicrometerCompressionRecorder.this.registry);
			Timer duration = Timer.builder(CODEC_DURATION)
				.description("Time spent in the encoder or decoder")
				.tags(tags)
				.register(MicrometerCompressionRecorder.this.registry);
			return new BodyMeters(identitySize, encodedSize, duration);
		}

		private Counter rejectedCounter(int index) {
			RejectReason reason = Exchanges.REJECT_REASONS[index % Exchanges.REJECT_REASONS.length];
			return counter(REJECTED, "Encoded bodies that were refused",
					exchangeTags(index / Exchanges.REJECT_REASONS.length).and("coding", this.coding, "reason",
							Exchanges.tag(reason)));
		}

	}

	private record DecisionKey(Side side, Direction direction, String link, String choice, DecisionReason reason) {

	}

	private record BodyMeters(DistributionSummary identitySize, DistributionSummary encodedSize, Timer duration) {

		void record(long identityBytes, long encodedBytes, long codecNanos) {
			this.identitySize.record(identityBytes);
			this.encodedSize.record(encodedBytes);
			this.duration.record(codecNanos, TimeUnit.NANOSECONDS);
		}

	}

}
