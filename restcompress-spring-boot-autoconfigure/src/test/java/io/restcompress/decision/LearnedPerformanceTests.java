package io.restcompress.decision;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/**
 * Unit tests of {@link LearnedPerformance}.
 */
class LearnedPerformanceTests {

	private static final CodingOption ZSTD = CodingOption.parse("zstd:1");

	private static final CodingPerformance SEED = CodingPerformance.of(100, 500, 0.2);

	private final LearnedPerformance performance = new LearnedPerformance(0.5, (option) -> SEED);

	@BeforeEach
	void warmUp() {
		for (int i = 0; i < LearnedPerformance.WARM_UP_BODIES; i++) {
			this.performance.learn(ZSTD, "application/json", 100_000, 99_000, 99_000_000);
		}
	}

	@Test
	void startsFromTheSeedAndIgnoresTheJitColdBodies() {
		assertThat(this.performance.estimate(ZSTD, "application/json")).isEqualTo(SEED);
	}

	@Test
	void replacesTheSeedWithTheFirstWarmBodyAndThenMovesByTheLearningRate() {
		assertThat(this.performance.isLearned(ZSTD, "application/json")).isFalse();
		this.performance.learn(ZSTD, "application/json", 100_000, 10_000, 500_000);
		CodingPerformance first = this.performance.estimate(ZSTD, "application/json; charset=UTF-8");
		assertThat(first.encodeNanosPerByte()).isCloseTo(5, within(1e-9));
		assertThat(first.ratio()).isCloseTo(0.1, within(1e-9));
		assertThat(first.decodeNanosPerByte()).isEqualTo(SEED.decodeNanosPerByte());
		assertThat(this.performance.isLearned(ZSTD, "application/json")).isTrue();
		this.performance.learn(ZSTD, "application/json", 100_000, 30_000, 1_500_000);
		CodingPerformance second = this.performance.estimate(ZSTD, "application/json");
		assertThat(second.encodeNanosPerByte()).isCloseTo((5 + 15) / 2.0, within(1e-9));
		assertThat(second.ratio()).isCloseTo((0.1 + 0.3) / 2, within(1e-9));
	}

	@Test
	void keepsContentTypesApartAndFallsBackToTheRungsEstimate() {
		this.performance.learn(ZSTD, "application/json", 100_000, 10_000, 500_000);
		this.performance.learn(ZSTD, "application/x-protobuf", 100_000, 60_000, 500_000);
		assertThat(this.performance.estimate(ZSTD, "application/json").ratio()).isCloseTo(0.1, within(1e-9));
		assertThat(this.performance.estimate(ZSTD, "application/x-protobuf").ratio()).isCloseTo(0.6, within(1e-9));
		assertThat(this.performance.estimate(ZSTD, "text/csv").ratio()).isCloseTo((0.1 + 0.6) / 2, within(1e-9));
	}

	@Test
	void calibratesTheSeedsOfUnmeasuredRungsByTheMeasuredOnes() {
		CodingOption lz4 = CodingOption.parse("lz4:1");
		CodingOption gzip = CodingOption.parse("gzip:1");
		CodingPerformance gzipSeed = this.performance.estimate(gzip, "application/json");
		for (int i = 0; i < LearnedPerformance.WARM_UP_BODIES; i++) {
			this.performance.learn(lz4, "application/json", 100_000, 99_000, 99_000_000);
		}
		// seed: 10 ns per byte (100 MB/s); zstd measured 4 times faster, lz4 16 times faster
		this.performance.learn(ZSTD, "application/json", 100_000, 10_000, 250_000);
		this.performance.learn(lz4, "application/json", 100_000, 30_000, 62_500);
		CodingPerformance calibrated = this.performance.estimate(gzip, "application/json");
		assertThat(calibrated.encodeNanosPerByte()).isCloseTo(gzipSeed.encodeNanosPerByte() / 8, within(1e-9));
		assertThat(calibrated.ratio()).isEqualTo(gzipSeed.ratio());
		assertThat(calibrated.decodeNanosPerByte()).isEqualTo(gzipSeed.decodeNanosPerByte());
		assertThat(this.performance.isLearned(gzip, "application/json")).isFalse();
		assertThat(this.performance.estimate(ZSTD, "application/json").encodeNanosPerByte()).isCloseTo(2.5,
				within(1e-9));
	}

	@Test
	void learnsNothingFromSmallBodies() {
		this.performance.learn(ZSTD, "application/json", 1000, 900, 1_000_000);
		assertThat(this.performance.estimate(ZSTD, "application/json")).isEqualTo(SEED);
	}

	@Test
	void boundsTheNumberOfContentTypes() {
		for (int i = 0; i < LearnedPerformance.MAX_ENTRIES + 100; i++) {
			this.performance.learn(ZSTD, "application/x-type-" + i, 100_000, 10_000, 500_000);
		}
		assertThat(this.performance.estimate(ZSTD, "application/x-type-" + (LearnedPerformance.MAX_ENTRIES + 50)))
			.isEqualTo(this.performance.estimate(ZSTD, null));
	}

	@Test
	void rejectsALearningRateOutsideZeroToOne() {
		assertThatIllegalArgumentException().isThrownBy(() -> new LearnedPerformance(1.5));
		assertThatIllegalArgumentException().isThrownBy(() -> new LearnedPerformance(Double.NaN));
	}

}
