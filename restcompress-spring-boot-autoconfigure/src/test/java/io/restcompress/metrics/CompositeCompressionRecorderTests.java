package io.restcompress.metrics;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CompositeCompressionRecorderTests {

	@Test
	void handsEveryOutcomeToEachRecorder() {
		SimpleMeterRegistry registry = new SimpleMeterRegistry();
		CompressionStatistics statistics = new CompressionStatistics();
		CompressionRecorder recorder = CompositeCompressionRecorder
			.of(new MicrometerCompressionRecorder(registry), statistics.recorder());
		recorder.encoded(Side.SERVER, Direction.RESPONSE, "lzf", 100, 30, 5);
		recorder.decoded(Side.SERVER, Direction.REQUEST, "lzf", 100, 30, 5);
		recorder.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.NOT_ACCEPTABLE);
		recorder.rejected(Side.SERVER, Direction.REQUEST, "lzf", RejectReason.CORRUPT);
		recorder.aborted(Side.SERVER, Direction.RESPONSE, "lzf");
		assertThat(registry.get("restcompress.codec.duration").timers()).hasSize(2);
		assertThat(registry.get("restcompress.aborted").counter().count()).isEqualTo(1);
		assertThat(registry.get("restcompress.skipped").counter().count()).isEqualTo(1);
		assertThat(registry.get("restcompress.rejected").counter().count()).isEqualTo(1);
		CompressionStatistics.Snapshot snapshot = statistics.snapshot();
		assertThat(snapshot.codecs()).hasSize(2);
		assertThat(snapshot.skipped()).hasSize(1);
		assertThat(snapshot.rejected()).hasSize(1);
	}

	@Test
	void leavesOutNoneAndReturnsASingleRecorderAsItIs() {
		CompressionRecorder statistics = new CompressionStatistics().recorder();
		assertThat(CompositeCompressionRecorder.of()).isSameAs(CompressionRecorder.NONE);
		assertThat(CompositeCompressionRecorder.of(CompressionRecorder.NONE)).isSameAs(CompressionRecorder.NONE);
		assertThat(CompositeCompressionRecorder.of(CompressionRecorder.NONE, statistics)).isSameAs(statistics);
	}

}
