package io.restcompress.metrics;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/**
 * Checked against rest-compress's published figures (one core, 2014): round trip LZF
 * 174.6 MB/s at 29.8% of the size, gzip 30.9 MB/s at 18.2%. Speeds are passed in MB/s here,
 * which the formulas allow because they are linear in the unit of speed.
 */
class BreakEvenTests {

	private static final double PRECISION = 1e-9;

	@Test
	void roundTripSpeedAddsTheTimePerByteOfBothCodecs() {
		// 1 / (1/250 + 1/500) = 1 / (0.004 + 0.002) = 1 / 0.006 = 166.666... MB/s
		assertThat(BreakEven.roundTripSpeed(250, 500)).isCloseTo(166.666_666_667, within(1e-6));
		// two equal codecs halve the speed: 1 / (2/100) = 50
		assertThat(BreakEven.roundTripSpeed(100, 100)).isCloseTo(50, within(PRECISION));
	}

	@Test
	void lzfStopsPayingAboveAboutOneGigabit() {
		// (1 - 0.298) * 174.6 = 0.702 * 174.6 = 122.5692 MB/s = 980.5536 Mbit/s
		assertThat(BreakEven.linkSpeed(0.298, 174.6)).isCloseTo(122.5692, within(PRECISION));
	}

	@Test
	void gzipStopsPayingAboveAboutTwoHundredMegabits() {
		// (1 - 0.182) * 30.9 = 0.818 * 30.9 = 25.2762 MB/s = 202.2096 Mbit/s
		assertThat(BreakEven.linkSpeed(0.182, 30.9)).isCloseTo(25.2762, within(PRECISION));
	}

	@Test
	void aCodingThatSavesNothingNeverPays() {
		// (1 - 1.0) * 500 = 0; (1 - 1.1) * 500 = -50
		assertThat(BreakEven.linkSpeed(1.0, 500)).isZero();
		assertThat(BreakEven.linkSpeed(1.1, 500)).isNegative();
	}

	@Test
	void lzfBeatsGzipAboveAboutThirtyFiveMegabits() {
		// 1/30.9 = 0.032362460 s/MB, 1/174.6 = 0.005727377 s/MB, difference 0.026635083
		// (0.298 - 0.182) / 0.026635083 = 0.116 / 0.026635083 = 4.355158 MB/s = 34.84 Mbit/s
		assertThat(BreakEven.fasterWinsAbove(0.298, 174.6, 0.182, 30.9)).isCloseTo(4.355158, within(1e-6));
	}

	@Test
	void aFasterCodingWithTheBetterRatioAlwaysWins() {
		assertThat(BreakEven.fasterWinsAbove(0.2, 300, 0.3, 30)).isZero();
		assertThat(BreakEven.fasterWinsAbove(0.3, 300, 0.3, 30)).isZero();
	}

	@Test
	void rejectsAFasterCodingThatIsSlower() {
		assertThatIllegalArgumentException().isThrownBy(() -> BreakEven.fasterWinsAbove(0.3, 30, 0.2, 300));
	}


	@Test
	void aFasterCodingAsFastWithTheSameRatioAlwaysWins() {
		assertThat(BreakEven.fasterWinsAbove(0.298, 174.6, 0.298, 174.6)).isZero();
	}

}
