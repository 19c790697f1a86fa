package io.restcompress.decision;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.restcompress.codec.AcceptEncoding;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.LzfCodec;
import io.restcompress.codec.ZstdCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Unit tests of {@link CodingLadder} and {@link CodingOption}.
 */
class CodingLadderTests {

	private final ZstdCodec zstd = new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW);

	private final ContentCodecs codecs = ContentCodecs.of(new LzfCodec(), new GzipCodec(1), this.zstd);

	@Test
	void offersOnlyTheRungsOfEnabledCodingsThePeerAccepts() throws Exception {
		try (CodingLadder ladder = ladder("lzf", "zstd:1", "zstd:6", "gzip:6", "br:4")) {
			assertThat(ladder.rungs()).extracting((rung) -> rung.option().label())
				.containsExactly("lzf", "zstd:1", "zstd:6", "gzip:6");
			List<LadderRung> candidates = ladder.candidates(this.codecs.all(), AcceptEncoding.parse("zstd, gzip;q=0"));
			assertThat(candidates).extracting((rung) -> rung.option().label()).containsExactly("zstd:1", "zstd:6");
			assertThat(((ZstdCodec) candidates.get(1).codec()).level()).isEqualTo(6);
			assertThat(ladder.candidates(List.of(new LzfCodec()), AcceptEncoding.parse("zstd, gzip"))).isEmpty();
		}
	}

	@Test
	void offersAnAcceptedCodingWithoutARungAtItsConfiguredLevel() throws Exception {
		try (CodingLadder ladder = ladder("zstd:3")) {
			assertThat(ladder.candidates(this.codecs.all(), AcceptEncoding.parse("gzip, lzf")))
				.extracting((rung) -> rung.option().label())
				.containsExactly("lzf", "gzip");
		}
	}

	@Test
	void rejectsACodingRestcompressDoesNotKnowAndSkipsAKnownOneThatIsNotAvailable() throws Exception {
		assertThatIllegalArgumentException().isThrownBy(() -> ladder("lzf", "zstf:3"))
			.withMessageContaining("'zstf'")
			.withMessageContaining("restcompress.decision.ladder");
		assertThatIllegalArgumentException().isThrownBy(() -> ladder("identity"));
		try (CodingLadder ladder = ladder("lzf", "br:4")) {
			assertThat(ladder.rungs()).extracting((rung) -> rung.option().label()).containsExactly("lzf");
		}
	}

	@Test
	void takesTheApplicationsOwnCodecsAndTheAliasesOfItsCodings() throws Exception {
		ContentCodec own = new OwnCodec("x-own", 0, new ArrayList<>());
		ContentCodecs withOwn = ContentCodecs.of(new LzfCodec(), new GzipCodec(1), own);
		try (CodingLadder ladder = new CodingLadder(
				Stream.of("x-own", "x-gzip:6").map(CodingOption::parse).toList(), withOwn)) {
			assertThat(ladder.rungs()).extracting((rung) -> rung.codec().coding()).containsExactly("x-own", "gzip");
		}
	}

	@Test
	void closesTheCodecsItMadeForItsRungsAndNotTheApplications() throws Exception {
		List<String> closed = new ArrayList<>();
		OwnCodec configured = new OwnCodec("x-levelled", 0, closed);
		CodingLadder ladder = new CodingLadder(
				Stream.of("x-levelled", "x-levelled:3").map(CodingOption::parse).toList(), ContentCodecs.of(configured));
		assertThat(ladder.rungs()).extracting(LadderRung::codec).first().isSameAs(configured);
		assertThat(closed).isEmpty();
		ladder.close();
		assertThat(closed).containsExactly("x-levelled at 3");
	}

	@Test
	void rejectsLevelsACodingDoesNotHave() {
		assertThatIllegalArgumentException().isThrownBy(() -> ladder("lzf:3")).withMessageContaining("lzf:3");
		assertThatIllegalArgumentException().isThrownBy(() -> ladder("gzip:12")).withMessageContaining("gzip:12");
		assertThatIllegalArgumentException().isThrownBy(() -> CodingOption.parse("zstd:fast"));
	}

	@Test
	void parsesRungs() {
		assertThat(CodingOption.parse(" ZSTD:-1 ")).isEqualTo(new CodingOption("zstd:-1", "zstd", -1));
		assertThat(CodingOption.parse("lzf")).isEqualTo(new CodingOption("lzf", "lzf", null));
	}

	/**
	 * A codec of the application's with levels, whose instances at other levels need closing.
	 */
	private record OwnCodec(String coding, int level, List<String> closed) implements ContentCodec, AutoCloseable {

		@Override
		public ContentCodec withLevel(int level) {
			return new OwnCodec(this.coding, level, this.closed);
		}

		@Override
		public OutputStream encoder(OutputStream target) throws IOException {
			return new LzfCodec().encoder(target);
		}

		@Override
		public InputStream decoder(InputStream source) {
			return new LzfCodec().decoder(source);
		}

		@Override
		public void close() {
			this.closed.add(this.coding + " at " + this.level);
		}

	}

	private CodingLadder ladder(String... rungs) {
		return new CodingLadder(List.of(rungs).stream().map(CodingOption::parse).toList(), this.codecs);
	}

}
