package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import net.jpountz.lz4.LZ4FrameOutputStream;
import net.jpountz.xxhash.XXHashFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class Lz4FrameStreamsTests {

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

	@ParameterizedTest
	@ValueSource(strings = { "6001", "5999", "0", "9223372036854775807", "9223372036854775808",
			"18446744073709551615" })
	void rejectsAFrameWhoseDeclaredContentSizeIsNotWhatItHolds(String declared) throws IOException {
		byte[] frame = withContentSize(Payload.JSON.bytes(6000), Long.parseUnsignedLong(declared));
		assertThatExceptionOfType(CorruptContentException.class).isThrownBy(() -> decode(frame))
			.withMessageContaining("frame holds 6000 bytes, its header says " + declared);
	}

	@Test
	void decodesAFrameThatDeclaresItsContentSize() throws IOException {
		byte[] body = Payload.JSON.bytes(6000);
		assertThat(decode(withContentSize(body, body.length))).isEqualTo(body);
	}

	/**
	 * Encodes {@code body} in a frame whose descriptor declares {@code declared} bytes of content
	 * (unsigned), with the descriptor's checksum made right for it.
	 */
	private static byte[] withContentSize(byte[] body, long declared) throws IOException {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try (OutputStream encoder = new LZ4FrameOutputStream(out, LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB, body.length,
				LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE, LZ4FrameOutputStream.FLG.Bits.CONTENT_SIZE)) {
			encoder.write(body);
		}
		byte[] frame = out.toByteArray();
		assertThat(frame[4] & 0x08).as("content size flag").isEqualTo(0x08);
		for (int i = 0; i < 8; i++) {
			frame[6 + i] = (byte) (declared >>> (8 * i));
		}
		frame[14] = (byte) (XXHashFactory.fastestInstance().hash32().hash(frame, 4, 10, 0) >>> 8);
		return frame;
	}

	@Test
	void decodesIndependentBlocksOfAtMost64KbInPooledDirectBuffers() throws IOException {
		byte[] body = Payload.JSON.bytes(300_000);
		try (Lz4FrameDecoderStream decoder = new Lz4FrameDecoderStream(new ByteArrayInputStream(encode(body)))) {
			assertThat(decoder.readNBytes(1)).containsExactly(body[0]);
			assertThat(decoder.directBlocks).isNotNull();
			assertThat(decoder.directBlocks.context().output.isDirect()).isTrue();
			assertThat(decoder.readAllBytes()).isEqualTo(Arrays.copyOfRange(body, 1, body.length));
		}
	}

	/**
	 * A decoder gives its pooled direct buffers back when it closes: of the decoders opened
	 * after it, as many as the pool holds, one is lent them again.
	 */
	@Test
	void givesItsPooledDirectBuffersBackWhenClosed() throws IOException {
		byte[] frame = encode(Payload.JSON.bytes(100_000));
		NativeContextPool.Context<?> used;
		try (Lz4FrameDecoderStream decoder = new Lz4FrameDecoderStream(new ByteArrayInputStream(frame))) {
			assertThat(decoder.readNBytes(1)).hasSize(1);
			used = decoder.directBlocks.context();
		}
		List<Lz4FrameDecoderStream> next = new ArrayList<>();
		try {
			for (int i = 0; i < NativeContextPool.DEFAULT_CAPACITY; i++) {
				Lz4FrameDecoderStream decoder = new Lz4FrameDecoderStream(new ByteArrayInputStream(frame));
				next.add(decoder);
				assertThat(decoder.readNBytes(1)).hasSize(1);
			}
			assertThat(next).anySatisfy((decoder) -> assertThat(decoder.directBlocks.context()).isSameAs(used));
		}
		finally {
			for (Lz4FrameDecoderStream decoder : next) {
				decoder.close();
			}
		}
	}

	@Test
	void decodesLargerBlocksInArrays() throws IOException {
		byte[] body = Payload.JSON.bytes(300_000);
		for (LZ4FrameOutputStream.BLOCKSIZE blockSize : LZ4FrameOutputStream.BLOCKSIZE.values()) {
			ByteArrayOutputStream frame = new ByteArrayOutputStream();
			try (OutputStream encoder = new LZ4FrameOutputStream(frame, blockSize,
					LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE, LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM)) {
				encoder.write(body);
			}
			try (Lz4FrameDecoderStream decoder = new Lz4FrameDecoderStream(
					new ByteArrayInputStream(frame.toByteArray()))) {
				assertThat(decoder.readAllBytes()).as("%s blocks", blockSize).isEqualTo(body);
				assertThat(decoder.directBlocks != null).as("%s blocks in direct buffers", blockSize)
					.isEqualTo(blockSize == LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB);
			}
		}
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
