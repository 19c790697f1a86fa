package io.restcompress.benchmarks.report;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.restcompress.codec.LzfCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class JmhReportTests {

	private static final String CODEC = "io.restcompress.benchmarks.CodecBenchmark.";

	private static final String FILTER = "io.restcompress.benchmarks.FilterBenchmark.";

	@Test
	void harmonicMeanWeighsEveryFileTheSameWhateverItsSize() {
		JmhReport.FileResult small = new JmhReport.FileResult(1_000, 300, Map.of("roundTrip", result(CODEC, 100_000)));
		JmhReport.FileResult large = new JmhReport.FileResult(1_000_000, 300_000, Map.of("roundTrip", result(CODEC, 300)));
		assertThat(JmhReport.harmonicMean(List.of(small, large), "roundTrip")).isCloseTo(150, within(1e-9));
		assertThat(JmhReport.harmonicMean(List.of(small, large), "compress")).isNaN();
	}

	@Test
	void codecTablesGiveMegabytesPerSecondAndRatioPerCoding() throws Exception {
		StringBuilder markdown = new StringBuilder();
		JmhReport.codecTables(List.of(codec("compress", "lzf", 100), codec("decompress", "lzf", 400),
				codec("roundTrip", "lzf", 80)), markdown);
		byte[] identity = io.restcompress.benchmarks.Corpus.read("", "generated-300");
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		try (OutputStream encoder = new LzfCodec().encoder(encoded)) {
			encoder.write(identity);
		}
		long size = identity.length;
		String ratio = String.format(Locale.ROOT, "%.1f%%", 100.0 * encoded.size() / size);
		assertThat(markdown).contains("| lzf | 1 | " + ratio + " |")
			.contains(JmhReport.number(100.0 * size / 1e6))
			.contains(JmhReport.number(400.0 * size / 1e6));
	}

	@Test
	void filterTableJudgesTheTargets() {
		StringBuilder markdown = new StringBuilder();
		JmhReport.filterTable(List.of(new JmhReport.Result(FILTER + "rawBlockLzf", Map.of(), 100, 1, 700),
				new JmhReport.Result(FILTER + "filterLzf", Map.of(), 80, 1, 8_000),
				new JmhReport.Result(FILTER + "belowThresholdFiltered", Map.of(), 500_000, 1, 7_000),
				new JmhReport.Result(FILTER + "belowThresholdUnfiltered", Map.of(), 1_000_000, 1, 4_000)), markdown);
		assertThat(markdown).contains("80.0% of raw block LZF throughput (target >= 90%): missed")
			.contains("(target <= 1.1x): met")
			.contains("the filter adds 1.00 µs, 100% of the mock exchange");
	}

	private static JmhReport.Result codec(String operation, String coding, double score) {
		return new JmhReport.Result(CODEC + operation, Map.of("coding", coding, "corpus", "", "file", "generated-300"),
				score, 0, -1);
	}

	private static JmhReport.Result result(String prefix, double score) {
		return new JmhReport.Result(prefix + "roundTrip", Map.of(), score, 0, -1);
	}

}
