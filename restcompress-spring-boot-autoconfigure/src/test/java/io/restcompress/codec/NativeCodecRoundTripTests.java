package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.test.util.ReflectionTestUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class NativeCodecRoundTripTests {

	private static final int[] SIZES = { 0, 1, 100, 4500, 65_535, 65_537, 1_000_000, 5 * 1024 * 1024 };

	static Stream<ContentCodec> codecs() {
		return NativeCodecs.all().stream();
	}

	static Stream<Arguments> bodies() {
		return codecs().flatMap((codec) -> Stream.of(kind("json", Payload.JSON::bytes), kind("xml", Payload.XML::bytes),
				kind("random", Payload.RANDOM::bytes))
			.flatMap((kind) -> Arrays.stream(SIZES)
				.mapToObj((size) -> Arguments.of(codec.coding(), codec, kind.name, size, kind.generator.apply(size)))));
	}

	private static Kind kind(String name, IntFunction<byte[]> generator) {
		return new Kind(name, generator);
	}

	@ParameterizedTest(name = "{0} {2} {3} bytes")
	@MethodSource("bodies")
	void decodesWhatItEncoded(String coding, ContentCodec codec, String kind, int size, byte[] body)
			throws IOException {
		byte[] encoded = Codecs.encode(codec, body);
		assertThat(Codecs.decode(codec, encoded)).isEqualTo(body);
		if (!kind.equals("random") && body.length >= 4500) {
			assertThat(encoded.length).isLessThan(body.length / 2);
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("codecs")
	void decodesFromASourceThatTrickles(ContentCodec codec) throws IOException {
		byte[] body = Payload.JSON.bytes(100_000);
		assertThat(NativeCodecs.decode(codec, NativeCodecs.trickle(Codecs.encode(codec, body)))).isEqualTo(body);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("codecs")
	void decodesBytesWrittenOneAtATime(ContentCodec codec) throws IOException {
		byte[] body = Payload.XML.bytes(10_000);
		ByteArrayOutputStream target = new ByteArrayOutputStream();
		try (OutputStream encoder = codec.encoder(target)) {
			for (byte b : body) {
				encoder.write(b);
			}
		}
		try (InputStream decoder = codec.decoder(new ByteArrayInputStream(target.toByteArray()))) {
			for (byte b : body) {
				assertThat(decoder.read()).isEqualTo(b & 0xFF);
			}
			assertThat(decoder.read()).isEqualTo(-1);
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("codecs")
	void flushMakesEverythingWrittenSoFarDecodable(ContentCodec codec) throws IOException {
		FlushCountingOutputStream target = new FlushCountingOutputStream();
		OutputStream encoder = codec.encoder(target);
		byte[] first = Payload.JSON.bytes(30_000);
		byte[] second = Payload.XML.bytes(20_000);
		encoder.write(first);
		encoder.flush();
		assertThat(target.flushes).isEqualTo(1);
		InputStream decoder = codec.decoder(new ByteArrayInputStream(target.toByteArray()));
		assertThat(decoder.readNBytes(first.length)).isEqualTo(first);
		decoder.close();
		encoder.write(second);
		encoder.flush();
		decoder = codec.decoder(new ByteArrayInputStream(target.toByteArray()));
		assertThat(decoder.readNBytes(first.length + second.length))
			.isEqualTo(Codecs.concat(first, second));
		decoder.close();
		encoder.close();
		assertThat(Codecs.decode(codec, target.toByteArray())).isEqualTo(Codecs.concat(first, second));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("codecs")
	void closingTwiceIsHarmlessAndClosesTheUnderlyingStreams(ContentCodec codec) throws IOException {
		FlushCountingOutputStream target = new FlushCountingOutputStream();
		OutputStream encoder = codec.encoder(target);
		encoder.write(Payload.JSON.bytes(1000));
		encoder.close();
		int size = target.size();
		encoder.close();
		assertThat(target.size()).isEqualTo(size);
		assertThat(target.closes).isEqualTo(1);
		assertThatIOException().isThrownBy(() -> encoder.write(1));

		CloseCountingInputStream source = new CloseCountingInputStream(target.toByteArray());
		InputStream decoder = codec.decoder(source);
		assertThat(decoder.readAllBytes()).hasSize(1000);
		decoder.close();
		decoder.close();
		assertThat(source.closes).isEqualTo(1);
	}

	/**
	 * A brotli decoder frees its native decoder when it closes, read to the end or not: brotli4j
	 * offers no reuse, and would otherwise free it only if a finalizer ran.
	 */
	@Test
	void brotliDecodersFreeTheirNativeDecoderWhenClosed() throws IOException {
		byte[] body = Payload.JSON.bytes(100_000);
		byte[] encoded = Codecs.encode(NativeCodecs.BROTLI, body);
		for (int read : new int[] { body.length, 1000 }) {
			InputStream decoder = NativeCodecs.BROTLI.decoder(new ByteArrayInputStream(encoded));
			assertThat(decoder.readNBytes(read)).hasSize(read);
			decoder.close();
			DecoderJNI.Wrapper wrapper = (DecoderJNI.Wrapper) ReflectionTestUtils.getField(decoder, "decoder");
			assertThat(wrapper).isNotNull();
			assertThatIllegalStateException().as("after reading %d bytes", read)
				.isThrownBy(wrapper::destroy)
				.withMessageContaining("already destroyed");
		}
	}

	/**
	 * A decoder closed before the end gives its pooled context back mid-stream; the decoders
	 * that reuse it start from a clean state.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("codecs")
	void decodesFromTheStartAfterDecodersWereClosedBeforeTheEnd(ContentCodec codec) throws IOException {
		byte[] body = Payload.JSON.bytes(500_000);
		byte[] encoded = Codecs.encode(codec, body);
		for (int i = 0; i < 100; i++) {
			try (InputStream decoder = codec.decoder(new ByteArrayInputStream(encoded))) {
				assertThat(decoder.readNBytes(1000 + i)).isEqualTo(Arrays.copyOf(body, 1000 + i));
			}
		}
		try (InputStream decoder = codec.decoder(new ByteArrayInputStream(encoded))) {
			assertThat(decoder.readAllBytes()).isEqualTo(body);
		}
	}

	private record Kind(String name, IntFunction<byte[]> generator) {
	}

	private static final class FlushCountingOutputStream extends ByteArrayOutputStream {

		int flushes;

		int closes;

		@Override
		public void flush() {
			this.flushes++;
		}

		@Override
		public void close() {
			this.closes++;
		}

	}

	private static final class CloseCountingInputStream extends ByteArrayInputStream {

		int closes;

		CloseCountingInputStream(byte[] bytes) {
			super(bytes);
		}

		@Override
		public void close() {
			this.closes++;
		}

	}

}
