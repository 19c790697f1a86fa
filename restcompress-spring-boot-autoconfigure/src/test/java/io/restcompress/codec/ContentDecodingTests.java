package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The decoding pipeline the server filters and the clients share.
 */
class ContentDecodingTests {

	private static final ContentCodecs CODECS = ContentCodecs.of(Codecs.LZF, Codecs.GZIP_1, Codecs.DEFLATE);

	private static final byte[] DATA = Payload.JSON.bytes(150_000);

	private final List<String> events = new ArrayList<>();

	private final ContentDecoding.Listener listener = new ContentDecoding.Listener() {

		@Override
		public void decoded(String coding, long identityBytes, long encodedBytes, long codecNanos) {
			ContentDecodingTests.this.events.add("decoded " + coding + " " + identityBytes);
		}

		@Override
		public ContentDecodingException failed(ContentDecodingException failure) {
			ContentDecodingTests.this.events.add("failed " + failure.getCoding());
			return new CorruptContentException(failure.getCoding(), "translated", failure);
		}

	};

	@Test
	void namesTheFieldsThatDescribeTheEncodedBodyInAnyCase() {
		assertThat(ContentDecoding.describesEncodedBody("content-encoding")).isTrue();
		assertThat(ContentDecoding.describesEncodedBody("CONTENT-LENGTH")).isTrue();
		assertThat(ContentDecoding.describesEncodedBody("Content-Type")).isFalse();
	}

	@Test
	void resolvesCodingsToDecodersLastAppliedFirst() {
		ContentDecoding.Resolution resolution = ContentDecoding.resolve(CODECS, List.of("gzip", " LZF "), 2);
		assertThat(resolution).isInstanceOf(ContentDecoding.Decoders.class);
		assertThat(resolution.codings()).containsExactly("gzip", "lzf");
		assertThat(((ContentDecoding.Decoders) resolution).decoders()).extracting(ContentCodec::coding)
			.containsExactly("lzf", "gzip");
	}

	@Test
	void resolvesAliasesAndIgnoresIdentity() {
		ContentDecoding.Resolution resolution = ContentDecoding.resolve(CODECS, List.of("identity, x-gzip"), 1);
		assertThat(((ContentDecoding.Decoders) resolution).decoders()).extracting(ContentCodec::coding)
			.containsExactly("gzip");
	}

	@Test
	void resolvesNoFieldOrIdentityToNothingToDecode() {
		assertThat(ContentDecoding.resolve(CODECS, List.of(), 1)).isEqualTo(ContentDecoding.Decoders.IDENTITY);
		ContentDecoding.Resolution identity = ContentDecoding.resolve(CODECS, List.of("identity", ""), 1);
		assertThat(((ContentDecoding.Decoders) identity).identity()).isTrue();
	}

	@Test
	void decodesABodyOnlyWhenThereIsOneAndNeverAsksWhenThereIsNothingToDecode() {
		ContentDecoding.Decoders gzip = (ContentDecoding.Decoders) ContentDecoding.resolve(CODECS, List.of("gzip"), 1);
		assertThat(gzip.forBody(() -> true)).extracting(ContentCodec::coding).containsExactly("gzip");
		assertThat(gzip.forBody(() -> false)).isEmpty();
		assertThat(ContentDecoding.Decoders.IDENTITY.forBody(() -> {
			throw new AssertionError("asked whether an identity request has a body");
		})).isEmpty();
	}

	@Test
	void namesTheFirstUnsupportedCodingEvenWhenTooManyAreStacked() {
		ContentDecoding.Resolution resolution = ContentDecoding.resolve(CODECS, List.of("gzip, snappy, br"), 1);
		assertThat(resolution).isEqualTo(new ContentDecoding.Unsupported(List.of("gzip", "snappy", "br"), "snappy"));
	}

	@Test
	void refusesMoreLayersThanAllowed() {
		assertThat(ContentDecoding.resolve(CODECS, List.of("gzip", "gzip", "gzip"), 3))
			.isInstanceOf(ContentDecoding.Decoders.class);
		assertThat(ContentDecoding.resolve(CODECS, List.of("gzip", "gzip", "gzip, gzip"), 3))
			.isEqualTo(new ContentDecoding.TooManyLayers(List.of("gzip", "gzip", "gzip", "gzip"), 3));
		assertThatIllegalArgumentException().isThrownBy(() -> ContentDecoding.resolve(CODECS, List.of(), 0));
	}

	@Test
	void recognisesEncodedContent() {
		assertThat(ContentDecoding.isEncoded(List.of("gzip"))).isTrue();
		assertThat(ContentDecoding.isEncoded(List.of("identity", "br"))).isTrue();
		assertThat(ContentDecoding.isEncoded(List.of(" Identity "))).isFalse();
		assertThat(ContentDecoding.isEncoded(List.of(""))).isFalse();
		assertThat(ContentDecoding.isEncoded(List.of())).isFalse();
	}

	@Test
	void knowsWhichResponsesCarryContent() {
		assertThat(ContentDecoding.mayCarryBody("GET", 200)).isTrue();
		assertThat(ContentDecoding.mayCarryBody("POST", 415)).isTrue();
		assertThat(ContentDecoding.mayCarryBody("GET", 206)).isTrue();
		assertThat(ContentDecoding.mayCarryBody("HEAD", 200)).isFalse();
		for (int status : new int[] { 100, 103, 204, 304 }) {
			assertThat(ContentDecoding.mayCarryBody("GET", status)).as("status %d", status).isFalse();
		}
		assertThat(ContentDecoding.decodesResponse("GET", 200)).isTrue();
		assertThat(ContentDecoding.decodesResponse("GET", 206)).isFalse();
		assertThat(ContentDecoding.decodesResponse("HEAD", 200)).isFalse();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.restcompress.codec.Codecs#decoders")
	void decodesAndMeasuresEachLayer(ContentCodec codec) throws IOException {
		byte[] stacked = Codecs.encode(Codecs.LZF, Codecs.encode(codec, DATA));
		try (InputStream decoded = ContentDecoding.open(new ByteArrayInputStream(stacked), List.of(Codecs.LZF, codec),
				Long.MAX_VALUE, this.listener)) {
			assertThat(decoded.readAllBytes()).isEqualTo(DATA);
		}
		assertThat(this.events).containsExactlyInAnyOrder("decoded " + codec.coding() + " " + DATA.length,
				"decoded lzf " + Codecs.encode(codec, DATA).length);
	}

	@Test
	void readsAnEmptyEncodedBodyAsEmptyWithoutStartingADecoder() throws IOException {
		TrackedStream source = new TrackedStream(new byte[0]);
		try (InputStream decoded = ContentDecoding.open(source, List.of(Codecs.GZIP_1), 10, this.listener)) {
			assertThat(decoded.read()).isEqualTo(-1);
		}
		assertThat(source.closed).isTrue();
		assertThat(this.events).isEmpty();
	}

	@Test
	void readsNothingBeforeTheFirstRead() throws IOException {
		TrackedStream source = new TrackedStream(Codecs.encode(Codecs.GZIP_1, DATA));
		InputStream decoded = ContentDecoding.open(source, List.of(Codecs.GZIP_1), Long.MAX_VALUE, this.listener);
		assertThat(source.reads).isZero();
		decoded.close();
		assertThat(source.closed).isTrue();
	}

	@Test
	void readsABodyOfExactlyTheLimitByteByByte() throws IOException {
		byte[] encoded = Codecs.encode(Codecs.LZF, Arrays.copyOf(DATA, 1000));
		try (InputStream decoded = ContentDecoding.open(new ByteArrayInputStream(encoded), List.of(Codecs.LZF), 1000,
				this.listener)) {
			for (int i = 0; i < 1000; i++) {
				assertThat(decoded.read()).isEqualTo(DATA[i] & 0xFF);
			}
			assertThat(decoded.read()).isEqualTo(-1);
		}
	}

	@Test
	void limitsEveryLayerAndReportsTheFirstFailureOnce() throws IOException {
		byte[] bomb = Codecs.encode(Codecs.GZIP_1, new byte[10_000_000]);
		TrackedStream source = new TrackedStream(bomb);
		InputStream decoded = ContentDecoding.open(source, List.of(Codecs.GZIP_1), 100_000, this.listener);
		byte[] buffer = new byte[8192];
		CorruptContentException failure = null;
		try {
			while (decoded.read(buffer) != -1) {
			}
		}
		catch (CorruptContentException ex) {
			failure = ex;
		}
		assertThat(failure).hasMessageContaining("translated").hasCauseInstanceOf(ContentTooLargeException.class);
		assertThat(source.read).isLessThan(bomb.length / 2);
		assertThatExceptionOfType(CorruptContentException.class).isThrownBy(() -> decoded.read(buffer)).isSameAs(failure);
		assertThat(this.events).containsExactly("failed gzip");
		decoded.close();
		assertThat(source.closed).isTrue();
	}

	@Test
	void readsAStackedBodyOfExactlyTheLimitWhoseInnerLayerIsLarger() throws IOException {
		byte[] random = new byte[200_000];
		new Random(7).nextBytes(random);
		byte[] gzipped = Codecs.encode(Codecs.GZIP_1, random);
		assertThat(gzipped.length).isGreaterThan(random.length);
		byte[] stacked = Codecs.encode(Codecs.LZF, gzipped);
		InputStream decoded = ContentDecoding.open(new ByteArrayInputStream(stacked), List.of(Codecs.LZF, Codecs.GZIP_1),
				random.length, ContentDecoding.Listener.NONE);
		assertThat(decoded.readAllBytes()).isEqualTo(random);
	}

	/**
	 * Empty gzip members decode to nothing, so only the inner layer's limit stops a body made
	 * of many of them.
	 */
	@Test
	void limitsTheInnerLayersToTheLimitAndAMargin() throws IOException {
		byte[] emptyMember = Codecs.encode(Codecs.GZIP_1, new byte[0]);
		ByteArrayOutputStream members = new ByteArrayOutputStream();
		while (members.size() < 200_000) {
			members.write(emptyMember);
		}
		byte[] stacked = Codecs.encode(Codecs.LZF, members.toByteArray());
		InputStream decoded = ContentDecoding.open(new ByteArrayInputStream(stacked), List.of(Codecs.LZF, Codecs.GZIP_1),
				100_000, ContentDecoding.Listener.NONE);
		assertThatExceptionOfType(ContentTooLargeException.class).isThrownBy(decoded::readAllBytes)
			.satisfies((ex) -> assertThat(ex.getCoding()).isEqualTo("lzf"))
			.satisfies((ex) -> assertThat(ex.getLimit()).as("the body's limit, not the layer's").isEqualTo(100_000));
		InputStream withinTheMargin = ContentDecoding.open(new ByteArrayInputStream(stacked),
				List.of(Codecs.LZF, Codecs.GZIP_1), 150_000, ContentDecoding.Listener.NONE);
		assertThat(withinTheMargin.readAllBytes()).isEmpty();
	}

	@Test
	void reportsCorruptDataWithItsCoding() throws IOException {
		byte[] encoded = Codecs.encode(Codecs.DEFLATE, DATA);
		byte[] truncated = Arrays.copyOf(encoded, encoded.length / 2);
		InputStream decoded = ContentDecoding.open(new ByteArrayInputStream(truncated), List.of(Codecs.DEFLATE),
				Long.MAX_VALUE, ContentDecoding.Listener.NONE);
		assertThatExceptionOfType(CorruptContentException.class).isThrownBy(decoded::readAllBytes)
			.satisfies((ex) -> assertThat(ex.getCoding()).isEqualTo("deflate"));
	}

	@Test
	void refusesANegativeLimit() {
		assertThatIllegalArgumentException().isThrownBy(() -> ContentDecoding
			.open(new ByteArrayInputStream(DATA), List.of(), -1, ContentDecoding.Listener.NONE));
	}

	private static final class TrackedStream extends ByteArrayInputStream {

		private int reads;

		private long read;

		private boolean closed;

		TrackedStream(byte[] bytes) {
			super(bytes);
		}

		@Override
		public synchronized int read() {
			this.reads++;
			int b = super.read();
			this.read += (b != -1) ? 1 : 0;
			return b;
		}

		@Override
		public synchronized int read(byte[] bytes, int offset, int length) {
			this.reads++;
			int n = super.read(bytes, offset, length);
			this.read += Math.max(n, 0);
			return n;
		}

		@Override
		public void close() throws IOException {
			this.closed = true;
			super.close();
		}

	}

}
