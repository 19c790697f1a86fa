package io.restcompress.benchmarks;

import java.io.IOException;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class ReactiveEncoderBenchmarkTests {

	@ParameterizedTest
	@ValueSource(strings = { "lzf", "gzip-6", "zstd-1" })
	void bothWaysProduceTheSameEncodedBytesSoTheyCompareTheSameWork(String coding) throws IOException {
		ReactiveEncoderBenchmark benchmark = new ReactiveEncoderBenchmark();
		benchmark.coding = coding;
		benchmark.corpus = "";
		benchmark.file = "generated-3000";
		benchmark.setUp();
		try {
			long oneWrite = benchmark.oneWrite();
			assertThat(oneWrite).isPositive();
			assertThat(benchmark.pacedByTheReads()).isEqualTo(oneWrite);
			assertThat(benchmark.pacedByTheReads()).as("a second body through a new encoder").isEqualTo(oneWrite);
		}
		finally {
			benchmark.tearDown();
		}
	}

}
