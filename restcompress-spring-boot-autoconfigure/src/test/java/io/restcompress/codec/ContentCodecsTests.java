package io.restcompress.codec;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ContentCodecsTests {

	private static final ContentCodec LZF = new LzfCodec();

	private static final ContentCodec GZIP = new GzipCodec(1);

	private static final ContentCodec DEFLATE = new DeflateCodec(6);

	private final ContentCodecs codecs = ContentCodecs.of(LZF, GZIP, DEFLATE);

	@Test
	void findsCodecsByTokenIgnoringCase() {
		assertThat(this.codecs.find("gzip")).containsSame(GZIP);
		assertThat(this.codecs.find("GZIP")).containsSame(GZIP);
		assertThat(this.codecs.find("Lzf")).containsSame(LZF);
		assertThat(this.codecs.find("DEFLATE")).containsSame(DEFLATE);
	}

	@Test
	void findsCodecsByAliasIgnoringCase() {
		assertThat(this.codecs.find("x-gzip")).containsSame(GZIP);
		assertThat(this.codecs.find("X-Gzip")).containsSame(GZIP);
	}

	@Test
	void findsNothingForUnknownTokens() {
		assertThat(this.codecs.find("br")).isEmpty();
		assertThat(this.codecs.find("")).isEmpty();
		assertThat(this.codecs.find("gzip ")).isEmpty();
	}

	@Test
	void keepsTheOrderOfPreference() {
		assertThat(this.codecs.all()).containsExactly(LZF, GZIP, DEFLATE);
		assertThat(this.codecs.tokens()).isEqualTo("lzf, gzip, deflate");
		assertThat(this.codecs).hasToString("ContentCodecs[lzf, gzip, deflate]");
	}

	@Test
	void isNotChangedByChangesToTheListItWasMadeFrom() {
		List<ContentCodec> list = new ArrayList<>(List.of(GZIP, DEFLATE));
		ContentCodecs fromList = ContentCodecs.of(list);
		list.add(LZF);
		assertThat(fromList.all()).containsExactly(GZIP, DEFLATE);
		assertThatThrownBy(() -> fromList.all().add(LZF)).isInstanceOf(UnsupportedOperationException.class);
	}

	@Test
	void ordersCodecsAsTokensAreListed() {
		assertThat(this.codecs.inOrder(List.of("deflate", "GZIP"))).containsExactly(DEFLATE, GZIP);
		assertThat(this.codecs.inOrder(List.of("gzip", "lzf", "deflate"))).containsExactly(GZIP, LZF, DEFLATE);
	}

	@Test
	void ordersAllCodecsForNoTokens() {
		assertThat(this.codecs.inOrder(List.of())).containsExactly(LZF, GZIP, DEFLATE);
	}

	@Test
	void listsACodecNamedTwiceOnceAtItsFirstPlace() {
		assertThat(this.codecs.inOrder(List.of("x-gzip", "deflate", "gzip"))).containsExactly(GZIP, DEFLATE);
	}

	@Test
	void rejectsAnUnknownTokenInOrderNamingItAndTheAvailableCodings() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.codecs.inOrder(List.of("gzip", "zstd")))
			.withMessageContaining("'zstd'")
			.withMessageContaining("lzf, gzip, deflate");
	}

	@Test
	void rejectsTwoCodecsForTheSameCoding() {
		assertThatIllegalArgumentException().isThrownBy(() -> ContentCodecs.of(GZIP, new GzipCodec(9)))
			.withMessageContaining("gzip");
		assertThatIllegalArgumentException().isThrownBy(() -> ContentCodecs.of(List.of(DEFLATE, new DeflateCodec(1))))
			.withMessageContaining("deflate");
	}

	@Test
	void rejectsTwoCodecsForTheSameCodingInDifferentCase() {
		assertThatIllegalArgumentException().isThrownBy(() -> ContentCodecs.of(LZF, new NamedCodec("LZF", Set.of())))
			.withMessageContaining("'LZF'");
	}

	@Test
	void rejectsACodingThatIsAnotherCodecsAlias() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ContentCodecs.of(GZIP, new NamedCodec("x-gzip", Set.of())))
			.withMessageContaining("x-gzip");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ContentCodecs.of(GZIP, new NamedCodec("other", Set.of("deflate", "gzip"))))
			.withMessageContaining("gzip");
	}

	@Test
	void rejectsTheSameCodecListedTwice() {
		assertThatIllegalArgumentException().isThrownBy(() -> ContentCodecs.of(GZIP, DEFLATE, GZIP))
			.withMessageContaining("gzip");
	}

	@Test
	void allowsACodecWhoseAliasRepeatsItsOwnToken() {
		ContentCodec codec = new NamedCodec("snappy", Set.of("SNAPPY", "x-snappy"));
		assertThat(ContentCodecs.of(codec).find("x-snappy")).containsSame(codec);
	}

	private record NamedCodec(String coding, Set<String> aliases) implements ContentCodec {

		@Override
		public OutputStream encoder(OutputStream target) {
			return target;
		}

		@Override
		public InputStream decoder(InputStream source) {
			return source;
		}

	}

}
