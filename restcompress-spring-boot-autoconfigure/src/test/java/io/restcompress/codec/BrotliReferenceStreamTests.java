package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The brotli decoder on streams written by the reference encoder: zeros, JSON and log lines of
 * 256 KB to 12 MB at qualities 1 to 11 and windows of 10 to 24 bits. Many of them end where
 * brotli4j's decoder reports that it needs more input although it needs none.
 */
class BrotliReferenceStreamTests {

	private static final BrotliCodec SIXTEEN_MB_WINDOW = new BrotliCodec(4, 16L * 1024 * 1024);

	static List<BrotliReferenceStreams.Stream> streams() {
		return BrotliReferenceStreams.all();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("streams")
	void decodesTheReferenceEncodersStream(BrotliReferenceStreams.Stream stream) throws IOException {
		assertDecodes(stream, new ByteArrayInputStream(stream.encoded()));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("streams")
	void decodesTheReferenceEncodersStreamArrivingByteByByte(BrotliReferenceStreams.Stream stream) throws IOException {
		assertDecodes(stream, NativeCodecs.trickle(stream.encoded()));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("streams")
	void handsOutTheWholeDocumentBeforeAskingForMoreInput(BrotliReferenceStreams.Stream stream) throws IOException {
		byte[] encoded = stream.encoded();
		InputStream stalled = new ByteArrayInputStream(encoded) {

			@Override
			public synchronized int read(byte[] bytes, int offset, int length) {
				if (available() == 0) {
					throw new AssertionError("the decoder asked for input after the whole stream");
				}
				return super.read(bytes, offset, length);
			}

		};
		try (InputStream decoder = SIXTEEN_MB_WINDOW.decoder(stalled)) {
			assertThat(BrotliReferenceStreams.sha256(new BoundedStream(decoder, stream.decodedSize())))
				.isEqualTo(stream.decodedSha256());
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("streams")
	void rejectsTheReferenceEncodersStreamCutShort(BrotliReferenceStreams.Stream stream) {
		byte[] encoded = stream.encoded();
		for (int length : new int[] { encoded.length - 1, encoded.length / 2, 1 }) {
			byte[] truncated = Arrays.copyOf(encoded, length);
			assertThatExceptionOfType(CorruptContentException.class).as("cut at %d of %d", length, encoded.length)
				.isThrownBy(() -> BrotliReferenceStreams.sha256(SIXTEEN_MB_WINDOW.decoder(new ByteArrayInputStream(truncated))))
				.withMessageContaining("truncated");
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("streams")
	void decodesEveryReferenceStreamWithTheDefaultWindowLimit(BrotliReferenceStreams.Stream stream)
			throws IOException {
		try (InputStream decoder = new BrotliCodec(4, BrotliCodec.DEFAULT_MAX_WINDOW)
			.decoder(new ByteArrayInputStream(stream.encoded()))) {
			assertThat(BrotliReferenceStreams.sha256(decoder)).isEqualTo(stream.decodedSha256());
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("streams")
	void refusesOnlyTheWindowsLargerThanALowerLimit(BrotliReferenceStreams.Stream stream) throws IOException {
		BrotliCodec eightMegabyteWindow = new BrotliCodec(4, 8L * 1024 * 1024);
		InputStream encoded = new ByteArrayInputStream(stream.encoded());
		if (stream.windowBits() > 23) {
			assertThatExceptionOfType(ContentTooLargeException.class)
				.isThrownBy(() -> eightMegabyteWindow.decoder(encoded).read());
		}
		else {
			try (InputStream decoder = eightMegabyteWindow.decoder(encoded)) {
				assertThat(BrotliReferenceStreams.sha256(decoder)).isEqualTo(stream.decodedSha256());
			}
		}
	}

	private static void assertDecodes(BrotliReferenceStreams.Stream stream, InputStream encoded) throws IOException {
		try (InputStream decoder = SIXTEEN_MB_WINDOW.decoder(encoded)) {
			assertThat(BrotliReferenceStreams.sha256(decoder)).isEqualTo(stream.decodedSha256());
		}
	}

	/**
	 * The first {@code limit} bytes of a stream, without reading further.
	 */
	private static final class BoundedStream extends InputStream {

		private final InputStream in;

		private long left;

		BoundedStream(InputStream in, long limit) {
			this.in = in;
			this.left = limit;
		}

		@Override
		public int read() throws IOException {
			byte[] one = new byte[1];
			return (read(one, 0, 1) == -1) ? -1 : (one[0] & 0xFF);
		}

		@Override
		public int read(byte[] bytes, int offset, int length) throws IOException {
			if (this.left == 0) {
				return -1;
			}
			int n = this.in.read(bytes, offset, (int) Math.min(length, this.left));
			this.left -= Math.max(n, 0);
			return n;
		}

	}

}
