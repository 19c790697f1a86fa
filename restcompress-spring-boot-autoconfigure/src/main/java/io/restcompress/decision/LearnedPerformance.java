package io.restcompress.decision;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import io.restcompress.metrics.CompressionStatistics;
import org.jspecify.annotations.Nullable;
import org.springframework.util.InvalidMimeTypeException;
import org.springframework.util.MimeType;

/**
 * Encoder speed and ratio per content type and ladder rung, learned from the bodies this
 * application encodes. A rung starts on conservative seed figures ({@link SeedPerformance});
 * after it has encoded a few bodies with a warm JIT, the first measured body replaces the seed
 * and each later one moves the estimate by the learning rate (an exponentially weighted
 * moving average, so old traffic decays). A body that took more than
 * {@value #OUTLIER_FACTOR} times the estimate's encoder time (it met a pause) counts only
 * when the next body judged against the same estimate is that slow too: one such body would
 * otherwise make the rung look too slow to be chosen, and so measured, again. Once some rungs are measured, the seeds of the others
 * are calibrated to this machine and traffic: their encoder time and ratio are scaled by how far
 * the measured rungs of the same coding (of any coding, if none is measured) are from their
 * seeds (the geometric mean), so that a rung is not left unchosen, and so unmeasured, only
 * because its seed is conservative.
 * <p>
 * Decoding happens at the peer, whose decoder cannot be timed from here. Its speed is taken
 * from this application's own decoding of the same coding ({@link #learnDecoding}: request
 * bodies on a server, responses in a client), on the assumption that the peer runs the same
 * codecs on a similar machine; a coding this application has not decoded keeps its seed. The
 * decoder speed is learned per coding, for any content type and level. Unlike the encoders',
 * the decoders' seeds are not calibrated by the measured ones: measured decoders are off their
 * seeds in both directions (in one benchmark run a server decoded zstd at 2.2 times its seed's
 * speed and lz4 at 0.45 times), so one coding's error says nothing about another's.
 * <p>
 * At most {@value #MAX_ENTRIES} estimates are kept; content types beyond that share their
 * rung's estimate for any type. Thread-safe.
 */
public final class LearnedPerformance {

	static final int MAX_ENTRIES = 1024;

	/** Bodies smaller than this teach nothing: fixed costs dominate their timing. */
	static final long MIN_LEARNING_SIZE = CompressionStatistics.MIN_TIMED_BYTES;

	/**
	 * The first bodies each coding encodes (or decodes) teach nothing: they run while the JIT
	 * compiles the codec, often ten times slower than later ones, and one of them would make
	 * the rung look too slow to be chosen again. The levels of a coding share its code, so this
	 * is counted per coding; the first body of each further level is left out as well (its
	 * native context is set up for the level).
	 */
	static final int WARM_UP_BODIES = 5;

	/**
	 * A body whose encoder time per byte exceeds the estimate's by more than this factor is
	 * held back until the next body of its rung confirms it.
	 */
	static final double OUTLIER_FACTOR = 4;

	private static final String ANY_TYPE = "*/*";

	private final double learningRate;

	private final Function<CodingOption, @Nullable CodingPerformance> seeds;

	private final Map<String, EncoderEstimate> estimates = new ConcurrentHashMap<>();

	private final Map<String, AtomicInteger> warmUp = new ConcurrentHashMap<>();

	/** Per measured rung, how far its estimate for any content type is from its seed. */
	private final Map<String, SeedError> seedErrors = new ConcurrentHashMap<>();

	/**
	 * Per estimate (of a rung for a content type, or for any), whether the last body judged
	 * against it was slower by the outlier factor.
	 */
	private final Map<String, Boolean> outliers = new ConcurrentHashMap<>();

	/** Decoder time per identity byte, per coding this application has decoded. */
	private final Map<String, Double> decoders = new ConcurrentHashMap<>();

	/**
	 * Creates an empty table.
	 * @param learningRate how far one body moves an estimate, between 0 (never) and 1 (to the
	 * latest body)
	 */
	public LearnedPerformance(double learningRate) {
		this(learningRate, SeedPerformance::find);
	}

	LearnedPerformance(double learningRate, Function<CodingOption, @Nullable CodingPerformance> seeds) {
		if (!(learningRate >= 0 && learningRate <= 1)) {
			throw new IllegalArgumentException("The learning rate (restcompress.decision.learning-rate) must be "
					+ "between 0 and 1, was " + learningRate);
		}
		this.learningRate = learningRate;
		this.seeds = seeds;
	}

	/**
	 * Returns the estimate for a rung and content type.
	 * @param option the rung
	 * @param contentType the body's content type, or {@code null}
	 * @return the learned estimate, else the rung's for any type, else the seed, calibrated
	 */
	public CodingPerformance estimate(CodingOption option, @Nullable String contentType) {
		EncoderEstimate estimate = encoderEstimate(option, typeOf(contentType));
		return new CodingPerformance(estimate.encodeNanosPerByte(), decoderNanosPerByte(option), estimate.ratio());
	}

	/**
	 * The encoder's estimate for a content type, else the rung's for any type, else the
	 * calibrated seed.
	 */
	private EncoderEstimate encoderEstimate(CodingOption option, String type) {
		EncoderEstimate specific = this.estimates.get(key(option, type));
		if (specific == null) {
			specific = this.estimates.get(key(option, ANY_TYPE));
		}
		return (specific != null) ? specific : calibratedSeed(option);
	}

	private double decoderNanosPerByte(CodingOption option) {
		Double learned = this.decoders.get(option.coding());
		if (learned != null) {
			return learned;
		}
		return seed(option).decodeNanosPerByte();
	}

	private CodingPerformance seed(CodingOption option) {
		CodingPerformance seed = this.seeds.apply(option);
		return (seed != null) ? seed : SeedPerformance.UNKNOWN;
	}

	private EncoderEstimate calibratedSeed(CodingOption option) {
		CodingPerformance seed = seed(option);
		if (this.seedErrors.isEmpty()) {
			return new EncoderEstimate(seed.encodeNanosPerByte(), seed.ratio());
		}
		boolean sameCoding = this.seedErrors.values().stream().anyMatch((error) -> error.coding.equals(option.coding()));
		double encodeLogSum = 0;
		double ratioLogSum = 0;
		int count = 0;
		for (SeedError error : this.seedErrors.values()) {
			if (!sameCoding || error.coding.equals(option.coding())) {
				encodeLogSum += error.logEncode;
				ratioLogSum += error.logRatio;
				count++;
			}
		}
		return new EncoderEstimate(seed.encodeNanosPerByte() * Math.exp(encodeLogSum / count),
				Math.min(1, seed.ratio() * Math.exp(ratioLogSum / count)));
	}

	/**
	 * Learns from a body this application encoded. A coding without a seed (an application's
	 * own, or a dictionary coding, whose ratio depends on the dictionary) learns its own
	 * estimates but does not calibrate the seeds of the codings not measured yet: its error
	 * against the generic seed says nothing about theirs.
	 * @param option the rung it was encoded with
	 * @param contentType its content type, or {@code null}
	 * @param identityBytes its size before encoding
	 * @param encodedBytes its size after encoding
	 * @param encodeNanos the time spent in the encoder
	 */
	public void learn(CodingOption option, @Nullable String contentType, long identityBytes, long encodedBytes,
			long encodeNanos) {
		if (this.learningRate == 0 || identityBytes < MIN_LEARNING_SIZE || encodeNanos <= 0
				|| encoderWarmingUp(option)) {
			return;
		}
		double nanosPerByte = (double) encodeNanos / identityBytes;
		String type = typeOf(contentType);
		if (unconfirmedOutlier(option, type, nanosPerByte)) {
			return;
		}
		double ratio = (double) encodedBytes / identityBytes;
		EncoderEstimate any = update(key(option, ANY_TYPE), nanosPerByte, ratio);
		CodingPerformance seed = this.seeds.apply(option);
		if (seed != null) {
			this.seedErrors.put(option.label(), new SeedError(option.coding(),
					Math.log(any.encodeNanosPerByte() / seed.encodeNanosPerByte()),
					Math.log(any.ratio() / seed.ratio())));
		}
		if (!type.equals(ANY_TYPE) && (this.estimates.size() < MAX_ENTRIES
				|| this.estimates.containsKey(key(option, type)))) {
			update(key(option, type), nanosPerByte, ratio);
		}
	}

	/**
	 * Learns from a body this application decoded, as an estimate of how fast a peer decodes
	 * the coding. Codings without a seed (such as the dictionary codings, whose speed depends
	 * on the dictionary more than on the machine) teach nothing.
	 * @param coding the body's coding
	 * @param identityBytes its size after decoding
	 * @param decodeNanos the time spent in the decoder, reading its input excluded
	 */
	public void learnDecoding(String coding, long identityBytes, long decodeNanos) {
		CodingOption option = CodingOption.parse(coding);
		if (this.learningRate == 0 || identityBytes < MIN_LEARNING_SIZE || decodeNanos <= 0
				|| this.seeds.apply(option) == null
				|| warmingUp("decoder " + option.coding(), WARM_UP_BODIES)) {
			return;
		}
		double observed = (double) decodeNanos / identityBytes;
		this.decoders.merge(option.coding(), observed, this::move);
	}

	/**
	 * Whether a body is far slower than its rung's estimate and the body before was not: such
	 * a body is left out, and the next one, if as slow, counts.
	 */
	private boolean unconfirmedOutlier(CodingOption option, String type, double nanosPerByte) {
		boolean outlier = nanosPerByte > OUTLIER_FACTOR * encoderEstimate(option, type).encodeNanosPerByte();
		String specific = key(option, type);
		String judgedBy = this.estimates.containsKey(specific) ? specific : key(option, ANY_TYPE);
		Boolean previous = this.outliers.put(judgedBy, outlier);
		return outlier && !Boolean.TRUE.equals(previous);
	}

	private boolean encoderWarmingUp(CodingOption option) {
		boolean codingCold = warmingUp("encoder " + option.coding(), WARM_UP_BODIES);
		boolean levelCold = warmingUp(option.label(), 1);
		return codingCold || levelCold;
	}

	private boolean warmingUp(String key, int bodies) {
		AtomicInteger seen = this.warmUp.computeIfAbsent(key, (label) -> new AtomicInteger());
		return seen.get() < bodies && seen.incrementAndGet() <= bodies;
	}

	/**
	 * Whether a rung has been measured on warm bodies, for the content type or for any, so
	 * that its estimate is no longer its seed.
	 * @param option the rung
	 * @param contentType the body's content type, or {@code null}
	 * @return whether the estimate is learned
	 */
	public boolean isLearned(CodingOption option, @Nullable String contentType) {
		return this.estimates.containsKey(key(option, typeOf(contentType)))
				|| this.estimates.containsKey(key(option, ANY_TYPE));
	}

	private EncoderEstimate update(String key, double nanosPerByte, double ratio) {
		return this.estimates.compute(key, (ignored, current) -> (current != null)
				? new EncoderEstimate(move(current.encodeNanosPerByte(), nanosPerByte), move(current.ratio(), ratio))
				: new EncoderEstimate(nanosPerByte, ratio));
	}

	private double move(double estimate, double observed) {
		return estimate + this.learningRate * (observed - estimate);
	}

	private static String key(CodingOption option, String type) {
		return option.label() + " " + type;
	}

	private static String typeOf(@Nullable String contentType) {
		if (contentType == null) {
			return ANY_TYPE;
		}
		try {
			MimeType mimeType = MimeType.valueOf(contentType);
			return (mimeType.getType() + "/" + mimeType.getSubtype()).toLowerCase(Locale.ROOT);
		}
		catch (InvalidMimeTypeException ex) {
			return ANY_TYPE;
		}
	}

	/**
	 * What a rung's encoder does to a body: its time per identity byte and its ratio.
	 */
	private record EncoderEstimate(double encodeNanosPerByte, double ratio) {

	}

	/**
	 * How far a measured rung is from its seed: the logarithms of measured over seeded encoder
	 * time per byte and ratio.
	 */
	private record SeedError(String coding, double logEncode, double logRatio) {

	}

}
