package io.restcompress.codec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Every decoder against hostile input: whatever arrives, decoding ends with the data or with a
 * {@link CorruptContentException}, never another exception and never a hang (the timeout only
 * guards against hangs).
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CorruptContentTests {

	private static final byte[] SMALL = Payload.JSON.bytes(3000);

	private static final byte[] TINY = Payload.JSON.bytes(1000);

	static Stream<Named<ContentCodec>> decoders() {
		return Codecs.decoders();
	}

	static Stream<Named<ContentCodec>> checksummedDecoders() {
		return Stream.of(Named.of("gzip", Codecs.GZIP_1), Named.of("deflate", Codecs.DEFLATE));
	}

	static Stream<Arguments> garbage() {
		Random random = new Random(7);
		Stream<Named<byte[]>> inputs = Stream.of(
				named("text", "This is not compressed at all.".getBytes(StandardCharsets.US_ASCII)),
				named("json", "{\"compressed\":false}".getBytes(StandardCharsets.US_ASCII)),
				named("1 random byte", randomBytes(random, 1)), named("3 random bytes", randomBytes(random, 3)),
				named("10 random bytes", randomBytes(random, 10)),
				named("1000 random bytes", randomBytes(random, 1000)),
				named("100000 random bytes", randomBytes(random, 100_000)), named("zeros", new byte[100]),
				named("ones", filled(100, 0xFF)), named("ZV", new byte[] { 'Z', 'V' }),
				named("gzip magic", new byte[] { 0x1F, (byte) 0x8B }),
				named("zlib header", new byte[] { 0x78, (byte) 0x9C }));
		return inputs.flatMap((input) -> decoders().map((codec) -> arguments(codec, input)));
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("garbage")
	void rejectsGarbage(ContentCodec codec, byte[] garbage) {
		assertCorrupt(codec, garbage);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("decoders")
	void rejectsEveryTruncationOfASmallBody(ContentCodec codec) throws IOException {
		byte[] encoded = Codecs.encode(codec, SMALL);
		for (int length = 1; length < encoded.length; length++) {
			assertCorrupt(codec, Arrays.copyOf(encoded, length));
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("decoders")
	void rejectsATruncatedLargeBody(ContentCodec codec) throws IOException {
		byte[] encoded = Codecs.encode(codec, Payload.XML.bytes(300_000));
		for (int length : new int[] { 1, 2, 4, 6, 9, encoded.length / 3, encoded.length / 2, encoded.length - 5,
				encoded.length - 1 }) {
			assertCorrupt(codec, Arrays.copyOf(encoded, length));
		}
	}

	@Test
	void rejectsLzfCutInsideAChunkHeader() throws IOException {
		byte[] encoded = Codecs.encode(Codecs.LZF, Payload.JSON.bytes(100_000));
		int secondChunk = 7 + (((encoded[3] & 0xFF) << 8) | (encoded[4] & 0xFF));
		for (int length = secondChunk + 1; length < secondChunk + 7; length++) {
			assertCorrupt(Codecs.LZF, Arrays.copyOf(encoded, length));
		}
	}

	@Test
	void decodesLzfCutAtAChunkBoundaryToTheChunksBeforeIt() throws IOException {
		byte[] data = Payload.JSON.bytes(100_000);
		byte[] encoded = Codecs.encode(Codecs.LZF, data);
		int secondChunk = 7 + (((encoded[3] & 0xFF) << 8) | (encoded[4] & 0xFF));
		assertThat(Codecs.decode(Codecs.LZF, Arrays.copyOf(encoded, secondChunk)))
			.isEqualTo(Arrays.copyOf(data, 65535));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("checksummedDecoders")
	void rejectsAFlippedByteInTheMiddleOfTheData(ContentCodec codec) throws IOException {
		byte[] encoded = Codecs.encode(codec, Payload.JSON.bytes(100_000));
		for (int mask : new int[] { 0x01, 0x80, 0xFF }) {
			byte[] flipped = encoded.clone();
			flipped[flipped.length / 2] ^= (byte) mask;
			assertCorrupt(codec, flipped);
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("checksummedDecoders")
	void decodesEveryFlippedByteToTheOriginalOrRejectsIt(ContentCodec codec) throws IOException {
		byte[] encoded = Codecs.encode(codec, TINY);
		for (int position = 0; position < encoded.length; position++) {
			for (int mask : new int[] { 0x01, 0xFF }) {
				byte[] flipped = encoded.clone();
				flipped[position] ^= (byte) mask;
				assertDecodedOrCorrupt(() -> assertThat(Codecs.decode(codec, flipped)).isEqualTo(TINY),
						"byte %d flipped with %x", position, mask);
			}
		}
	}

	@Test
	void decodesEveryFlippedLzfByteToTheSameLengthOrRejectsIt() throws IOException {
		byte[] encoded = Codecs.encode(Codecs.LZF, TINY);
		for (int position = 0; position < encoded.length; position++) {
			for (int mask : new int[] { 0x01, 0x10, 0x80, 0xFF }) {
				byte[] flipped = encoded.clone();
				flipped[position] ^= (byte) mask;
				assertDecodedOrCorrupt(() -> assertThat(Codecs.decode(Codecs.LZF, flipped)).hasSameSizeAs(TINY),
						"byte %d flipped with %x", position, mask);
			}
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("decoders")
	void decodesRandomlyDamagedBodiesOrRejectsThem(ContentCodec codec) throws IOException {
		assertDamagedCopiesDecodeOrAreRejected(codec, false);
	}

	/**
	 * A checksum catches what damage the format itself does not: what decodes is the data.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("checksummedDecoders")
	void decodesRandomlyDamagedChecksummedBodiesToTheDataOrRejectsThem(ContentCodec codec) throws IOException {
		assertDamagedCopiesDecodeOrAreRejected(codec, true);
	}

	private static void assertDamagedCopiesDecodeOrAreRejected(ContentCodec codec, boolean toTheData)
			throws IOException {
		List<byte[]> damaged = damagedCopies(Codecs.encode(codec, SMALL));
		for (int attempt = 0; attempt < damaged.size(); attempt++) {
			byte[] body = damaged.get(attempt);
			assertDecodedOrCorrupt(() -> {
				byte[] decoded = Codecs.decode(codec, body);
				if (toTheData) {
					assertThat(decoded).isEqualTo(SMALL);
				}
			}, "attempt %d", attempt);
		}
	}

	/**
	 * 500 copies of an encoded body, each with one to four bytes replaced at random (always
	 * the same ones).
	 */
	private static List<byte[]> damagedCopies(byte[] encoded) {
		Random random = new Random(11);
		List<byte[]> copies = new ArrayList<>();
		for (int attempt = 0; attempt < 500; attempt++) {
			byte[] damaged = encoded.clone();
			for (int i = 1 + random.nextInt(4); i > 0; i--) {
				damaged[random.nextInt(damaged.length)] = (byte) random.nextInt(256);
			}
			copies.add(damaged);
		}
		return copies;
	}

	@Test
	void rejectsLzfBackReferencesBeforeTheStartOfTheChunk() {
		assertCorrupt(Codecs.LZF, lzfChunk(3, 0x20, 0x00));
		assertCorrupt(Codecs.LZF, lzfChunk(5, 0x01, 'a', 'b', 0x20, 0x05));
		assertCorrupt(Codecs.LZF, lzfChunk(12, 0x00, 'a', 0x3F, 0xFF));
		assertCorrupt(Codecs.LZF, lzfChunk(20, 0x00, 'a', 0xFF, 0x00, 0x01));
	}

	@Test
	void rejectsLzfBackReferencesPastTheDeclaredLength() {
		assertCorrupt(Codecs.LZF, lzfChunk(4, 0x01, 'a', 'b', 0x20, 0x01));
		assertCorrupt(Codecs.LZF, lzfChunk(10, 0x00, 'a', 0xE0, 0xFF, 0x00));
	}

	@Test
	void rejectsLzfLiteralRunsPastTheEndOfTheChunk() {
		assertCorrupt(Codecs.LZF, lzfChunk(6, 0x05, 'a', 'b'));
		assertCorrupt(Codecs.LZF, lzfChunk(32, 0x1F, 'a'));
		assertCorrupt(Codecs.LZF, lzfChunk(1, 0x01, 'a', 'b'));
	}

	@Test
	void rejectsLzfChunksThatDecodeToAnotherLength() {
		assertCorrupt(Codecs.LZF, lzfChunk(10, 0x01, 'a', 'b'));
		assertCorrupt(Codecs.LZF, lzfChunk(0, 0x01, 'a', 'b'));
	}

	@Test
	void rejectsLzfBackReferencesMissingTheirLastBytes() {
		assertCorrupt(Codecs.LZF, lzfChunk(20, 0x00, 'a', 0xE0));
		assertCorrupt(Codecs.LZF, lzfChunk(20, 0x00, 'a', 0xE0, 0x05));
		assertCorrupt(Codecs.LZF, lzfChunk(4, 0x00, 'a', 0x20));
	}

	@Test
	void rejectsLzfChunksWhoseHeaderIsNotZv() {
		byte[] uncompressed = { 'Z', 'V', 0, 0, 3, 'x', 'y', 'z' };
		for (byte[] header : new byte[][] { { 'Z', 'W' }, { 'Y', 'V' }, { 'z', 'v' } }) {
			byte[] chunk = uncompressed.clone();
			chunk[0] = header[0];
			chunk[1] = header[1];
			assertCorrupt(Codecs.LZF, chunk);
			assertCorrupt(Codecs.LZF, Codecs.concat(uncompressed, chunk));
		}
	}

	/**
	 * A chunk of the largest size, 65535 bytes either side, fills both of the decoder's buffers,
	 * so a literal run or a back reference that reaches past its end must be caught by the checks
	 * and not by the arrays' bounds.
	 */
	@Test
	void rejectsFullSizeLzfChunksThatRunPastTheirEnd() {
		assertCorrupt(Codecs.LZF, lzfChunk(65535, fullOutputThenLiterals()));
		assertCorrupt(Codecs.LZF, lzfChunk(65535, fullInputEndingWith(0xE0)));
		assertCorrupt(Codecs.LZF, lzfChunk(65535, fullInputEndingWith(0x20)));
	}

	/**
	 * Back references that decode to 65519 bytes, then a literal run of 32 bytes.
	 */
	private static int[] fullOutputThenLiterals() {
		List<Integer> block = new ArrayList<>(List.of(0x00, (int) 'a'));
		int out = 1;
		while (out < 65519) {
			int length = Math.min(264, 65519 - out);
			block.addAll(List.of(0xE0, length - 9, 0x00));
			out += length;
		}
		block.add(0x1F);
		for (int i = 0; i < 32; i++) {
			block.add((int) 'b');
		}
		return block.stream().mapToInt(Integer::intValue).toArray();
	}

	/**
	 * Literal runs that fill 65534 bytes of input, then one more byte that starts a back
	 * reference.
	 */
	private static int[] fullInputEndingWith(int control) {
		int[] block = new int[65535];
		int in = 0;
		while (in < 65534) {
			int run = Math.min(32, 65534 - in - 1);
			block[in] = run - 1;
			Arrays.fill(block, in + 1, in + 1 + run, 'c');
			in += 1 + run;
		}
		block[in] = control;
		return block;
	}

	@Test
	void rejectsUnknownLzfChunkTypes() {
		byte[] chunk = lzfChunk(2, 0x01, 'a', 'b');
		chunk[2] = 2;
		assertCorrupt(Codecs.LZF, chunk);
	}

	@Test
	void rejectsATruncatedUncompressedLzfChunk() {
		assertCorrupt(Codecs.LZF, new byte[] { 'Z', 'V', 0, 0, 10, 'a', 'b' });
	}

	@Test
	void decodesOverlappingLzfBackReferences() throws IOException {
		byte[] runOfA = Codecs.decode(Codecs.LZF, lzfChunk(15, 0x00, 'a', 0xE0, 0x05, 0x00));
		assertThat(new String(runOfA, StandardCharsets.US_ASCII)).isEqualTo("a".repeat(15));
		byte[] uncompressed = { 'Z', 'V', 0, 0, 3, 'x', 'y', 'z' };
		assertThat(Codecs.decode(Codecs.LZF, Codecs.concat(uncompressed, lzfChunk(2, 0x01, 'a', 'b'))))
			.isEqualTo("xyzab".getBytes(StandardCharsets.US_ASCII));
	}

	@Test
	void decodesRandomLzfBlocksOrRejectsThem() {
		Random random = new Random(3);
		for (int attempt = 0; attempt < 2000; attempt++) {
			int[] block = random.ints(1 + random.nextInt(300), 0, 256).toArray();
			if (attempt % 2 == 0) {
				block[0] = random.nextInt(32);
			}
			byte[] chunk = lzfChunk(random.nextInt(2000), block);
			assertDecodedOrCorrupt(() -> Codecs.decode(Codecs.LZF, chunk), "attempt %d", attempt);
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("decoders")
	void rejectsTrailingGarbage(ContentCodec codec) throws IOException {
		byte[] encoded = Codecs.encode(codec, SMALL);
		assertCorrupt(codec, Codecs.concat(encoded, "garbage".getBytes(StandardCharsets.US_ASCII)));
		assertCorrupt(codec, Codecs.concat(encoded, new byte[1]));
		assertCorrupt(codec, Codecs.concat(encoded, new byte[8]));
		assertCorrupt(codec, Codecs.concat(encoded, Arrays.copyOf(encoded, 3)));
	}

	@Test
	void rejectsASecondZlibStream() throws IOException {
		byte[] encoded = Codecs.encode(Codecs.DEFLATE, SMALL);
		assertCorrupt(Codecs.DEFLATE, Codecs.concat(encoded, encoded));
	}

	@Test
	void rejectsTrailingGarbageAfterRawDeflate() throws IOException {
		assertCorrupt(Codecs.DEFLATE, Codecs.concat(rawDeflate(SMALL, 6), new byte[] { 1, 2, 3 }));
	}

	@Test
	void decodesConcatenatedLzfStreams() throws IOException {
		byte[] second = Payload.XML.bytes(70_000);
		byte[] encoded = Codecs.concat(Codecs.encode(Codecs.LZF, SMALL), Codecs.encode(Codecs.LZF, second));
		assertThat(Codecs.decode(Codecs.LZF, encoded)).isEqualTo(Codecs.concat(SMALL, second));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("checksummedDecoders")
	void rejectsEmptyInput(ContentCodec codec) {
		assertCorrupt(codec, new byte[0]);
	}

	@Test
	void decodesEmptyLzfInputToNothing() throws IOException {
		assertThat(Codecs.decode(Codecs.LZF, new byte[0])).isEmpty();
	}

	@Test
	void decodesBothOfTwoConcatenatedGzipMembers() throws IOException {
		byte[] second = Payload.XML.bytes(100_000);
		ByteArrayOutputStream jdkMember = new ByteArrayOutputStream();
		try (GZIPOutputStream gzip = new GZIPOutputStream(jdkMember)) {
			gzip.write(second);
		}
		byte[] encoded = Codecs.concat(Codecs.encode(Codecs.GZIP_1, SMALL), jdkMember.toByteArray());
		assertThat(Codecs.decode(Codecs.GZIP_1, encoded)).isEqualTo(Codecs.concat(SMALL, second));
	}

	@Test
	void decodesEmptyGzipMembers() throws IOException {
		byte[] empty = Codecs.encode(Codecs.GZIP_1, new byte[0]);
		assertThat(Codecs.decode(Codecs.GZIP_1, empty)).isEmpty();
		assertThat(Codecs.decode(Codecs.GZIP_1, Codecs.concat(empty, Codecs.encode(Codecs.GZIP_1, SMALL), empty)))
			.isEqualTo(SMALL);
	}

	@Test
	void rejectsTrailingGarbageAfterTwoGzipMembers() throws IOException {
		byte[] member = Codecs.encode(Codecs.GZIP_1, SMALL);
		assertCorrupt(Codecs.GZIP_1, Codecs.concat(member, member, new byte[] { 0x1F }));
		assertCorrupt(Codecs.GZIP_1, Codecs.concat(member, member, new byte[] { 0x1F, (byte) 0x8B, 8, 0 }));
	}

	@Test
	void skipsOptionalGzipHeaderFields() throws IOException {
		int flags = 0x02 | 0x04 | 0x08 | 0x10;
		byte[] header = { 0x1F, (byte) 0x8B, 8, (byte) flags, 1, 2, 3, 4, 0, 3, 3, 0, 'x', 'y', 'z', 'a', '.', 'j', 's',
				'o', 'n', 0, 'h', 'i', 0, 0x12, 0x34 };
		byte[] member = Codecs.concat(header, rawDeflate(SMALL, 6), gzipTrailer(SMALL));
		assertThat(Codecs.decode(Codecs.GZIP_1, member)).isEqualTo(SMALL);
		for (int length = 4; length < header.length; length++) {
			assertCorrupt(Codecs.GZIP_1, Arrays.copyOf(member, length));
		}
	}

	@ParameterizedTest
	@ValueSource(ints = { 0x20, 0x40, 0x80 })
	void rejectsReservedGzipFlags(int flag) throws IOException {
		byte[] encoded = Codecs.encode(Codecs.GZIP_1, SMALL);
		encoded[3] |= (byte) flag;
		assertCorrupt(Codecs.GZIP_1, encoded);
	}

	@Test
	void rejectsOtherGzipCompressionMethods() throws IOException {
		byte[] encoded = Codecs.encode(Codecs.GZIP_1, SMALL);
		encoded[2] = 7;
		assertCorrupt(Codecs.GZIP_1, encoded);
	}

	@Test
	void rejectsAWrongGzipChecksumOrLength() throws IOException {
		byte[] encoded = Codecs.encode(Codecs.GZIP_1, SMALL);
		for (int position : new int[] { encoded.length - 8, encoded.length - 5, encoded.length - 4,
				encoded.length - 1 }) {
			byte[] wrong = encoded.clone();
			wrong[position] ^= 0x01;
			assertCorrupt(Codecs.GZIP_1, wrong);
		}
	}

	@ParameterizedTest
	@ValueSource(ints = { 1, 6, 9 })
	void acceptsRawDeflate(int level) throws IOException {
		byte[][] bodies = { new byte[0], SMALL, Payload.JSON.bytes(300_000), Payload.RANDOM.bytes(70_000) };
		for (byte[] data : bodies) {
			assertThat(Codecs.decode(Codecs.DEFLATE, rawDeflate(data, level))).isEqualTo(data);
		}
	}

	/**
	 * A raw deflate body starts with a block header, whose bits can look like a zlib header's:
	 * a first byte naming method 8 with a window over 32 KB, or a pair of bytes whose check
	 * fails, is no zlib header, so the body is raw deflate.
	 */
	@Test
	void decodesRawDeflateWhoseFirstBytesAreNotAValidZlibHeader() throws IOException {
		byte[] data = "twenty-eight bytes of data!!".getBytes(StandardCharsets.US_ASCII);
		assertThat(data).hasSize(28);
		assertThat(((0x88 << 8) | 28) % 31).as("header check of 0x88 0x1C").isZero();
		assertThat(((0x08 << 8) | 28) % 31).as("header check of 0x08 0x1C").isNotZero();
		for (int first : new int[] { 0x88, 0x08 }) {
			byte[] raw = Codecs.concat(new byte[] { (byte) first, 28, 0, (byte) ~28, (byte) 0xFF }, data,
					new byte[] { 0x01, 0, 0, (byte) 0xFF, (byte) 0xFF });
			assertThat(Codecs.decode(Codecs.DEFLATE, raw)).as("first byte 0x%02X", first).isEqualTo(data);
		}
	}

	@Test
	void rejectsATruncatedRawDeflateBody() throws IOException {
		byte[] raw = rawDeflate(Payload.JSON.bytes(100_000), 6);
		for (int length : new int[] { 1, 2, raw.length / 2, raw.length - 1 }) {
			assertCorrupt(Codecs.DEFLATE, Arrays.copyOf(raw, length));
		}
	}

	@Test
	void rejectsAWrongZlibChecksum() throws IOException {
		byte[] encoded = Codecs.encode(Codecs.DEFLATE, SMALL);
		encoded[encoded.length - 1] ^= 0x01;
		assertCorrupt(Codecs.DEFLATE, encoded);
	}

	@Test
	void rejectsZlibDataThatNeedsAPresetDictionary() throws IOException {
		Deflater deflater = new Deflater(6);
		deflater.setDictionary("\"login\":\"user".getBytes(StandardCharsets.US_ASCII));
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		try (DeflaterOutputStream out = new DeflaterOutputStream(encoded, deflater)) {
			out.write(SMALL);
		}
		finally {
			deflater.end();
		}
		assertCorrupt(Codecs.DEFLATE, encoded.toByteArray());
	}

	private static void assertDecodedOrCorrupt(ThrowingCallable decoding, String description, Object... args) {
		assertThat(catchThrowable(decoding)).as(description, args)
			.satisfiesAnyOf((failure) -> assertThat(failure).isNull(),
					(failure) -> assertThat(failure).isInstanceOf(CorruptContentException.class));
	}

	private static void assertCorrupt(ContentCodec codec, byte[] input) {
		assertThatExceptionOfType(CorruptContentException.class).isThrownBy(() -> Codecs.decode(codec, input))
			.satisfies((ex) -> assertThat(ex.getCoding()).isEqualTo(codec.coding()));
	}

	private static byte[] lzfChunk(int decodedLength, int... block) {
		byte[] chunk = new byte[7 + block.length];
		chunk[0] = 'Z';
		chunk[1] = 'V';
		chunk[2] = 1;
		chunk[3] = (byte) (block.length >> 8);
		chunk[4] = (byte) block.length;
		chunk[5] = (byte) (decodedLength >> 8);
		chunk[6] = (byte) decodedLength;
		for (int i = 0; i < block.length; i++) {
			chunk[7 + i] = (byte) block[i];
		}
		return chunk;
	}

	private static byte[] rawDeflate(byte[] data, int level) throws IOException {
		Deflater deflater = new Deflater(level, true);
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		try (DeflaterOutputStream out = new DeflaterOutputStream(encoded, deflater)) {
			out.write(data);
		}
		finally {
			deflater.end();
		}
		return encoded.toByteArray();
	}

	private static byte[] gzipTrailer(byte[] data) {
		CRC32 crc = new CRC32();
		crc.update(data);
		long crcValue = crc.getValue();
		byte[] trailer = new byte[8];
		for (int i = 0; i < 4; i++) {
			trailer[i] = (byte) (crcValue >> (8 * i));
			trailer[4 + i] = (byte) (data.length >> (8 * i));
		}
		return trailer;
	}

	private static Named<byte[]> named(String name, byte[] bytes) {
		return Named.of(name, bytes);
	}

	private static byte[] randomBytes(Random random, int length) {
		byte[] bytes = new byte[length];
		random.nextBytes(bytes);
		return bytes;
	}

	private static byte[] filled(int length, int value) {
		byte[] bytes = new byte[length];
		Arrays.fill(bytes, (byte) value);
		return bytes;
	}

}
