package io.restcompress.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.restcompress.metrics.CompressionStatistics.CodecTotals;
import io.restcompress.metrics.CompressionStatistics.RejectCount;
import io.restcompress.metrics.CompressionStatistics.SkipCount;
import io.restcompress.metrics.CompressionStatistics.Snapshot;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CompressionStatisticsTests {

	private final CompressionStatistics statistics = new CompressionStatistics();

	private final CompressionRecorder recorder = this.statistics.recorder();

	@Test
	void startsEmpty() {
		Snapshot snapshot = this.statistics.snapshot();
		assertThat(snapshot.codecs()).isEmpty();
		assertThat(snapshot.skipped()).isEmpty();
		assertThat(snapshot.rejected()).isEmpty();
	}

	@Test
	void totalsBodiesPerCodingOperationSideAndDirection() {
		this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "lzf", 1_000, 300, 50);
		this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "lzf", 2_000, 600, 70);
		this.recorder.decoded(Side.SERVER, Direction.REQUEST, "lzf", 500, 100, 10);
		this.recorder.encoded(Side.CLIENT, Direction.REQUEST, "gzip", 4_000, 800, 900);
		assertThat(this.statistics.snapshot().codecs()).containsExactlyInAnyOrder(
				new CodecTotals("lzf", Operation.ENCODE, Side.SERVER, Direction.RESPONSE, 2, 3_000, 900, 120, 0, 0),
				new CodecTotals("lzf", Operation.DECODE, Side.SERVER, Direction.REQUEST, 1, 500, 100, 10, 0, 0),
				new CodecTotals("gzip", Operation.ENCODE, Side.CLIENT, Direction.REQUEST, 1, 4_000, 800, 900, 0, 0));
	}

	@Test
	void timesOnlyBodiesOfAtLeastTheMinimumSize() {
		this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "gzip", CompressionStatistics.MIN_TIMED_BYTES, 900, 70);
		this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "gzip", CompressionStatistics.MIN_TIMED_BYTES - 1, 900,
				5_000);
		assertThat(this.statistics.snapshot().codecs()).containsExactly(new CodecTotals("gzip", Operation.ENCODE,
				Side.SERVER, Direction.RESPONSE, 2, 2 * CompressionStatistics.MIN_TIMED_BYTES - 1, 1_800, 5_070,
				CompressionStatistics.MIN_TIMED_BYTES, 70));
	}

	@Test
	void countsSkipsAndRejectionsPerReason() {
		this.recorder.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.BELOW_THRESHOLD);
		this.recorder.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.BELOW_THRESHOLD);
		this.recorder.skipped(Side.CLIENT, Direction.REQUEST, SkipReason.DISABLED);
		this.recorder.rejected(Side.SERVER, Direction.REQUEST, "unknown", RejectReason.UNSUPPORTED_CODING);
		this.recorder.rejected(Side.CLIENT, Direction.RESPONSE, "lzf", RejectReason.CORRUPT);
		Snapshot snapshot = this.statistics.snapshot();
		assertThat(snapshot.skipped()).containsExactlyInAnyOrder(
				new SkipCount(Side.SERVER, Direction.RESPONSE, SkipReason.BELOW_THRESHOLD, 2),
				new SkipCount(Side.CLIENT, Direction.REQUEST, SkipReason.DISABLED, 1));
		assertThat(snapshot.rejected()).containsExactlyInAnyOrder(
				new RejectCount(Side.SERVER, Direction.REQUEST, RejectReason.UNSUPPORTED_CODING, 1),
				new RejectCount(Side.CLIENT, Direction.RESPONSE, RejectReason.CORRUPT, 1));
	}

	@Test
	void losesNothingUnderConcurrentRecording() throws Exception {
		int threads = 4;
		int bodies = 10_000;
		ExecutorService executor = Executors.newFixedThreadPool(threads);
		try {
			List<Callable<Void>> tasks = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				String coding = (t % 2 == 0) ? "lzf" : "gzip";
				tasks.add(() -> {
					for (int i = 0; i < bodies; i++) {
						this.recorder.encoded(Side.SERVER, Direction.RESPONSE, coding, 10, 3, 1);
						this.recorder.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.CONTENT_TYPE);
					}
					return null;
				});
			}
			for (Future<Void> done : executor.invokeAll(tasks)) {
				done.get();
			}
		}
		finally {
			executor.shutdown();
		}
		Snapshot snapshot = this.statistics.snapshot();
		assertThat(snapshot.codecs()).hasSize(2)
			.allSatisfy((totals) -> assertThat(totals.bodies()).isEqualTo(2L * bodies))
			.allSatisfy((totals) -> assertThat(totals.identityBytes()).isEqualTo(20L * bodies));
		assertThat(snapshot.skipped()).singleElement()
			.extracting(SkipCount::count)
			.isEqualTo((long) threads * bodies);
	}

}
