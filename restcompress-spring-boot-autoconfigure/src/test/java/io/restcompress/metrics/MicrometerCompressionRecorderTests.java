package io.restcompress.metrics;

import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class MicrometerCompressionRecorderTests {

	private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

	private final MicrometerCompressionRecorder recorder = new MicrometerCompressionRecorder(this.registry);

	@Test
	void registersNothingBeforeTheFirstOutcome() {
		assertThat(this.registry.getMeters()).isEmpty();
	}

	@Test
	void recordsAnEncodedBodyAsSizesAndCodecTime() {
		this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "lzf", 10_000, 3_000, 2_000_000);
		this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "lzf", 5_000, 2_000, 1_000_000);
		String[] tags = { "side", "server", "direction", "response", "coding", "lzf", "operation", "encode" };
		DistributionSummary identity = this.registry.get("restcompress.body.identity.size").tags(tags).summary();
		DistributionSummary encoded = this.registry.get("restcompress.body.encoded.size").tags(tags).summary();
		Timer duration = this.registry.get("restcompress.codec.duration").tags(tags).timer();
		assertThat(identity.count()).isEqualTo(2);
		assertThat(identity.totalAmount()).isEqualTo(15_000);
		assertThat(identity.max()).isEqualTo(10_000);
		assertThat(identity.getId().getBaseUnit()).isEqualTo("bytes");
		assertThat(encoded.count()).isEqualTo(2);
		assertThat(encoded.totalAmount()).isEqualTo(5_000);
		assertThat(encoded.getId().getBaseUnit()).isEqualTo("bytes");
		assertThat(duration.count()).isEqualTo(2);
		assertThat(duration.totalTime(TimeUnit.NANOSECONDS)).isEqualTo(3_000_000);
		assertThat(duration.getId().getBaseUnit()).isEqualTo("seconds");
		assertThat(this.registry.getMeters()).hasSize(3);
	}

	@Test
	void recordsADecodedBodyUnderItsOwnTags() {
		this.recorder.decoded(Side.CLIENT, Direction.RESPONSE, "gzip", 8_000, 1_000, 4_000_000);
		String[] tags = { "side", "client", "direction", "response", "coding", "gzip", "operation", "decode" };
		assertThat(this.registry.get("restcompress.body.identity.size").tags(tags).summary().totalAmount())
			.isEqualTo(8_000);
		assertThat(this.registry.get("restcompress.body.encoded.size").tags(tags).summary().totalAmount())
			.isEqualTo(1_000);
		assertThat(this.registry.get("restcompress.codec.duration").tags(tags).timer().totalTime(TimeUnit.MILLISECONDS))
			.isEqualTo(4);
		assertThat(this.registry.find("restcompress.codec.duration").tag("operation", "encode").timer()).isNull();
	}

	@Test
	void keepsSidesDirectionsAndCodingsApart() {
		this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "lzf", 100, 10, 1);
		this.recorder.encoded(Side.CLIENT, Direction.REQUEST, "lzf", 200, 20, 1);
		this.recorder.encoded(Side.CLIENT, Direction.REQUEST, "gzip", 400, 40, 1);
		this.recorder.decoded(Side.SERVER, Direction.REQUEST, "lzf", 800, 80, 1);
		assertThat(identityTotal("server", "response", "lzf", "encode")).isEqualTo(100);
		assertThat(identityTotal("client", "request", "lzf", "encode")).isEqualTo(200);
		assertThat(identityTotal("client", "request", "gzip", "encode")).isEqualTo(400);
		assertThat(identityTotal("server", "request", "lzf", "decode")).isEqualTo(800);
		assertThat(this.registry.get("restcompress.body.identity.size").summaries()).hasSize(4);
	}

	@ParameterizedTest
	@CsvSource({ "BELOW_THRESHOLD, below_threshold", "NOT_ACCEPTABLE, not_acceptable", "CONTENT_TYPE, content_type",
			"ALREADY_ENCODED, already_encoded", "STATUS_OR_METHOD, status_or_method", "NOT_ANNOTATED, not_annotated",
			"DISABLED, disabled" })
	void countsEachSkipReason(SkipReason reason, String tag) {
		this.recorder.skipped(Side.SERVER, Direction.RESPONSE, reason);
		this.recorder.skipped(Side.SERVER, Direction.RESPONSE, reason);
		this.recorder.skipped(Side.CLIENT, Direction.REQUEST, reason);
		Counter server = this.registry.get("restcompress.skipped")
			.tags("side", "server", "direction", "response", "reason", tag)
			.counter();
		Counter client = this.registry.get("restcompress.skipped")
			.tags("side", "client", "direction", "request", "reason", tag)
			.counter();
		assertThat(server.count()).isEqualTo(2);
		assertThat(client.count()).isEqualTo(1);
		assertThat(server.getId().getBaseUnit()).isEqualTo("bodies");
		assertThat(server.getId().getTags()).extracting(Tag::getKey)
			.containsExactlyInAnyOrder("side", "direction", "coding", "reason");
		assertThat(server.getId().getTag("coding")).isEqualTo("identity");
		assertThat(this.registry.getMeters()).hasSize(2);
	}

	@ParameterizedTest
	@CsvSource({ "UNSUPPORTED_CODING, unsupported_coding, unknown", "CORRUPT, corrupt, lzf",
			"TOO_LARGE, too_large, gzip" })
	void countsEachRejectReason(RejectReason reason, String tag, String coding) {
		this.recorder.rejected(Side.SERVER, Direction.REQUEST, coding, reason);
		this.recorder.rejected(Side.SERVER, Direction.REQUEST, coding, reason);
		Counter rejected = this.registry.get("restcompress.rejected")
			.tags("side", "server", "direction", "request", "coding", coding, "reason", tag)
			.counter();
		assertThat(rejected.count()).isEqualTo(2);
		assertThat(rejected.getId().getBaseUnit()).isEqualTo("bodies");
		assertThat(this.registry.getMeters()).hasSize(1);
	}

	@Test
	void resolvesMetersOnceAndNeverLooksThemUpAgain() {
		this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "lzf", 100, 10, 1);
		this.recorder.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.BELOW_THRESHOLD);
		this.recorder.rejected(Side.SERVER, Direction.REQUEST, "lzf", RejectReason.CORRUPT);
		Timer duration = this.registry.get("restcompress.codec.duration").timer();
		this.registry.clear();
		this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "lzf", 100, 10, 1);
		this.recorder.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.BELOW_THRESHOLD);
		this.recorder.rejected(Side.SERVER, Direction.REQUEST, "lzf", RejectReason.CORRUPT);
		// a recorder that asked the registry on each call would have registered the meters again
		assertThat(this.registry.getMeters()).isEmpty();
		assertThat(duration.count()).isEqualTo(2);
	}

	@Test
	void boundsTheCodingTagValues() {
		for (int i = 0; i < 100; i++) {
			this.recorder.rejected(Side.SERVER, Direction.REQUEST, "coding-" + i, RejectReason.UNSUPPORTED_CODING);
		}
		assertThat(this.registry.get("restcompress.rejected").counters()).hasSize(CodingTable.MAX_CODINGS + 1)
			.extracting((counter) -> counter.getId().getTag("coding"))
			.contains("other");
		assertThat(this.registry.get("restcompress.rejected").tag("coding", "other").counter().count())
			.isEqualTo(100 - CodingTable.MAX_CODINGS);
	}

	@ParameterizedTest
	@CsvSource({ "zstd:3, zstd", "lzf, lzf", "identity, identity" })
	void tagsADecisionWithItsChoiceAndTheChoicesCodingWithoutLevel(String choice, String coding) {
		this.recorder.decided(Side.CLIENT, Direction.REQUEST, "wan", choice, DecisionReason.FASTEST);
		Counter decisions = this.registry.get("restcompress.decisions")
			.tags("side", "client", "direction", "request", "link", "wan", "choice", choice, "coding", coding, "reason",
					"fastest")
			.counter();
		assertThat(decisions.count()).isEqualTo(1);
		assertThat(decisions.getId().getTags()).extracting(Tag::getKey)
			.containsExactlyInAnyOrder("side", "direction", "link", "choice", "coding", "reason");
	}

	@Test
	void describesEveryMeter() {
		this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "lzf", 100, 10, 1);
		this.recorder.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.DISABLED);
		this.recorder.rejected(Side.SERVER, Direction.REQUEST, "lzf", RejectReason.TOO_LARGE);
		assertThat(this.registry.getMeters()).hasSize(5)
			.map(Meter::getId)
			.allSatisfy((id) -> assertThat(id.getDescription()).isNotBlank());
	}

	private double identityTotal(String side, String direction, String coding, String operation) {
		return this.registry.get("restcompress.body.identity.size")
			.tags("side", side, "direction", direction, "coding", coding, "operation", operation)
			.summary()
			.totalAmount();
	}

}
