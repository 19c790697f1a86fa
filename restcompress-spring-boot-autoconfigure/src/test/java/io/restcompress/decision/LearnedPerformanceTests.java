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
	void movesEachEstimateByTheLearningRate() {
		this.performance.learn(ZSTD, "application/json", 100_000, 10_000, 500_000);
		CodingPerformance learned = this.performance.estimate(ZSTD, "application/json; charset=UTF-8");
		assertThat(learned.encodeNanosPerByte()).isCloseTo((10 + 5) / 2.0, within(1e-9));
		assertThat(learned.ratio()).isCloseTo((0.2 + 0.1) / 2, within(1e-9));
		assertThat(learned.decodeNanosPerByte()).isEqualTo(SEED.decodeNanosPerByte());
	}

	@Test
	void keepsContentTypesApartAndFallsBackToTheRungsEstimate() {
		this.performance.learn(ZSTD, "application/json", 100_000, 10_000, 500_000);
		this.performance.learn(ZSTD, "application/x-protobuf", 100_000, 60_000, 500_000);
		assertThat(this.performance.estimate(ZSTD, "application/json").ratio()).isCloseTo(0.15, within(1e-9));
		assertThat(this.performance.estimate(ZSTD, "application/x-protobuf").ratio()).isCloseTo(0.4, within(1e-9));
		assertThat(this.performance.estimate(ZSTD, "text/csv").ratio()).isCloseTo((0.15 + 0.6) / 2, within(1e-9));
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
