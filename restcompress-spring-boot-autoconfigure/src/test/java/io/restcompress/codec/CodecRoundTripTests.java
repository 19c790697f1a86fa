package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class CodecRoundTripTests {

	private static final int[] SIZES = { 0, 1, 100, 65535, 65536, 65537, 1_000_000 };

	private static final int LARGEST_BYTE_BY_BYTE = 65537;

	private static final int[] ODD_PIECES = { 1, 7, 333, 65537, 13, 4099, 65535, 2 };

	static Stream<Arguments> payloads() {
		return Codecs.encoders()
			.flatMap((codec) -> Arrays.stream(Payload.values())
				.flatMap((payload) -> IntStream.of(SIZES).mapToObj((size) -> arguments(codec, payload, size))));
	}

	static Stream<Arguments> payloadsUpTo5Megabytes() {
		return Stream.concat(payloads(),
				Codecs.encoders().map((codec) -> arguments(codec, Payload.JSON, Payload.MAX_SIZE)));
	}

	static Stream<Arguments> smallPayloads() {
		return payloads().filter((arguments) -> (int) arguments.get()[2] <= LARGEST_BYTE_BY_BYTE);
	}

	@ParameterizedTest(name = "{0} {1} {2} bytes")
	@MethodSource("payloadsUpTo5Megabytes")
	void roundTripsWhenWrittenInOneCall(ContentCodec codec, Payload payload, int size) throws IOException {
		byte[] data = payload.bytes(size);
		byte[] encoded = Codecs.encode(codec, data);
		assertThat(Codecs.decode(codec, encoded)).isEqualTo(data);
	}

	@ParameterizedTest(name = "{0} {1} {2} bytes")
	@MethodSource("payloads")
	void roundTripsWhenWrittenAndReadInOddPieces(ContentCodec codec, Payload payload, int size) throws IOException {
		byte[] data = payload.bytes(size);
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		try (OutputStream encoder = codec.encoder(encoded)) {
			for (int offset = 0, piece = 0; offset < data.length; piece++) {
				int length = Math.min(ODD_PIECES[piece % ODD_PIECES.length], data.length - offset);
				encoder.write(data, offset, length);
				offset += length;
			}
		}
		assertThat(readInOddPieces(codec.decoder(new ByteArrayInputStream(encoded.toByteArray())))).isEqualTo(data);
	}

	@ParameterizedTest(name = "{0} {1} {2} bytes")
	@MethodSource("smallPayloads")
	void roundTripsWhenWrittenAndReadByteByByte(ContentCodec codec, Payload payload, int size) throws IOException {
		byte[] data = payload.bytes(size);
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		try (OutputStream encoder = codec.encoder(encoded)) {
			for (byte b : data) {
				encoder.write(b);
			}
		}
		ByteArrayOutputStream decoded = new ByteArrayOutputStream();
		try (InputStream decoder = codec.decoder(new ByteArrayInputStream(encoded.toByteArray()))) {
			for (int b = decoder.read(); b != -1; b = decoder.read()) {
				decoded.write(b);
			}
			assertThat(decoder.read()).isEqualTo(-1);
		}
		assertThat(decoded.toByteArray()).isEqualTo(data);
	}

	static Stream<Arguments> flushedPayloads() {
		return Codecs.encoders()
			.flatMap((codec) -> Stream.of(Payload.JSON, Payload.RANDOM).map((payload) -> arguments(codec, payload)));
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("flushedPayloads")
	void makesEverythingWrittenDecodableOnFlush(ContentCodec codec, Payload payload) throws IOException {
		byte[] data = payload.bytes(200_000);
		int[] flushPoints = { 0, 1, 100, 70_000, 70_000, 150_001, 200_000 };
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		try (OutputStream encoder = codec.encoder(encoded)) {
			int written = 0;
			for (int flushPoint : flushPoints) {
				encoder.write(data, written, flushPoint - written);
				written = flushPoint;
				encoder.flush();
				assertThat(decodePrefix(codec, encoded.toByteArray(), written))
					.as("decoded after flushing %d bytes", written)
					.isEqualTo(Arrays.copyOf(data, written));
			}
		}
		assertThat(Codecs.decode(codec, encoded.toByteArray())).isEqualTo(data);
	}

	@Test
	void writesLzfAsZvChunksOfAtMost65535Bytes() throws IOException {
		byte[] data = Payload.JSON.bytes(200_000);
		byte[] encoded = Codecs.encode(Codecs.LZF, data);
		assertThat(encoded).startsWith('Z', 'V');
		assertThat(lzfChunkTypes(encoded)).containsExactly(1, 1, 1, 1);
		assertThat(lzfDecodedChunkLengths(encoded)).containsExactly(65535, 65535, 65535, 200_000 - 3 * 65535);
	}

	@Test
	void writesIncompressibleDataAsUncompressedLzfChunks() throws IOException {
		byte[] data = Payload.RANDOM.bytes(200_000);
		byte[] encoded = Codecs.encode(Codecs.LZF, data);
		assertThat(encoded).startsWith('Z', 'V', 0);
		assertThat(lzfChunkTypes(encoded)).containsOnly(0).hasSize(4);
		assertThat(encoded).hasSize(data.length + 4 * 5);
	}

	@Test
	void writesNothingForAnEmptyLzfBody() throws IOException {
		assertThat(Codecs.encode(Codecs.LZF, new byte[0])).isEmpty();
	}

	@Test
	void writesAChunkPerFlushedLzfPiece() throws IOException {
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		try (OutputStream encoder = Codecs.LZF.encoder(encoded)) {
			encoder.write(Payload.JSON.bytes(1000));
			encoder.flush();
			encoder.flush();
			encoder.write(Payload.JSON.bytes(10));
		}
		assertThat(lzfDecodedChunkLengths(encoded.toByteArray())).containsExactly(1000, 10);
	}

	@Test
	void compressesSmallerAtHigherZlibLevels() throws IOException {
		byte[] data = Payload.JSON.bytes(1_000_000);
		assertThat(Codecs.encode(Codecs.GZIP_9, data)).hasSizeLessThan(Codecs.encode(Codecs.GZIP_1, data).length);
		assertThat(Codecs.encode(new DeflateCodec(9), data))
			.hasSizeLessThan(Codecs.encode(new DeflateCodec(1), data).length);
	}

	@ParameterizedTest
	@ValueSource(ints = { -1, 0, 10 })
	void rejectsZlibLevelsOutsideOneToNine(int level) {
		assertThatIllegalArgumentException().isThrownBy(() -> new GzipCodec(level)).withMessageContaining("" + level);
		assertThatIllegalArgumentException().isThrownBy(() -> new DeflateCodec(level))
			.withMessageContaining("" + level);
	}

	@Test
	void namesEveryCodingInLowerCase() {
		assertThat(Codecs.encoders().map(Named::getPayload).map(ContentCodec::coding)).containsExactly("lzf", "gzip",
				"gzip", "deflate");
		assertThat(Codecs.GZIP_1.aliases()).containsExactly("x-gzip");
		assertThat(Codecs.LZF.registered()).isFalse();
		assertThat(Codecs.GZIP_1.registered()).isTrue();
		assertThat(Codecs.DEFLATE.registered()).isTrue();
	}

	private static byte[] readInOddPieces(InputStream decoder) throws IOException {
		int[] pieces = { 3, 8191, 1, 65536, 777, 65535 };
		byte[] buffer = new byte[70_000];
		ByteArrayOutputStream decoded = new ByteArrayOutputStream();
		try (decoder) {
			for (int piece = 0;; piece++) {
				int offset = piece % 5;
				int n = decoder.read(buffer, offset, pieces[piece % pieces.length]);
				if (n == -1) {
					return decoded.toByteArray();
				}
				decoded.write(buffer, offset, n);
			}
		}
	}

	private static byte[] decodePrefix(ContentCodec codec, byte[] encodedSoFar, int length) throws IOException {
		try (InputStream decoder = codec.decoder(new ByteArrayInputStream(encodedSoFar))) {
			return decoder.readNBytes(length);
		}
	}

	private static IntStream lzfChunkTypes(byte[] encoded) {
		return lzfChunkStarts(encoded).map((start) -> encoded[start + 2]);
	}

	private static IntStream lzfDecodedChunkLengths(byte[] encoded) {
		return lzfChunkStarts(encoded)
			.map((start) -> (encoded[start + 2] == 0) ? uint16(encoded, start + 3) : uint16(encoded, start + 5));
	}

	private static IntStream lzfChunkStarts(byte[] encoded) {
		IntStream.Builder starts = IntStream.builder();
		int position = 0;
		while (position < encoded.length) {
			assertThat(encoded[position]).isEqualTo((byte) 'Z');
			assertThat(encoded[position + 1]).isEqualTo((byte) 'V');
			starts.add(position);
			int type = encoded[position + 2];
			assertThat(type).isBetween(0, 1);
			position += (type == 0) ? 5 : 7;
			position += uint16(encoded, position - ((type == 0) ? 2 : 4));
		}
		assertThat(position).isEqualTo(encoded.length);
		return starts.build();
	}

	private static int uint16(byte[] bytes, int offset) {
		return ((bytes[offset] & 0xFF) << 8) | (bytes[offset + 1] & 0xFF);
	}

}
