package io.restcompress.metrics.actuate;

import io.restcompress.metrics.Bandwidth;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.CompressionStatistics;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.RejectReason;
import io.restcompress.metrics.Side;
import io.restcompress.metrics.SkipReason;
import io.restcompress.metrics.actuate.CompressionEndpoint.CodecDescriptor;
import io.restcompress.metrics.actuate.CompressionEndpoint.CodingDescriptor;
import io.restcompress.metrics.actuate.CompressionEndpoint.CompressionDescriptor;
import io.restcompress.metrics.actuate.CompressionEndpoint.PairDescriptor;
import io.restcompress.metrics.actuate.CompressionEndpoint.SideDescriptor;
import io.restcompress.metrics.actuate.CompressionEndpoint.SpeedBasis;
import io.restcompress.metrics.actuate.CompressionEndpoint.Verdict;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The server side of these tests measures two codings; the hand computation:
 * <ul>
 * <li>lzf: encoded 10 x 100 MB to 30 MB in 10 x 0.4 s: 1000 MB / 4 s = 250 MB/s; decoded
 * 10 x 100 MB from 30 MB in 10 x 0.2 s: 500 MB/s. Ratio 600 / 2000 = 0.3. Round trip
 * 1 / (1/250 + 1/500) = 166.667 MB/s. Break-even (1 - 0.3) x 166.667 = 116.667 MB/s
 * = 933.333 Mbit/s.</li>
 * <li>gzip: encoded 10 x 100 MB to 20 MB in 10 x 2 s: 50 MB/s; decoded in 10 x 0.5 s:
 * 200 MB/s. Ratio 0.2. Round trip 1 / (1/50 + 1/200) = 1 / 0.025 = 40 MB/s. Break-even
 * 0.8 x 40 = 32 MB/s = 256 Mbit/s.</li>
 * <li>lzf is faster and gzip compresses better: lzf wins above (0.3 - 0.2) / (1/40 - 1/166.667)
 * = 0.1 / (0.025 - 0.006) = 5.263 MB/s = 42.105 Mbit/s.</li>
 * </ul>
 */
class CompressionReportTests {

	private static final long MB = 1_000_000;

	private static final long MS = 1_000_000;

	private final CompressionStatistics statistics = new CompressionStatistics();

	private final CompressionRecorder recorder = this.statistics.recorder();

	@Test
	void reportsRatioThroughputAndBreakEvenPerCoding() {
		recordLzfAndGzipOnTheServer();
		CodingDescriptor lzf = server(null).codings().get("lzf");
		assertThat(lzf.bodies()).isEqualTo(20);
		assertThat(lzf.identityBytes()).isEqualTo(2_000 * MB);
		assertThat(lzf.encodedBytes()).isEqualTo(600 * MB);
		assertThat(lzf.ratio()).isEqualTo(0.3);
		assertThat(lzf.encode()).isEqualTo(new CodecDescriptor(10, 1_000 * MB, 300 * MB, 250.0));
		assertThat(lzf.decode()).isEqualTo(new CodecDescriptor(10, 1_000 * MB, 300 * MB, 500.0));
		assertThat(lzf.codecSpeedBasis()).isEqualTo(SpeedBasis.ROUND_TRIP);
		assertThat(lzf.codecMegabytesPerSecond()).isEqualTo(166.667);
		assertThat(lzf.breakEvenMegabitsPerSecond()).isEqualTo(933.333);
		CodingDescriptor gzip = server(null).codings().get("gzip");
		assertThat(gzip.ratio()).isEqualTo(0.2);
		assertThat(gzip.encode().megabytesPerSecond()).isEqualTo(50.0);
		assertThat(gzip.decode().megabytesPerSecond()).isEqualTo(200.0);
		assertThat(gzip.codecMegabytesPerSecond()).isEqualTo(40.0);
		assertThat(gzip.breakEvenMegabitsPerSecond()).isEqualTo(256.0);
	}

	@Test
	void timesTheCodecOnlyOnBodiesLargeEnoughThatTinyOnesCannotDragItsFigureDown() {
		for (int i = 0; i < 10; i++) {
			this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "gzip", 100 * MB, 20 * MB, 2_000 * MS);
		}
		for (int i = 0; i < 200; i++) {
			this.recorder.decoded(Side.SERVER, Direction.REQUEST, "gzip", 1, 21, 80_000);
		}
		CodingDescriptor gzip = server(null).codings().get("gzip");
		assertThat(gzip.decode().bodies()).isEqualTo(200);
		assertThat(gzip.decode().megabytesPerSecond()).isNull();
		assertThat(gzip.codecSpeedBasis()).isEqualTo(SpeedBasis.ENCODE_ONLY);
		assertThat(gzip.codecMegabytesPerSecond()).isEqualTo(50.0);
	}

	@Test
	void leavesTheBytesOfBodiesTooSmallToTimeOutOfTheCodecSpeed() {
		for (int i = 0; i < 10; i++) {
			this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "gzip", 100 * MB, 20 * MB, 2_000 * MS);
		}
		for (int i = 0; i < 1000; i++) {
			this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "gzip", 4000, 1000, 80_000);
		}
		CodingDescriptor gzip = server(null).codings().get("gzip");
		assertThat(gzip.encode().bodies()).isEqualTo(1010);
		assertThat(gzip.codecMegabytesPerSecond()).isEqualTo(50.0);
	}

	@Test
	void reportsTheLinkSpeedAboveWhichTheFasterCodingWins() {
		recordLzfAndGzipOnTheServer();
		assertThat(server(null).pairs()).containsExactly(new PairDescriptor("lzf", "gzip", 42.105, null));
		assertThat(server(Bandwidth.of("100Mbit")).pairs()).extracting(PairDescriptor::winner).containsExactly("lzf");
		assertThat(server(Bandwidth.of("10Mbit")).pairs()).extracting(PairDescriptor::winner).containsExactly("gzip");
	}

	@Test
	void judgesEachCodingAgainstTheConfiguredBandwidth() {
		recordLzfAndGzipOnTheServer();
		assertThat(verdicts(null)).containsExactly(Verdict.BANDWIDTH_NOT_SET, Verdict.BANDWIDTH_NOT_SET);
		// gzip first: the codings are sorted by name
		assertThat(verdicts(Bandwidth.of("100Mbit"))).containsExactly(Verdict.PAYS, Verdict.PAYS);
		assertThat(verdicts(Bandwidth.of("256Mbit"))).as("gzip exactly at its break-even")
			.containsExactly(Verdict.DOES_NOT_PAY, Verdict.PAYS);
		assertThat(verdicts(Bandwidth.of("500Mbit"))).containsExactly(Verdict.DOES_NOT_PAY, Verdict.PAYS);
		assertThat(verdicts(Bandwidth.of("1Gbit"))).containsExactly(Verdict.DOES_NOT_PAY, Verdict.DOES_NOT_PAY);
	}

	@Test
	void saysAFasterCodingWithTheBetterRatioAlwaysWins() {
		recordLzfAndGzipOnTheServer();
		// "fast": 10 x 100 MB to 10 MB, encoded in 0.1 s and decoded in 0.1 s each: round trip
		// 1 / (1/1000 + 1/1000) = 500 MB/s, faster than both, and a ratio of 0.1, better than both
		for (int i = 0; i < 10; i++) {
			this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "fast", 100 * MB, 10 * MB, 100 * MS);
			this.recorder.decoded(Side.SERVER, Direction.REQUEST, "fast", 100 * MB, 10 * MB, 100 * MS);
		}
		assertThat(server(Bandwidth.of("1Mbit")).pairs()).containsExactly(new PairDescriptor("fast", "lzf", 0, "fast"),
				new PairDescriptor("fast", "gzip", 0, "fast"), new PairDescriptor("lzf", "gzip", 42.105, "gzip"));
	}

	@Test
	void basesTheBreakEvenOnTheEncoderAloneWhenNothingWasDecoded() {
		// 10 x 1 MB to 0.5 MB in 10 ms each: 100 MB/s; break-even 0.5 x 100 = 50 MB/s = 400 Mbit/s
		for (int i = 0; i < 10; i++) {
			this.recorder.encoded(Side.CLIENT, Direction.REQUEST, "gzip", MB, MB / 2, 10 * MS);
		}
		CodingDescriptor gzip = client(Bandwidth.of("100Mbit")).codings().get("gzip");
		assertThat(gzip.decode()).isNull();
		assertThat(gzip.codecSpeedBasis()).isEqualTo(SpeedBasis.ENCODE_ONLY);
		assertThat(gzip.breakEvenMegabitsPerSecond()).isEqualTo(400.0);
		assertThat(gzip.verdict()).isEqualTo(Verdict.PAYS);
	}

	@Test
	void comparesOnlyCodingsWhoseSpeedsHaveTheSameBasis() {
		for (int i = 0; i < 10; i++) {
			this.recorder.encoded(Side.CLIENT, Direction.REQUEST, "gzip", MB, MB / 2, 10 * MS);
			this.recorder.encoded(Side.CLIENT, Direction.REQUEST, "lzf", MB, MB / 2, MS);
			this.recorder.decoded(Side.CLIENT, Direction.RESPONSE, "lzf", MB, MB / 2, MS);
		}
		assertThat(client(null).pairs()).isEmpty();
	}

	@Test
	void withholdsTheVerdictUntilEnoughBodiesWereMeasured() {
		for (int i = 0; i < CompressionReport.MIN_BODIES - 1; i++) {
			this.recorder.encoded(Side.CLIENT, Direction.REQUEST, "lzf", MB, MB / 4, MS);
			this.recorder.encoded(Side.CLIENT, Direction.REQUEST, "gzip", MB, MB / 5, 10 * MS);
		}
		SideDescriptor client = client(Bandwidth.of("1Gbit"));
		assertThat(client.codings().get("lzf").verdict()).isEqualTo(Verdict.NOT_ENOUGH_DATA);
		assertThat(client.codings().get("lzf").breakEvenMegabitsPerSecond()).isNotNull();
		assertThat(client.pairs()).isEmpty();
		this.recorder.encoded(Side.CLIENT, Direction.REQUEST, "lzf", MB, MB / 4, MS);
		assertThat(client(Bandwidth.of("1Gbit")).codings().get("lzf").verdict()).isEqualTo(Verdict.PAYS);
	}

	@Test
	void leavesSpeedsOutWhenNoCodecTimeWasMeasured() {
		for (int i = 0; i < 10; i++) {
			this.recorder.decoded(Side.SERVER, Direction.REQUEST, "lzf", MB, MB / 4, 0);
		}
		CodingDescriptor lzf = server(Bandwidth.of("1Gbit")).codings().get("lzf");
		assertThat(lzf.decode().megabytesPerSecond()).isNull();
		assertThat(lzf.codecSpeedBasis()).isNull();
		assertThat(lzf.breakEvenMegabitsPerSecond()).isNull();
		assertThat(lzf.verdict()).isEqualTo(Verdict.NOT_ENOUGH_DATA);
	}

	@Test
	void countsSkipsAndRejectionsPerSideAndReason() {
		this.recorder.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.BELOW_THRESHOLD);
		this.recorder.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.BELOW_THRESHOLD);
		this.recorder.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.NOT_ACCEPTABLE);
		this.recorder.skipped(Side.CLIENT, Direction.REQUEST, SkipReason.DISABLED);
		this.recorder.rejected(Side.SERVER, Direction.REQUEST, "unknown", RejectReason.UNSUPPORTED_CODING);
		assertThat(server(null).skipped()).containsExactly(entry("below_threshold", 2L), entry("not_acceptable", 1L));
		assertThat(server(null).rejected()).containsExactly(entry("unsupported_coding", 1L));
		assertThat(client(null).skipped()).containsExactly(entry("disabled", 1L));
		assertThat(client(null).rejected()).isEmpty();
	}

	@Test
	void reportsBothSidesAndTheBandwidthEvenWithoutTraffic() {
		CompressionDescriptor report = CompressionReport.describe(this.statistics.snapshot(), Bandwidth.of("10Gbit"));
		assertThat(report.bandwidthMegabitsPerSecond()).isEqualTo(10_000.0);
		assertThat(report.sides()).containsOnlyKeys("server", "client");
		assertThat(report.sides().get("server").codings()).isEmpty();
		assertThat(CompressionReport.describe(this.statistics.snapshot(), null).bandwidthMegabitsPerSecond()).isNull();
	}

	private void recordLzfAndGzipOnTheServer() {
		for (int i = 0; i < 10; i++) {
			this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "lzf", 100 * MB, 30 * MB, 400 * MS);
			this.recorder.decoded(Side.SERVER, Direction.REQUEST, "lzf", 100 * MB, 30 * MB, 200 * MS);
			this.recorder.encoded(Side.SERVER, Direction.RESPONSE, "gzip", 100 * MB, 20 * MB, 2_000 * MS);
			this.recorder.decoded(Side.SERVER, Direction.REQUEST, "gzip", 100 * MB, 20 * MB, 500 * MS);
		}
	}

	private Verdict[] verdicts(@Nullable Bandwidth bandwidth) {
		return server(bandwidth).codings().values().stream().map(CodingDescriptor::verdict).toArray(Verdict[]::new);
	}

	private SideDescriptor server(@Nullable Bandwidth bandwidth) {
		return CompressionReport.describe(this.statistics.snapshot(), bandwidth).sides().get("server");
	}

	private SideDescriptor client(@Nullable Bandwidth bandwidth) {
		return CompressionReport.describe(this.statistics.snapshot(), bandwidth).sides().get("client");
	}

	private static java.util.Map.Entry<String, Long> entry(String key, Long value) {
		return java.util.Map.entry(key, value);
	}

}
