package io.restcompress.benchmarks.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.restcompress.benchmarks.Codings;
import io.restcompress.benchmarks.Corpus;
import io.restcompress.benchmarks.FilterBenchmark;
import io.restcompress.benchmarks.Payloads;
import io.restcompress.benchmarks.Sinks;
import io.restcompress.codec.ContentCodec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns JMH's JSON results into Markdown: for {@code CodecBenchmark}, per-file MB/s and ratio
 * and, per coding, the harmonic mean of the per-file MB/s over the files (rest-compress's
 * method) and the total ratio; for {@code FilterBenchmark}, the filter's throughput against the
 * raw block encoder, bytes allocated per response and the below-threshold overhead, each
 * against its target. MB are 10^6 bytes.
 * <p>
 * Arguments: the Markdown file to write, then one or more JMH JSON result files.
 */
public final class JmhReport {

	private static final String CODEC = "io.restcompress.benchmarks.CodecBenchmark.";

	private static final String FILTER = "io.restcompress.benchmarks.FilterBenchmark.";

	private static final List<String> OPERATIONS = List.of("compress", "decompress", "roundTrip");

	private JmhReport() {
	}

	public static void main(String[] args) throws IOException {
		if (args.length < 2) {
			System.err.println("Usage: JmhReport OUTPUT.md RESULT.json...");
			System.exit(2);
		}
		List<Result> results = new ArrayList<>();
		for (int i = 1; i < args.length; i++) {
			results.addAll(Result.read(Path.of(args[i])));
		}
		StringBuilder markdown = new StringBuilder();
		codecTables(results, markdown);
		filterTable(results, markdown);
		Files.writeString(Path.of(args[0]), markdown);
		System.out.print(markdown);
	}

	static void codecTables(List<Result> results, StringBuilder markdown) throws IOException {
		Map<String, Map<String, FileResult>> byCoding = new LinkedHashMap<>();
		for (Result result : results) {
			if (!result.benchmark().startsWith(CODEC)) {
				continue;
			}
			String coding = result.params().get("coding");
			String corpus = result.params().get("corpus");
			String file = result.params().get("file");
			FileResult fileResult = byCoding.computeIfAbsent(coding, (c) -> new LinkedHashMap<>())
				.computeIfAbsent(file, (f) -> FileResult.of(coding, corpus, file));
			fileResult.scores().put(result.benchmark().substring(CODEC.length()), result);
		}
		if (byCoding.isEmpty()) {
			return;
		}
		List<String> order = new ArrayList<>(Codings.ALL);
		order.retainAll(byCoding.keySet());
		byCoding.keySet().stream().filter((c) -> !order.contains(c)).forEach(order::add);
		markdown.append("| coding | files | size (total) | compress MB/s | decompress MB/s | round trip MB/s |\n")
			.append("|---|---:|---:|---:|---:|---:|\n");
		for (String coding : order) {
			Map<String, FileResult> files = byCoding.get(coding);
			long identity = files.values().stream().mapToLong(FileResult::identity).sum();
			long encoded = files.values().stream().mapToLong(FileResult::encoded).sum();
			markdown.append(String.format(Locale.ROOT, "| %s | %d | %s |", coding, files.size(), percent(encoded, identity)));
			for (String operation : OPERATIONS) {
				markdown.append(' ').append(number(harmonicMean(files.values(), operation))).append(" |");
			}
			markdown.append('\n');
		}
		markdown.append("\nPer file (MB/s ± JMH's 99.9% error; size = encoded / identity):\n\n")
			.append("| file | bytes | coding | size | compress MB/s | decompress MB/s | round trip MB/s |\n")
			.append("|---|---:|---|---:|---:|---:|---:|\n");
		List<String> fileNames = byCoding.values().stream().flatMap((m) -> m.keySet().stream()).distinct().sorted().toList();
		for (String file : fileNames) {
			for (String coding : order) {
				FileResult result = byCoding.get(coding).get(file);
				if (result == null) {
					continue;
				}
				markdown.append(String.format(Locale.ROOT, "| %s | %d | %s | %s |", file, result.identity(), coding,
						percent(result.encoded(), result.identity())));
				for (String operation : OPERATIONS) {
					Result score = result.scores().get(operation);
					markdown.append(' ')
						.append((score != null) ? withError(megabytes(score.score(), result.identity()),
								megabytes(score.error(), result.identity())) : "")
						.append(" |");
				}
				markdown.append('\n');
			}
		}
		markdown.append('\n');
	}

	/**
	 * Returns the harmonic mean of the per-file MB/s of one operation: the files' count over
	 * the sum of their inverse speeds, so every file weighs the same whatever its size.
	 */
	static double harmonicMean(Iterable<FileResult> files, String operation) {
		double inverse = 0;
		int count = 0;
		for (FileResult file : files) {
			Result score = file.scores().get(operation);
			if (score == null) {
				return Double.NaN;
			}
			inverse += 1 / megabytes(score.score(), file.identity());
			count++;
		}
		return count / inverse;
	}

	static void filterTable(List<Result> results, StringBuilder markdown) {
		Map<String, Result> byName = new LinkedHashMap<>();
		for (Result result : results) {
			if (result.benchmark().startsWith(FILTER)) {
				byName.put(result.benchmark().substring(FILTER.length()), result);
			}
		}
		if (byName.isEmpty()) {
			return;
		}
		long document = Payloads.document(FilterBenchmark.DOCUMENT_ENTRIES, 42).length;
		long small = Payloads.document(FilterBenchmark.SMALL_ENTRIES, 42).length;
		markdown.append("| benchmark | body bytes | ops/s | MB/s | µs/op | allocated B/op |\n")
			.append("|---|---:|---:|---:|---:|---:|\n");
		for (Map.Entry<String, Result> entry : byName.entrySet()) {
			Result result = entry.getValue();
			long body = entry.getKey().startsWith("belowThreshold") ? small : document;
			markdown.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s |\n", entry.getKey(), body,
					withError(result.score(), result.error()), number(megabytes(result.score(), body)),
					number(1e6 / result.score()), (result.allocated() >= 0) ? number(result.allocated()) : "n/a"));
		}
		markdown.append('\n');
		Result filter = byName.get("filterLzf");
		Result raw = byName.get("rawBlockLzf");
		if (filter != null && raw != null) {
			double share = filter.score() / raw.score();
			markdown.append(String.format(Locale.ROOT,
					"- Filter encode path: %.1f%% of raw block LZF throughput (target >= 90%%): %s.%n", 100 * share,
					(share >= 0.9) ? "met" : "missed"));
		}
		if (filter != null && filter.allocated() >= 0) {
			double perBody = filter.allocated() / document;
			markdown.append(String.format(Locale.ROOT,
					"- Allocated per encoded response: %s B, %.4fx the %d-byte body (target <= 1.1x): %s.%n",
					number(filter.allocated()), perBody, document, (perBody <= 1.1) ? "met" : "missed"));
		}
		Result filtered = byName.get("belowThresholdFiltered");
		Result unfiltered = byName.get("belowThresholdUnfiltered");
		if (filtered != null && unfiltered != null) {
			double added = 1e6 / filtered.score() - 1e6 / unfiltered.score();
			double overhead = unfiltered.score() / filtered.score() - 1;
			markdown.append(String.format(Locale.ROOT,
					"- Below-threshold response: the filter adds %.2f µs, %.0f%% of the mock exchange without it "
							+ "(%.2f µs); see the end-to-end /api/ping figures for the share of a real request.%n",
					added, 100 * overhead, 1e6 / unfiltered.score()));
		}
		markdown.append('\n');
	}

	static double megabytes(double opsPerSecond, long bytes) {
		return opsPerSecond * bytes / 1e6;
	}

	static String percent(long part, long whole) {
		return String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
	}

	static String withError(double value, double error) {
		return (error > 0) ? number(value) + " ± " + number(error) : number(value);
	}

	static String number(double value) {
		if (Double.isNaN(value)) {
			return "n/a";
		}
		if (Math.abs(value) >= 100) {
			return String.format(Locale.ROOT, "%,.0f", value);
		}
		return String.format(Locale.ROOT, (Math.abs(value) >= 10) ? "%.1f" : "%.2f", value);
	}

	/**
	 * One benchmark result: its name, parameters, score and error (ops/s) and, with
	 * {@code -prof gc}, the bytes allocated per operation.
	 */
	record Result(String benchmark, Map<String, String> params, double score, double error, double allocated) {

		static List<Result> read(Path file) {
			JsonNode root = JsonMapper.builder().build().readTree(file.toFile());
			List<Result> results = new ArrayList<>();
			for (JsonNode node : root) {
				Map<String, String> params = new LinkedHashMap<>();
				JsonNode paramsNode = node.path("params");
				for (Map.Entry<String, JsonNode> param : paramsNode.properties()) {
					params.put(param.getKey(), param.getValue().asString());
				}
				JsonNode primary = node.path("primaryMetric");
				JsonNode allocation = node.path("secondaryMetrics").path("gc.alloc.rate.norm");
				double error = primary.path("scoreError").asDouble(Double.NaN);
				results.add(new Result(node.path("benchmark").asString(), params, primary.path("score").asDouble(),
						Double.isNaN(error) ? 0 : error,
						allocation.isMissingNode() ? -1 : allocation.path("score").asDouble()));
			}
			return results;
		}

	}

	/**
	 * The results of one coding on one file, with the file's identity and encoded sizes.
	 */
	record FileResult(long identity, long encoded, Map<String, Result> scores) {

		static FileResult of(String coding, String corpus, String file) {
			byte[] identity = Corpus.read(corpus, file);
			ContentCodec codec = Codings.create(coding)
				.orElseThrow(() -> new IllegalStateException(coding + " is not available to compute its ratio"));
			Sinks.Buffer buffer = new Sinks.Buffer(identity.length);
			try (OutputStream encoder = codec.encoder(buffer)) {
				encoder.write(identity);
			}
			catch (IOException ex) {
				throw new IllegalStateException(ex);
			}
			finally {
				Codings.close(codec);
			}
			return new FileResult(identity.length, buffer.size(), new LinkedHashMap<>());
		}

	}

}
