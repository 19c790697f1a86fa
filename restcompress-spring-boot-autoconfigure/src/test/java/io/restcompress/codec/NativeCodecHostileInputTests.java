package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;

import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;

class NativeCodecHostileInputTests {

	private static final byte[] BODY = Payload.JSON.bytes(200_000);

	static Stream<ContentCodec> codecs() {
		return NativeCodecs.all().stream();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("codecs")
	void rejectsAnEmptyBody(ContentCodec codec) {
		assertThatExceptionOfType(CorruptContentException.class)
			.isThrownBy(() -> Codecs.decode(codec, new byte[0]))
			.satisfies((ex) -> assertThat(ex.getCoding()).isEqualTo(codec.coding()));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("codecs")
	void rejectsGarbage(ContentCodec codec) {
		Random random = new Random(7);
		for (int size : new int[] { 1, 3, 4, 16, 1000, 100_000 }) {
			byte[] garbage = new byte[size];
			random.nextBytes(garbage);
			assertThatExceptionOfType(ContentDecodingException.class).as("%d bytes", size)
				.isThrownBy(() -> Codecs.decode(codec, garbage));
		}
		assertThatExceptionOfType(CorruptContentException.class)
			.isThrownBy(() -> Codecs.decode(codec, Payload.JSON.bytes(1000)));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("codecs")
	void rejectsATruncatedBodyWhereverItIsCut(ContentCodec codec) throws IOException {
		byte[] encoded = Codecs.encode(codec, BODY);
		for (int length = 1; length < encoded.length; length += Math.max(1, length / 3)) {
			byte[] truncated = Arrays.copyOf(encoded, length);
			assertThatExceptionOfType(CorruptContentException.class).as("cut at %d of %d", length, encoded.length)
				.isThrownBy(() -> Codecs.decode(codec, truncated));
		}
		byte[] lastByteMissing = Arrays.copyOf(encoded, encoded.length - 1);
		assertThatExceptionOfType(CorruptContentException.class)
			.isThrownBy(() -> Codecs.decode(codec, lastByteMissing));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("codecs")
	void rejectsTrailingGarbage(ContentCodec codec) throws IOException {
		byte[] encoded = Codecs.encode(codec, BODY);
		for (int extra : new int[] { 1, 3, 4, 5, 100 }) {
			byte[] trailing = Arrays.copyOf(encoded, encoded.length + extra);
			Arrays.fill(trailing, encoded.length, trailing.length, (byte) 0x5A);
			assertThatExceptionOfType(CorruptContentException.class).as("%d extra bytes", extra)
				.isThrownBy(() -> Codecs.decode(codec, trailing));
			assertThatExceptionOfType(CorruptContentException.class).as("%d extra bytes trickled", extra)
				.isThrownBy(() -> NativeCodecs.decode(codec, NativeCodecs.trickle(trailing)));
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("codecs")
	void failsOnlyWithDecodingExceptionsWhateverByteIsCorrupted(ContentCodec codec) throws IOException {
		byte[] encoded = Codecs.encode(codec, Payload.XML.bytes(20_000));
		for (int position = 0; position < encoded.length; position++) {
			byte[] corrupt = encoded.clone();
			corrupt[position] ^= 0x41;
			Throwable thrown = catchThrowable(() -> Codecs.decode(codec, corrupt));
			if (thrown != null) {
				assertThat(thrown).as("byte %d flipped", position).isInstanceOf(ContentDecodingException.class);
			}
		}
	}

	@Test
	void zstdNeverReturnsWrongDataThanksToItsChecksum() throws IOException {
		byte[] body = Payload.JSON.bytes(20_000);
		assertNoFlipGoesUnnoticed(NativeCodecs.ZSTD, Codecs.encode(NativeCodecs.ZSTD, body), body);
	}

	@Test
	void lz4DetectsEveryCorruptedByteOfAFrameWithChecksums() throws IOException {
		byte[] body = Payload.JSON.bytes(70_000);
		ByteArrayOutputStream target = new ByteArrayOutputStream();
		try (LZ4FrameOutputStream encoder = new LZ4FrameOutputStream(target, LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB,
				body.length, LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE,
				LZ4FrameOutputStream.FLG.Bits.BLOCK_CHECKSUM, LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM,
				LZ4FrameOutputStream.FLG.Bits.CONTENT_SIZE)) {
			encoder.write(body);
		}
		byte[] encoded = target.toByteArray();
		assertThat(Codecs.decode(NativeCodecs.LZ4, encoded)).isEqualTo(body);
		assertNoFlipGoesUnnoticed(NativeCodecs.LZ4, encoded, body);
	}

	private static void assertNoFlipGoesUnnoticed(ContentCodec codec, byte[] encoded, byte[] body) {
		int detected = 0;
		for (int position = 0; position < encoded.length; position++) {
			byte[] corrupt = encoded.clone();
			corrupt[position] ^= 0x41;
			try {
				assertThat(Codecs.decode(codec, corrupt)).as("byte %d flipped", position).isEqualTo(body);
			}
			catch (ContentDecodingException ex) {
				detected++;
			}
			catch (IOException ex) {
				throw new AssertionError(ex);
			}
		}
		assertThat(detected).isGreaterThan(encoded.length * 9 / 10);
	}

	@Test
	void zstdRejectsAFrameWhoseWindowExceedsTheLimit() throws IOException {
		byte[] frame = zstdFrame(24);
		assertThatExceptionOfType(ContentTooLargeException.class).isThrownBy(() -> Codecs.decode(NativeCodecs.ZSTD, frame))
			.withMessageContaining("window");
		assertThat(Codecs.decode(new ZstdCodec(1, 16 * 1024 * 1024), frame)).isEqualTo(BODY);
	}

	@Test
	void zstdAppliesALowerLimitToFramesAndToItsOwnEncoder() throws IOException {
		ZstdCodec small = new ZstdCodec(19, 1024 * 1024);
		assertThatExceptionOfType(ContentTooLargeException.class)
			.isThrownBy(() -> Codecs.decode(small, zstdFrame(21)));
		assertThat(Codecs.decode(small, Codecs.encode(small, BODY))).isEqualTo(BODY);
		small.close();
	}

	@Test
	void zstdTakesTheContentSizeOfASingleSegmentFrameAsItsWindow() throws IOException {
		byte[] frame = Zstd.compress(BODY, 3);
		assertThat(frame[4] & 0x20).as("single segment").isNotZero();
		ZstdCodec small = new ZstdCodec(1, 64 * 1024);
		assertThatExceptionOfType(ContentTooLargeException.class).isThrownBy(() -> Codecs.decode(small, frame))
			.withMessageContaining(BODY.length + " bytes");
		assertThat(Codecs.decode(small, Zstd.compress(Payload.JSON.bytes(60_000), 3))).hasSize(60_000);
		small.close();
	}

	/**
	 * The window descriptor's mantissa adds eighths of the power of two: an 8 MB window is
	 * within the default limit, one of 9 MB (exponent 23, mantissa 1) is not.
	 */
	@Test
	void zstdReadsTheWholeWindowDescriptorAndAcceptsAWindowOfExactlyTheLimit() throws IOException {
		byte[] frame = zstdFrame(23);
		assertThat(frame[5] & 0xFF).as("window descriptor").isEqualTo(13 << 3);
		assertThat(Codecs.decode(NativeCodecs.ZSTD, frame)).isEqualTo(BODY);
		frame[5] |= 1;
		assertThatExceptionOfType(ContentTooLargeException.class).isThrownBy(() -> Codecs.decode(NativeCodecs.ZSTD, frame))
			.withMessageContaining("window of " + (9 * 1024 * 1024) + " bytes");
		ZstdCodec nineMegabytes = new ZstdCodec(1, 9 * 1024 * 1024);
		assertThat(Codecs.decode(nineMegabytes, frame)).isEqualTo(BODY);
		nineMegabytes.close();
	}

	/**
	 * A two-byte content size stands for 256 more than its value (RFC 8878, 3.1.1.1.4).
	 */
	@Test
	void zstdTakesATwoByteContentSizeAsTheSizeItStandsFor() throws IOException {
		ZstdCodec small = new ZstdCodec(1, 64 * 1024);
		byte[] atTheLimit = Zstd.compress(Payload.JSON.bytes(64 * 1024), 3);
		byte[] oneByteOver = Zstd.compress(Payload.JSON.bytes(64 * 1024 + 1), 3);
		assertThat(atTheLimit[4] & 0xE0).as("single segment, two-byte content size").isEqualTo(0x60);
		assertThat(oneByteOver[4] & 0xE0).as("single segment, two-byte content size").isEqualTo(0x60);
		assertThat(Codecs.decode(small, atTheLimit)).hasSize(64 * 1024);
		assertThatExceptionOfType(ContentTooLargeException.class).isThrownBy(() -> Codecs.decode(small, oneByteOver))
			.withMessageContaining((64 * 1024 + 1) + " bytes");
		small.close();
	}

	/**
	 * An eight-byte content size above {@link Long#MAX_VALUE} is refused as too large before the
	 * native decoder sees it.
	 */
	@Test
	void zstdRefusesAContentSizeBeyondTheRangeOfALong() {
		byte[] frame = { 0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, (byte) 0xE0, 0, 0, 0, 0, 0, 0, 0, (byte) 0x80, 1, 0, 0 };
		assertThatExceptionOfType(ContentTooLargeException.class).isThrownBy(() -> Codecs.decode(NativeCodecs.ZSTD, frame))
			.withMessageContaining("window");
	}

	@Test
	void zstdChecksTheWindowOfEveryFrame() throws IOException {
		byte[] frames = Codecs.concat(Zstd.compress(BODY, 3), zstdFrame(24));
		assertThatExceptionOfType(ContentTooLargeException.class).isThrownBy(() -> Codecs.decode(NativeCodecs.ZSTD, frames))
			.withMessageContaining("window");
	}

	private static byte[] zstdFrame(int windowLog) throws IOException {
		ByteArrayOutputStream target = new ByteArrayOutputStream();
		try (ZstdOutputStreamNoFinalizer encoder = new ZstdOutputStreamNoFinalizer(target, 3)) {
			encoder.setWindowLog(windowLog);
			encoder.write(BODY);
		}
		byte[] frame = target.toByteArray();
		assertThat(frame[4] & 0x20).as("single segment").isZero();
		return frame;
	}

	@Test
	void brotliReadsTheWindowSizeTheReferenceEncoderWrites() throws IOException {
		for (int windowBits = BrotliCodec.MIN_WINDOW_BITS; windowBits <= BrotliCodec.MAX_WINDOW_BITS; windowBits++) {
			byte[] stream = Encoder.compress(BODY, new Encoder.Parameters().setQuality(5).setWindow(windowBits));
			assertThat(BrotliDecoderStream.windowBits(stream[0])).isEqualTo(windowBits);
		}
	}

	@Test
	void brotliRejectsAStreamWhoseWindowExceedsTheLimit() throws IOException {
		byte[] stream = Encoder.compress(BODY, new Encoder.Parameters().setQuality(5).setWindow(24));
		assertThatExceptionOfType(ContentTooLargeException.class)
			.isThrownBy(() -> Codecs.decode(new BrotliCodec(4, 8 * 1024 * 1024), stream))
			.withMessageContaining("window");
		assertThat(Codecs.decode(NativeCodecs.BROTLI, stream)).isEqualTo(BODY);
		BrotliCodec small = new BrotliCodec(4, 64 * 1024);
		assertThatExceptionOfType(ContentTooLargeException.class)
			.isThrownBy(() -> Codecs.decode(small, Encoder.compress(BODY, new Encoder.Parameters().setQuality(5).setWindow(17))));
		assertThat(Codecs.decode(small, Codecs.encode(small, BODY))).isEqualTo(BODY);
	}

	@Test
	void brotliRejectsALargeWindowStream() {
		byte[] largeWindow = { 0x11, 0x1E, 0x00, 0x00 };
		assertThatExceptionOfType(CorruptContentException.class)
			.isThrownBy(() -> NativeCodecs.decode(NativeCodecs.BROTLI, new ByteArrayInputStream(largeWindow)))
			.withMessageContaining("large-window");
	}

	@Test
	void lz4RejectsADictionaryFrameAndUnknownVersions() {
		byte[] dictionary = lz4Header(0x61, 0x40);
		assertThatExceptionOfType(CorruptContentException.class)
			.isThrownBy(() -> Codecs.decode(NativeCodecs.LZ4, dictionary));
		byte[] version = lz4Header(0x20, 0x40);
		assertThatExceptionOfType(CorruptContentException.class)
			.isThrownBy(() -> Codecs.decode(NativeCodecs.LZ4, version))
			.withMessageContaining("version");
	}

	private static byte[] lz4Header(int flags, int blockDescriptor) {
		return new byte[] { 0x04, 0x22, 0x4D, 0x18, (byte) flags, (byte) blockDescriptor, 0, 0, 0, 0, 0 };
	}

}
