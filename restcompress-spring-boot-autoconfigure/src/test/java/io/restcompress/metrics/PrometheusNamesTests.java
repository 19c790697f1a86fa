package io.restcompress.metrics;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Prometheus names that docs/metrics.md and docs/grafana-dashboard.json rely on.
 */
class PrometheusNamesTests {

	@Test
	void exposesTheDocumentedPrometheusNames() {
		PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
		CompressionRecorder recorder = new MicrometerCompressionRecorder(registry);
		recorder.encoded(Side.SERVER, Direction.RESPONSE, "lzf", 10_000, 3_000, 2_000_000);
		recorder.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.BELOW_THRESHOLD);
		recorder.rejected(Side.SERVER, Direction.REQUEST, "unknown", RejectReason.UNSUPPORTED_CODING);
		String tags = "coding=\"lzf\",direction=\"response\",operation=\"encode\",side=\"server\"";
		assertThat(registry.scrape()).contains("restcompress_body_identity_size_bytes_count{" + tags + "} 1")
			.contains("restcompress_body_identity_size_bytes_sum{" + tags + "} 10000")
			.contains("restcompress_body_identity_size_bytes_max{" + tags + "} 10000")
			.contains("restcompress_body_encoded_size_bytes_sum{" + tags + "} 3000")
			.contains("restcompress_codec_duration_seconds_count{" + tags + "} 1")
			.contains("restcompress_codec_duration_seconds_sum{" + tags + "} 0.002")
			.contains("restcompress_codec_duration_seconds_max{" + tags + "} 0.002")
			.contains("restcompress_skipped_bodies_total{direction=\"response\",reason=\"below_threshold\",side=\"server\"} 1")
			.contains("restcompress_rejected_bodies_total{coding=\"unknown\",direction=\"request\","
					+ "reason=\"unsupported_coding\",side=\"server\"} 1");
	}

}
