package io.restcompress.metrics;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class BandwidthTests {

	@ParameterizedTest
	@CsvSource({ "1Gbit, 1000000000", "1 Gbit/s, 1000000000", "10Gbps, 10000000000", "100Mbit, 100000000",
			"100mbit/s, 100000000", "2.5Gbit, 2500000000", "512kbit, 512000", "1Tbit, 1000000000000",
			"125MB/s, 1000000000", "1GBps, 8000000000", "64000, 64000", "1500bit/s, 1500", "1G, 1000000000" })
	void parsesWhatOperatorsWrite(String text, long bitsPerSecond) {
		assertThat(Bandwidth.of(text).toBitsPerSecond()).isEqualTo(bitsPerSecond);
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "fast", "0Gbit", "-1Gbit", "1Xbit", "1 Gbit per second", "1.5.2Mbit", "0.1bit",
			"10000000Tbit", "20000000Tbit", "9223372036854775808", "2000000TB/s" })
	void rejectsWhatIsNotAPositiveBandwidth(String text) {
		assertThatIllegalArgumentException().isThrownBy(() -> Bandwidth.of(text));
	}

	@Test
	void parsesTheFastestBandwidthItCanHold() {
		assertThat(Bandwidth.of("9223372036854775807").toBitsPerSecond()).isEqualTo(Long.MAX_VALUE);
	}

	@Test
	void convertsToBytesPerSecond() {
		assertThat(Bandwidth.of("1Gbit").toBytesPerSecond()).isEqualTo(125_000_000);
	}

	@Test
	void printsWithTheLargestExactPrefix() {
		assertThat(Bandwidth.of("1Gbit")).hasToString("1Gbit/s");
		assertThat(Bandwidth.of("1500Mbit")).hasToString("1500Mbit/s");
		assertThat(Bandwidth.of("512kbit")).hasToString("512kbit/s");
		assertThat(Bandwidth.ofBitsPerSecond(1234)).hasToString("1234bit/s");
	}

	@Test
	void isEqualByValue() {
		assertThat(Bandwidth.of("1Gbit")).isEqualTo(Bandwidth.of("1000Mbit/s")).hasSameHashCodeAs(Bandwidth.of("1000Mbit"));
		assertThat(Bandwidth.of("1Gbit")).isNotEqualTo(Bandwidth.of("1GB/s"));
	}

}
