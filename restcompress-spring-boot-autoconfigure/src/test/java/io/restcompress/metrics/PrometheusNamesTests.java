package io.restcompress.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Prometheus names that docs/metrics.md and docs/grafana-dashboard.json rely on.
 */
class PrometheusNamesTests {

	private static final Path DOCS = Path.of("..", "docs");

	private static final Pattern SERIES = Pattern.compile("restcompress_[a-z_]+");

	@Test
	void exposesTheDocumentedPrometheusNames() {
		PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
		recordEveryKindOfOutcome(new MicrometerCompressionRecorder(registry));
		String tags = "coding=\"lzf\",direction=\"response\",operation=\"encode\",side=\"server\"";
		assertThat(registry.scrape()).contains("restcompress_body_identity_size_bytes_count{" + tags + "} 1")
			.contains("restcompress_body_identity_size_bytes_sum{" + tags + "} 10000.0")
			.contains("restcompress_body_identity_size_bytes_max{" + tags + "} 10000.0")
			.contains("restcompress_body_encoded_size_bytes_sum{" + tags + "} 3000.0")
			.contains("restcompress_codec_duration_seconds_count{" + tags + "} 1")
			.contains("restcompress_codec_duration_seconds_sum{" + tags + "} 0.002")
			.contains("restcompress_codec_duration_seconds_max{" + tags + "} 0.002")
			.contains("restcompress_skipped_bodies_total{coding=\"identity\",direction=\"response\","
					+ "reason=\"below_threshold\",side=\"server\"} 1")
			.contains("restcompress_rejected_bodies_total{coding=\"unknown\",direction=\"request\","
					+ "reason=\"unsupported_coding\",side=\"server\"} 1")
			.contains("restcompress_aborted_bodies_total{coding=\"gzip\",direction=\"response\","
					+ "reason=\"client_abort\",side=\"server\"} 1")
			.contains("restcompress_decisions_bodies_total{choice=\"zstd:6\",coding=\"zstd\",direction=\"response\","
					+ "link=\"branch\",reason=\"fastest\",side=\"server\"} 1");
	}

	@Test
	void documentsAndChartsOnlySeriesThatExist() throws IOException {
		PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
		registry.config().meterFilter(histogramFor(MicrometerCompressionRecorder.CODEC_DURATION));
		recordEveryKindOfOutcome(new MicrometerCompressionRecorder(registry));
		Set<String> exposed = series(registry.scrape());
		Set<String> documented = series(Files.readString(DOCS.resolve("metrics.md")));
		JsonNode dashboard = JsonMapper.builder().build().readTree(DOCS.resolve("grafana-dashboard.json").toFile());
		Set<String> charted = dashboard.findValues("expr")
			.stream()
			.flatMap((expr) -> series(expr.asString()).stream())
			.collect(Collectors.toSet());
		assertThat(documented).contains("restcompress_codec_duration_seconds_bucket");
		assertThat(exposed).containsAll(documented).containsAll(charted);
		assertThat(charted).contains("restcompress_skipped_bodies_total", "restcompress_rejected_bodies_total",
				"restcompress_codec_duration_seconds_bucket", "restcompress_body_encoded_size_bytes_sum");
		assertThat(dashboard.path("__inputs").path(0).path("name").asString()).isEqualTo("DS_PROMETHEUS");
		assertThat(dashboard.path("schemaVersion").asInt()).isPositive();
	}

	private static void recordEveryKindOfOutcome(CompressionRecorder recorder) {
		recorder.encoded(Side.SERVER, Direction.RESPONSE, "lzf", 10_000, 3_000, 2_000_000);
		recorder.decoded(Side.SERVER, Direction.REQUEST, "lzf", 10_000, 3_000, 1_000_000);
		recorder.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.BELOW_THRESHOLD);
		recorder.rejected(Side.SERVER, Direction.REQUEST, "unknown", RejectReason.UNSUPPORTED_CODING);
		recorder.aborted(Side.SERVER, Direction.RESPONSE, "gzip");
		recorder.decided(Side.SERVER, Direction.RESPONSE, "branch", "zstd:6", DecisionReason.FASTEST);
	}

	private static Set<String> series(String text) {
		Matcher matcher = SERIES.matcher(text);
		return matcher.results().map((result) -> result.group()).collect(Collectors.toSet());
	}

	private static MeterFilter histogramFor(String name) {
		return new MeterFilter() {

			@Override
			public @Nullable DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
				return id.getName().equals(name)
						? DistributionStatisticConfig.builder().percentilesHistogram(true).build().merge(config)
						: config;
			}

		};
	}

}
