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

	private final LearnedPerformance performance = new LearnedPerformance(0.5,
			(option) -> option.coding().equals("dcz") ? null : SEED);

	@BeforeEach
	void warmUp() {
		for (int i = 0; i < LearnedPerformance.WARM_UP_BODIES; i++) {
			this.performance.learn(ZSTD, "application/json", 100_000, 99_000, 99_000_000);
		}
	}

	@Test
	void keepsTheSeedsWhenTheLearningRateIsZero() {
		LearnedPerformance fixed = new LearnedPerformance(0, (option) -> SEED);
		for (int i = 0; i < LearnedPerformance.WARM_UP_BODIES + 10; i++) {
			fixed.learn(ZSTD, "application/json", 100_000, 10_000, 500_000);
			fixed.learnDecoding("zstd", 100_000, 1_000_000);
		}
		assertThat(fixed.estimate(ZSTD, "application/json")).isEqualTo(SEED);
		assertThat(fixed.isLearned(ZSTD, "application/json")).isFalse();
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
	void anotherLevelOfAWarmCodingTeachesFromItsSecondBody() {
		CodingOption zstd6 = CodingOption.parse("zstd:6");
		this.performance.learn(zstd6, "application/json", 100_000, 99_000, 99_000_000);
		assertThat(this.performance.isLearned(zstd6, "application/json")).isFalse();
		this.performance.learn(zstd6, "application/json", 100_000, 10_000, 2_000_000);
		assertThat(this.performance.estimate(zstd6, "application/json").encodeNanosPerByte()).isCloseTo(20,
				within(1e-9));
		CodingOption lz4 = CodingOption.parse("lz4:1");
		for (int i = 0; i <= LearnedPerformance.WARM_UP_BODIES; i++) {
			assertThat(this.performance.isLearned(lz4, "application/json")).as("a cold coding, body %d", i).isFalse();
			this.performance.learn(lz4, "application/json", 100_000, 30_000, 100_000);
		}
		assertThat(this.performance.isLearned(lz4, "application/json")).isTrue();
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
	void takesAContentTypeWithoutItsParametersAndWhateverItsCase() {
		this.performance.learn(ZSTD, "application/json;charset=UTF-8", 100_000, 10_000, 500_000);
		this.performance.learn(ZSTD, "application/x-protobuf", 100_000, 60_000, 500_000);
		assertThat(this.performance.estimate(ZSTD, "APPLICATION/JSON").ratio()).isCloseTo(0.1, within(1e-9));
		assertThat(this.performance.estimate(ZSTD, "application/json; charset=ISO-8859-1").ratio()).isCloseTo(0.1,
				within(1e-9));
	}

	@Test
	void calibratesTheSeedsOfUnmeasuredRungsByTheMeasuredOnesOfTheSameCodingFirst() {
		CodingOption lz4 = CodingOption.parse("lz4:1");
		CodingOption gzip = CodingOption.parse("gzip:1");
		CodingOption zstd3 = CodingOption.parse("zstd:3");
		for (int i = 0; i < LearnedPerformance.WARM_UP_BODIES; i++) {
			this.performance.learn(lz4, "application/json", 100_000, 99_000, 99_000_000);
		}
		// the seed: 10 ns per byte (100 MB/s), ratio 0.2
		this.performance.learn(ZSTD, "application/json", 100_000, 10_000, 250_000);
		this.performance.learn(lz4, "application/json", 100_000, 30_000, 62_500);
		CodingPerformance sameCoding = this.performance.estimate(zstd3, "application/json");
		assertThat(sameCoding.encodeNanosPerByte()).isCloseTo(10 / 4.0, within(1e-9));
		assertThat(sameCoding.ratio()).isCloseTo(0.1, within(1e-9));
		CodingPerformance otherCoding = this.performance.estimate(gzip, "application/json");
		assertThat(otherCoding.encodeNanosPerByte()).isCloseTo(10 / 8.0, within(1e-9));
		assertThat(otherCoding.ratio()).isCloseTo(0.2 * Math.sqrt(0.5 * 1.5), within(1e-9));
		assertThat(otherCoding.decodeNanosPerByte()).isEqualTo(SEED.decodeNanosPerByte());
		assertThat(this.performance.isLearned(gzip, "application/json")).isFalse();
		assertThat(this.performance.estimate(ZSTD, "application/json").encodeNanosPerByte()).isCloseTo(2.5,
				within(1e-9));
	}

	@Test
	void takesThePeersDecoderSpeedFromItsOwnDecodingOfTheCodingAtAnyLevel() {
		warmUpDecoder("zstd");
		assertThat(this.performance.estimate(ZSTD, "application/json").decodeNanosPerByte())
			.as("JIT-cold decodes teach nothing")
			.isEqualTo(SEED.decodeNanosPerByte());
		this.performance.learnDecoding("zstd", 100_000, 100_000);
		assertThat(this.performance.estimate(ZSTD, "application/json").decodeNanosPerByte()).isCloseTo(1,
				within(1e-9));
		assertThat(this.performance.estimate(CodingOption.parse("zstd:6"), null).decodeNanosPerByte()).isCloseTo(1,
				within(1e-9));
		this.performance.learnDecoding("zstd", 100_000, 300_000);
		assertThat(this.performance.estimate(ZSTD, "application/json").decodeNanosPerByte()).isCloseTo(2,
				within(1e-9));
		assertThat(this.performance.estimate(ZSTD, "application/json").encodeNanosPerByte())
			.isEqualTo(SEED.encodeNanosPerByte());
	}

	@Test
	void keepsTheDecoderSeedOfACodingItNeverDecodedWhateverTheOthersMeasure() {
		warmUpDecoder("zstd");
		this.performance.learnDecoding("zstd", 100_000, 50_000);
		assertThat(this.performance.estimate(CodingOption.parse("lz4:1"), null).decodeNanosPerByte())
			.isEqualTo(SEED.decodeNanosPerByte());
	}

	@Test
	void aCodingWithoutASeedLearnsItsOwnEstimateButDoesNotCalibrateTheOthers() {
		CodingOption dcz = CodingOption.parse("dcz");
		CodingOption gzip = CodingOption.parse("gzip:1");
		for (int i = 0; i <= LearnedPerformance.WARM_UP_BODIES; i++) {
			this.performance.learn(dcz, "application/json", 1_000_000, 200, 600_000);
		}
		assertThat(this.performance.isLearned(dcz, "application/json")).isTrue();
		assertThat(this.performance.estimate(dcz, "application/json").ratio()).isCloseTo(0.0002, within(1e-9));
		assertThat(this.performance.estimate(gzip, "application/json").encodeNanosPerByte())
			.isEqualTo(SEED.encodeNanosPerByte());
		assertThat(this.performance.estimate(gzip, "application/json").ratio()).isEqualTo(SEED.ratio());
	}

	@Test
	void learnsNoDecoderSpeedFromSmallBodiesOrFromCodingsWithoutASeed() {
		warmUpDecoder("zstd");
		warmUpDecoder("dcz");
		this.performance.learnDecoding("zstd", 1000, 100);
		this.performance.learnDecoding("dcz", 100_000, 10_000);
		assertThat(this.performance.estimate(ZSTD, null).decodeNanosPerByte()).isEqualTo(SEED.decodeNanosPerByte());
		assertThat(this.performance.estimate(CodingOption.parse("dcz"), null).decodeNanosPerByte())
			.isEqualTo(SeedPerformance.UNKNOWN.decodeNanosPerByte());
	}

	@Test
	void learnsTheDecoderSpeedOfEveryCodingItsSeedsKnow() {
		warmUpDecoder("snappy");
		this.performance.learnDecoding("snappy", 100_000, 100_000);
		assertThat(this.performance.estimate(CodingOption.parse("snappy"), null).decodeNanosPerByte()).isCloseTo(1,
				within(1e-9));
	}

	private void warmUpDecoder(String coding) {
		for (int i = 0; i < LearnedPerformance.WARM_UP_BODIES; i++) {
			this.performance.learnDecoding(coding, 100_000, 99_000_000);
		}
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
		this.performance.learn(ZSTD, "application/x-beyond-the-bound", 100_000, 90_000, 500_000);
		CodingPerformance beyond = this.performance.estimate(ZSTD, "application/x-beyond-the-bound");
		assertThat(beyond).isEqualTo(this.performance.estimate(ZSTD, null));
		assertThat(beyond.ratio()).as("halfway from 0.1 to 0.9: learned for every type, not for this one alone")
			.isCloseTo(0.5, within(1e-9));
	}

	@Test
	void rejectsALearningRateOutsideZeroToOne() {
		assertThatIllegalArgumentException().isThrownBy(() -> new LearnedPerformance(1.5));
		assertThatIllegalArgumentException().isThrownBy(() -> new LearnedPerformance(Double.NaN));
	}

	@Test
	void leavesOutABodyFarSlowerThanTheEstimateUnlessTheNextIsAsSlow() {
		this.performance.learn(ZSTD, "application/json", 100_000, 10_000, 500_000);
		this.performance.learn(ZSTD, "application/json", 100_000, 10_000, 5_000_000);
		assertThat(this.performance.estimate(ZSTD, "application/json").encodeNanosPerByte()).isCloseTo(5,
				within(1e-9));
		this.performance.learn(ZSTD, "application/json", 100_000, 10_000, 500_000);
		this.performance.learn(ZSTD, "application/json", 100_000, 10_000, 5_000_000);
		assertThat(this.performance.estimate(ZSTD, "application/json").encodeNanosPerByte()).isCloseTo(5,
				within(1e-9));
		this.performance.learn(ZSTD, "application/json", 100_000, 10_000, 5_000_000);
		assertThat(this.performance.estimate(ZSTD, "application/json").encodeNanosPerByte())
			.isCloseTo((5 + 50) / 2.0, within(1e-9));
	}

	@Test
	void replacesTheSeedWithASlowFirstBodyOnlyWhenTheNextIsAsSlow() {
		this.performance.learn(ZSTD, "application/json", 100_000, 10_000, 5_000_000);
		assertThat(this.performance.isLearned(ZSTD, "application/json")).isFalse();
		this.performance.learn(ZSTD, "application/json", 100_000, 10_000, 5_000_000);
		assertThat(this.performance.estimate(ZSTD, "application/json").encodeNanosPerByte()).isCloseTo(50,
				within(1e-9));
	}

	@Test
	void learnsAContentTypeSlowerThanTheOthersWhenItsBodiesAlternateWithTheirs() {
		this.performance.learn(ZSTD, "application/json", 100_000, 10_000, 500_000);
		for (int i = 0; i < 4; i++) {
			this.performance.learn(ZSTD, "text/csv", 100_000, 10_000, 5_000_000);
			this.performance.learn(ZSTD, "application/json", 100_000, 10_000, 500_000);
		}
		assertThat(this.performance.estimate(ZSTD, "text/csv").encodeNanosPerByte()).isGreaterThan(20);
		assertThat(this.performance.estimate(ZSTD, "application/json").encodeNanosPerByte()).isCloseTo(5,
				within(1e-9));
	}

}
