package io.restcompress.benchmarks;

import java.io.IOException;
import java.util.List;

import io.restcompress.codec.DczCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class DictionaryBenchmarkTests {

	@Test
	void everyVariantCodesTheRecordsItChecksAtSetup() throws IOException {
		for (String variant : List.of("identity", "zstd", "dcz", "br", "dcb", "prepared-3", "loaded-4")) {
			DictionaryBenchmark benchmark = benchmark(variant);
			try {
				for (int i = 0; i < 3; i++) {
					assertThat(benchmark.encode()).as(variant).isPositive();
					assertThat(benchmark.decode()).as(variant).isBetween(500, 4096);
				}
			}
			finally {
				benchmark.tearDown();
			}
		}
	}

	@Test
	void theDictionaryMakesRecordsSmallerThanTheCodingAlone() throws IOException {
		assertThat(encodedBytesPerRecord("dcz")).isLessThan(encodedBytesPerRecord("zstd"));
		assertThat(encodedBytesPerRecord("dcb")).isLessThan(encodedBytesPerRecord("br"));
	}

	@Test
	void preparedAtLevelFourIsDczWithoutItsHeader() throws IOException {
		assertThat(encodedBytesPerRecord("dcz"))
			.isEqualTo(encodedBytesPerRecord("prepared-4") + DczCodec.HEADER_LENGTH);
	}

	@Test
	void writesTheEvictedBytesBeforeEachCall() throws IOException {
		DictionaryBenchmark benchmark = new DictionaryBenchmark();
		benchmark.records = "generated";
		benchmark.dictionarySize = 16 * 1024;
		benchmark.variant = "identity";
		benchmark.evictedBytes = 4096;
		benchmark.setUp();
		benchmark.encode();
		benchmark.decode();
		assertThat(benchmark.evicted()).hasSize(4096).satisfies((evicted) -> {
			assertThat(evicted[0]).isEqualTo((byte) 2);
			assertThat(evicted[4032]).isEqualTo((byte) 2);
			assertThat(evicted[1]).isZero();
		});
	}

	@Test
	void rejectsAnUnknownVariant() {
		DictionaryBenchmark benchmark = new DictionaryBenchmark();
		benchmark.records = "generated";
		benchmark.dictionarySize = 16 * 1024;
		benchmark.variant = "lzf";
		assertThatIllegalArgumentException().isThrownBy(benchmark::setUp).withMessageContaining("lzf");
	}

	private static long encodedBytesPerRecord(String variant) throws IOException {
		DictionaryBenchmark benchmark = benchmark(variant);
		benchmark.tearDown();
		return benchmark.encodedBytesPerRecord();
	}

	private static DictionaryBenchmark benchmark(String variant) throws IOException {
		DictionaryBenchmark benchmark = new DictionaryBenchmark();
		benchmark.records = "generated";
		benchmark.dictionarySize = 32 * 1024;
		benchmark.variant = variant;
		benchmark.setUp();
		return benchmark;
	}

}
