package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.InflaterInputStream;

import com.ning.compress.lzf.LZFDecoder;
import com.ning.compress.lzf.LZFEncoder;
import com.ning.compress.lzf.LZFInputStream;
import com.ning.compress.lzf.LZFOutputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Our codecs against the reference implementations of their formats: the JDK's gzip and zlib
 * streams and compress-lzf's own streams and block coder.
 */
class CodecInteropTests {

	private static final int SIZE = 300_000;

	@ParameterizedTest
	@EnumSource(Payload.class)
	void decodesGzipFromTheJdk(Payload payload) throws IOException {
		byte[] data = payload.bytes(SIZE);
		assertThat(Codecs.decode(Codecs.GZIP_1, encodeWith(GZIPOutputStream::new, data))).isEqualTo(data);
	}

	@ParameterizedTest
	@EnumSource(Payload.class)
	void encodesGzipThatTheJdkDecodes(Payload payload) throws IOException {
		byte[] data = payload.bytes(SIZE);
		for (ContentCodec codec : new ContentCodec[] { Codecs.GZIP_1, Codecs.GZIP_9 }) {
			assertThat(readAll(new GZIPInputStream(new ByteArrayInputStream(Codecs.encode(codec, data)))))
				.isEqualTo(data);
		}
	}

	@ParameterizedTest
	@EnumSource(Payload.class)
	void decodesZlibFromTheJdk(Payload payload) throws IOException {
		byte[] data = payload.bytes(SIZE);
		assertThat(Codecs.decode(Codecs.DEFLATE, encodeWith(DeflaterOutputStream::new, data))).isEqualTo(data);
	}

	@ParameterizedTest
	@EnumSource(Payload.class)
	void encodesZlibThatTheJdkDecodes(Payload payload) throws IOException {
		byte[] data = payload.bytes(SIZE);
		byte[] encoded = Codecs.encode(Codecs.DEFLATE, data);
		assertThat(readAll(new InflaterInputStream(new ByteArrayInputStream(encoded)))).isEqualTo(data);
	}

	@ParameterizedTest
	@EnumSource(Payload.class)
	void encodesLzfThatCompressLzfDecodes(Payload payload) throws IOException {
		byte[] data = payload.bytes(SIZE);
		byte[] encoded = Codecs.encode(Codecs.LZF, data);
		assertThat(readAll(new LZFInputStream(new ByteArrayInputStream(encoded)))).isEqualTo(data);
		assertThat(LZFDecoder.decode(encoded)).isEqualTo(data);
	}

	@ParameterizedTest
	@EnumSource(Payload.class)
	void decodesLzfFromCompressLzf(Payload payload) throws IOException {
		byte[] data = payload.bytes(SIZE);
		assertThat(Codecs.decode(Codecs.LZF, encodeWith(LZFOutputStream::new, data))).isEqualTo(data);
		assertThat(Codecs.decode(Codecs.LZF, LZFEncoder.encode(data))).isEqualTo(data);
	}

	private static byte[] encodeWith(EncoderFactory factory, byte[] data) throws IOException {
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		try (OutputStream encoder = factory.encoder(encoded)) {
			encoder.write(data);
		}
		return encoded.toByteArray();
	}

	private static byte[] readAll(InputStream decoder) throws IOException {
		try (decoder) {
			return decoder.readAllBytes();
		}
	}

	@FunctionalInterface
	private interface EncoderFactory {

		OutputStream encoder(OutputStream target) throws IOException;

	}

}
