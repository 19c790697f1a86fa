package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class Lz4FrameEncoderStreamTests {

	private final Lz4Codec codec = new Lz4Codec(1);

	@Test
	void writesAFrameWithAContentChecksum() throws IOException {
		byte[] frame = encode(new byte[] { 1, 2, 3 });
		assertThat(frame[4] & 0x04).as("content checksum flag").isEqualTo(0x04);
		assertThat(decode(frame)).containsExactly(1, 2, 3);
	}

	@Test
	void rejectsABodyAlteredWhereItStillDecodes() throws IOException {
		byte[] body = new byte[10_000];
		new SplittableRandom(7).nextBytes(body);
		byte[] frame = encode(body);
		frame[frame.length / 2] ^= 0x01;
		assertThatExceptionOfType(CorruptContentException.class).isThrownBy(() -> decode(frame))
			.withMessageContaining("checksum");
	}

	private byte[] encode(byte[] body) throws IOException {
		ByteArrayOutputStream frame = new ByteArrayOutputStream();
		try (OutputStream encoder = this.codec.encoder(frame)) {
			encoder.write(body);
		}
		return frame.toByteArray();
	}

	private byte[] decode(byte[] frame) throws IOException {
		try (InputStream decoder = this.codec.decoder(new ByteArrayInputStream(frame))) {
			return decoder.readAllBytes();
		}
	}

}
