package io.restcompress.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link SizeThreshold}.
 */
class SizeThresholdTests {

	@Test
	void sendsAnEmptyBodyAsItIsWhateverTheThreshold() {
		assertThat(SizeThreshold.isBelow(0, 0)).isTrue();
		assertThat(SizeThreshold.isBelow(0, 4500)).isTrue();
	}

	@Test
	void encodesABodyFromTheThresholdOn() {
		assertThat(SizeThreshold.isBelow(4499, 4500)).isTrue();
		assertThat(SizeThreshold.isBelow(4500, 4500)).isFalse();
		assertThat(SizeThreshold.isBelow(1, 0)).isFalse();
	}

	@Test
	void leavesABodyOfUnknownSizeUndecided() {
		assertThat(SizeThreshold.isBelow(-1, 4500)).isFalse();
		assertThat(SizeThreshold.isBelow(-1, 0)).isFalse();
	}

	@Test
	void seesAtLeastOneByteBeforeDeciding() {
		assertThat(SizeThreshold.bytesToDecide(0)).isEqualTo(1);
		assertThat(SizeThreshold.bytesToDecide(4500)).isEqualTo(4500);
	}

}
