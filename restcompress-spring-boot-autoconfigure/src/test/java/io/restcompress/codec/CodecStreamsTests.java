package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class CodecStreamsTests {

	private static final byte[] DATA = Payload.JSON.bytes(150_000);

	static Stream<Named<ContentCodec>> encoders() {
		return Codecs.encoders();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("encoders")
	void measuresTheEncoderOnceWhenClosed(ContentCodec codec) throws IOException {
		List<Measurement> measurements = new ArrayList<>();
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		OutputStream encoder = CodecStreams.measuredEncoder(codec, encoded, recordingInto(measurements));
		encoder.write(DATA, 0, 1000);
		encoder.write(DATA[1000]);
		encoder.write(DATA, 1001, DATA.length - 1001);
		encoder.flush();
		assertThat(measurements).isEmpty();
		encoder.close();
		encoder.close();
		assertThat(measurements).singleElement().satisfies((measurement) -> {
			assertThat(measurement.identityBytes()).isEqualTo(DATA.length);
			assertThat(measurement.encodedBytes()).isEqualTo(encoded.size()).isLessThan(DATA.length);
			assertThat(measurement.codecNanos()).isNotNegative();
		});
		assertThat(Codecs.decode(codec, encoded.toByteArray())).isEqualTo(DATA);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("encoders")
	void measuresTheDecoderWithTheEncodersCounts(ContentCodec codec) throws IOException {
		List<Measurement> encoding = new ArrayList<>();
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		try (OutputStream encoder = CodecStreams.measuredEncoder(codec, encoded, recordingInto(encoding))) {
			encoder.write(DATA);
		}
		List<Measurement> decoding = new ArrayList<>();
		InputStream decoder = CodecStreams.measuredDecoder(codec, new ByteArrayInputStream(encoded.toByteArray()),
				recordingInto(decoding));
		assertThat(decoder.read()).isEqualTo(DATA[0] & 0xFF);
		assertThat(decoder.skip(99)).isEqualTo(99);
		byte[] rest = decoder.readAllBytes();
		assertThat(decoding).isEmpty();
		decoder.close();
		decoder.close();
		assertThat(rest).hasSize(DATA.length - 100).isEqualTo(Arrays.copyOfRange(DATA, 100, DATA.length));
		assertThat(decoding).singleElement().satisfies((measurement) -> {
			assertThat(measurement.identityBytes()).isEqualTo(encoding.get(0).identityBytes());
			assertThat(measurement.encodedBytes()).isEqualTo(encoding.get(0).encodedBytes());
			assertThat(measurement.codecNanos()).isNotNegative();
		});
	}

	@Test
	void measuresAnEmptyBody() throws IOException {
		List<Measurement> measurements = new ArrayList<>();
		byte[] encoded = Codecs.encode(Codecs.GZIP_1, new byte[0]);
		try (InputStream decoder = CodecStreams.measuredDecoder(Codecs.GZIP_1, new ByteArrayInputStream(encoded),
				recordingInto(measurements))) {
			assertThat(decoder.read()).isEqualTo(-1);
		}
		assertThat(measurements).singleElement().satisfies((measurement) -> {
			assertThat(measurement.identityBytes()).isZero();
			assertThat(measurement.encodedBytes()).isEqualTo(encoded.length);
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("encoders")
	void doesNotMeasureADecoderClosedBeforeTheEnd(ContentCodec codec) throws IOException {
		byte[] encoded = Codecs.encode(codec, DATA);
		List<Measurement> measurements = new ArrayList<>();
		InputStream decoder = CodecStreams.measuredDecoder(codec, new ByteArrayInputStream(encoded),
				recordingInto(measurements));
		decoder.readNBytes(DATA.length);
		decoder.close();
		assertThat(measurements).isEmpty();
	}

	@Test
	void doesNotMeasureADecoderThatFailed() throws IOException {
		byte[] truncated = Arrays.copyOf(Codecs.encode(Codecs.GZIP_1, DATA), 1000);
		List<Measurement> measurements = new ArrayList<>();
		InputStream decoder = CodecStreams.measuredDecoder(Codecs.GZIP_1, new ByteArrayInputStream(truncated),
				recordingInto(measurements));
		assertThatExceptionOfType(CorruptContentException.class).isThrownBy(decoder::readAllBytes);
		decoder.close();
		assertThat(measurements).isEmpty();
	}

	@Test
	void doesNotMeasureAnEncoderThatWasNotClosed() throws IOException {
		List<Measurement> measurements = new ArrayList<>();
		OutputStream encoder = CodecStreams.measuredEncoder(Codecs.LZF, new ByteArrayOutputStream(),
				recordingInto(measurements));
		encoder.write(DATA);
		encoder.flush();
		assertThat(measurements).isEmpty();
	}

	@Test
	void closesTheTargetAndTheSource() throws IOException {
		ClosingOutputStream target = new ClosingOutputStream();
		CodecStreams.measuredEncoder(Codecs.GZIP_1, target, (identity, encoded, nanos) -> {
		}).close();
		assertThat(target.closed).isTrue();
		TrackedInputStream source = new TrackedInputStream(target.toByteArray());
		CodecStreams.measuredDecoder(Codecs.GZIP_1, source, (identity, encoded, nanos) -> {
		}).close();
		assertThat(source.closed).isTrue();
	}

	@ParameterizedTest
	@ValueSource(ints = { 0, 1, 100, 8192, 150_000 })
	void readsABodyOfExactlyTheLimit(int limit) throws IOException {
		byte[] body = Arrays.copyOf(DATA, limit);
		try (InputStream limited = CodecStreams.limited(new ByteArrayInputStream(body), "lzf", limit)) {
			assertThat(limited.readAllBytes()).isEqualTo(body);
			assertThat(limited.read()).isEqualTo(-1);
		}
	}

	@ParameterizedTest
	@ValueSource(ints = { 0, 1, 100, 8192, 149_999 })
	void failsOnceMoreThanTheLimitIsRead(int limit) throws IOException {
		InputStream limited = CodecStreams.limited(new ByteArrayInputStream(DATA), "gzip", limit);
		byte[] buffer = new byte[1000];
		long delivered = 0;
		try {
			for (int n = limited.read(buffer); n != -1; n = limited.read(buffer)) {
				delivered += n;
			}
		}
		catch (ContentTooLargeException ex) {
			assertThat(ex.getLimit()).isEqualTo(limit);
			assertThat(ex.getCoding()).isEqualTo("gzip");
			assertThat(ex.getMessage()).contains("gzip").contains(String.valueOf(limit));
		}
		assertThat(delivered).isLessThanOrEqualTo(limit).isGreaterThan(limit - buffer.length);
		assertThatExceptionOfType(ContentTooLargeException.class).isThrownBy(() -> limited.read(buffer));
	}

	@Test
	void failsOnceMoreThanTheLimitIsReadByteByByte() throws IOException {
		InputStream limited = CodecStreams.limited(new ByteArrayInputStream(DATA), "lzf", 10);
		for (int i = 0; i < 10; i++) {
			assertThat(limited.read()).isEqualTo(DATA[i] & 0xFF);
		}
		assertThatExceptionOfType(ContentTooLargeException.class).isThrownBy(limited::read);
		assertThatExceptionOfType(ContentTooLargeException.class).isThrownBy(limited::read);
	}

	@Test
	void failsOnceMoreThanTheLimitIsSkipped() throws IOException {
		InputStream limited = CodecStreams.limited(new ByteArrayInputStream(DATA), "lzf", 1000);
		assertThat(limited.skip(1000)).isEqualTo(1000);
		assertThatExceptionOfType(ContentTooLargeException.class).isThrownBy(() -> limited.skip(10));
	}

	@Test
	void readsEverythingWithTheLargestLimit() throws IOException {
		InputStream limited = CodecStreams.limited(new ByteArrayInputStream(DATA), "lzf", Long.MAX_VALUE);
		assertThat(limited.skip(10)).isEqualTo(10);
		assertThat(limited.readAllBytes()).hasSize(DATA.length - 10);
	}

	@Test
	void rejectsANegativeLimit() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> CodecStreams.limited(new ByteArrayInputStream(DATA), "lzf", -1));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("encoders")
	void stopsADecompressionBombAtTheLimit(ContentCodec codec) throws IOException {
		byte[] bomb = encodeZeros(codec, 20 * 1024 * 1024);
		TrackedInputStream source = new TrackedInputStream(bomb);
		InputStream limited = CodecStreams.limited(codec.decoder(source), codec.coding(), 1024 * 1024);
		byte[] buffer = new byte[8192];
		assertThatExceptionOfType(ContentTooLargeException.class).isThrownBy(() -> {
			while (limited.read(buffer) != -1) {
				// drain
			}
		});
		assertThat(source.read).isLessThan(bomb.length / 2);
	}

	private static byte[] encodeZeros(ContentCodec codec, int size) throws IOException {
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		byte[] zeros = new byte[65536];
		try (OutputStream encoder = codec.encoder(encoded)) {
			for (int written = 0; written < size; written += zeros.length) {
				encoder.write(zeros);
			}
		}
		return encoded.toByteArray();
	}

	private static CodecStreams.Completion recordingInto(List<Measurement> measurements) {
		return (identity, encoded, nanos) -> measurements.add(new Measurement(identity, encoded, nanos));
	}

	private record Measurement(long identityBytes, long encodedBytes, long codecNanos) {
	}

	private static final class ClosingOutputStream extends ByteArrayOutputStream {

		private boolean closed;

		@Override
		public void close() {
			this.closed = true;
		}

	}

	private static final class TrackedInputStream extends ByteArrayInputStream {

		private long read;

		private boolean closed;

		TrackedInputStream(byte[] bytes) {
			super(bytes);
		}

		@Override
		public synchronized int read(byte[] bytes, int offset, int length) {
			int n = super.read(bytes, offset, length);
			this.read += Math.max(n, 0);
			return n;
		}

		@Override
		public synchronized int read() {
			int b = super.read();
			this.read += (b == -1) ? 0 : 1;
			return b;
		}

		@Override
		public void close() {
			this.closed = true;
		}

	}

}
