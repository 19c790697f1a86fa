package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Named;

/**
 * The built-in codecs as test parameters, and whole-array encoding and decoding with them.
 */
final class Codecs {

	static final ContentCodec LZF = new LzfCodec();

	static final ContentCodec GZIP_1 = new GzipCodec(1);

	static final ContentCodec GZIP_9 = new GzipCodec(9);

	static final ContentCodec DEFLATE = new DeflateCodec(6);

	private Codecs() {
	}

	/**
	 * Every codec, with gzip at its fastest and smallest levels.
	 */
	static Stream<Named<ContentCodec>> encoders() {
		return Stream.of(Named.of("lzf", LZF), Named.of("gzip-1", GZIP_1), Named.of("gzip-9", GZIP_9),
				Named.of("deflate", DEFLATE));
	}

	/**
	 * One codec per coding, for decoder tests.
	 */
	static Stream<Named<ContentCodec>> decoders() {
		return Stream.of(Named.of("lzf", LZF), Named.of("gzip", GZIP_1), Named.of("deflate", DEFLATE));
	}

	static byte[] encode(ContentCodec codec, byte[] data) throws IOException {
		ByteArrayOutputStream encoded = new ByteArrayOutputStream(data.length / 2 + 64);
		try (OutputStream encoder = codec.encoder(encoded)) {
			encoder.write(data);
		}
		return encoded.toByteArray();
	}

	static byte[] decode(ContentCodec codec, byte[] encoded) throws IOException {
		try (InputStream decoder = codec.decoder(new ByteArrayInputStream(encoded))) {
			return decoder.readAllBytes();
		}
	}

	/**
	 * Encodes and decodes a body with one codec on several threads at once, each thread's
	 * result in its slot ({@code null} if the thread failed).
	 */
	static List<byte[]> roundTripsConcurrently(ContentCodec codec, byte[] body, int threads)
			throws InterruptedException {
		byte[][] results = new byte[threads][];
		Thread[] started = new Thread[threads];
		for (int i = 0; i < threads; i++) {
			int index = i;
			started[i] = new Thread(() -> {
				try {
					results[index] = decode(codec, encode(codec, body));
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			});
			started[i].start();
		}
		for (Thread thread : started) {
			thread.join();
		}
		return Arrays.asList(results);
	}

	static byte[] concat(byte[]... parts) {
		ByteArrayOutputStream all = new ByteArrayOutputStream();
		for (byte[] part : parts) {
			all.writeBytes(part);
		}
		return all.toByteArray();
	}

	/**
	 * The next version of a polled body: ten bytes spread over it changed.
	 */
	static byte[] nextVersion(byte[] previous) {
		byte[] current = previous.clone();
		for (int i = 1; i <= 10; i++) {
			int at = i * (current.length / 11);
			current[at] = (current[at] == 'a') ? (byte) 'b' : (byte) 'a';
		}
		return current;
	}

}
