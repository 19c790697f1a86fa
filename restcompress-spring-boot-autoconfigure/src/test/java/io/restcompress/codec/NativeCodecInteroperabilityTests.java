package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import com.aayushatharva.brotli4j.decoder.Decoder;
import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import com.aayushatharva.brotli4j.decoder.DirectDecompress;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import net.jpountz.lz4.LZ4FrameInputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each codec against its reference library, in both directions.
 */
class NativeCodecInteroperabilityTests {

	private static final byte[] BODY = Payload.JSON.bytes(300_000);

	@Test
	void zstdFramesDecodeWithZstdJni() throws IOException {
		byte[] frame = Codecs.encode(NativeCodecs.ZSTD, BODY);
		assertThat(Zstd.decompress(frame, BODY.length)).isEqualTo(BODY);
	}

	@Test
	void zstdDecodesFramesFromZstdJni() throws IOException {
		assertThat(Codecs.decode(NativeCodecs.ZSTD, Zstd.compress(BODY, 3))).isEqualTo(BODY);
		assertThat(Codecs.decode(NativeCodecs.ZSTD, Zstd.compress(BODY, 19))).isEqualTo(BODY);
		ByteArrayOutputStream target = new ByteArrayOutputStream();
		try (ZstdOutputStreamNoFinalizer encoder = new ZstdOutputStreamNoFinalizer(target, 6)) {
			encoder.setChecksum(true);
			encoder.write(BODY);
		}
		assertThat(Codecs.decode(NativeCodecs.ZSTD, target.toByteArray())).isEqualTo(BODY);
	}

	@Test
	void zstdDecodesConcatenatedAndSkippableFrames() throws IOException {
		byte[] skippable = { 0x50, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 1, 2, 3 };
		byte[] small = Payload.XML.bytes(100);
		byte[] frames = Codecs.concat(Zstd.compress(BODY, 1), skippable, Codecs.encode(NativeCodecs.ZSTD, small));
		assertThat(Codecs.decode(NativeCodecs.ZSTD, frames)).isEqualTo(Codecs.concat(BODY, small));
		assertThat(NativeCodecs.decode(NativeCodecs.ZSTD, NativeCodecs.trickle(frames))).isEqualTo(Codecs.concat(BODY, small));
	}

	@Test
	void zstdSkipsFramesOfEachOfTheSixteenSkippableMagicNumbers() throws IOException {
		byte[] small = Payload.XML.bytes(100);
		for (int variant = 0; variant < 16; variant++) {
			byte[] skippable = { (byte) (0x50 | variant), 0x2A, 0x4D, 0x18, 2, 0, 0, 0, 9, 9 };
			assertThat(Codecs.decode(NativeCodecs.ZSTD, Codecs.concat(skippable, Zstd.compress(small, 3))))
				.as("magic 0x184D2A5%X", variant)
				.isEqualTo(small);
		}
	}

	@Test
	void lz4SkipsFramesOfEachOfTheSixteenSkippableMagicNumbers() throws IOException {
		byte[] small = Payload.XML.bytes(100);
		for (int variant = 0; variant < 16; variant++) {
			byte[] skippable = { (byte) (0x50 | variant), 0x2A, 0x4D, 0x18, 2, 0, 0, 0, 9, 9 };
			assertThat(Codecs.decode(NativeCodecs.LZ4, Codecs.concat(skippable, Codecs.encode(NativeCodecs.LZ4, small))))
				.as("magic 0x184D2A5%X", variant)
				.isEqualTo(small);
		}
	}

	@Test
	void brotliStreamsDecodeWithBrotli4j() throws IOException {
		DirectDecompress result = Decoder.decompress(Codecs.encode(NativeCodecs.BROTLI, BODY));
		assertThat(result.getResultStatus()).isEqualTo(DecoderJNI.Status.DONE);
		assertThat(result.getDecompressedData()).isEqualTo(BODY);
	}

	@Test
	void brotliDecodesStreamsFromBrotli4j() throws IOException {
		for (int quality : new int[] { 0, 1, 4, 9, 11 }) {
			byte[] stream = Encoder.compress(BODY, new Encoder.Parameters().setQuality(quality));
			assertThat(Codecs.decode(NativeCodecs.BROTLI, stream)).as("quality %d", quality).isEqualTo(BODY);
		}
	}

	@Test
	void lz4FramesDecodeWithLz4Java() throws IOException {
		byte[] frame = Codecs.encode(NativeCodecs.LZ4, BODY);
		try (InputStream decoder = new LZ4FrameInputStream(new ByteArrayInputStream(frame))) {
			assertThat(decoder.readAllBytes()).isEqualTo(BODY);
		}
	}

	@Test
	void lz4DecodesFramesFromLz4Java() throws IOException {
		for (LZ4FrameOutputStream.BLOCKSIZE blockSize : LZ4FrameOutputStream.BLOCKSIZE.values()) {
			ByteArrayOutputStream target = new ByteArrayOutputStream();
			try (LZ4FrameOutputStream encoder = new LZ4FrameOutputStream(target, blockSize, BODY.length,
					LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE, LZ4FrameOutputStream.FLG.Bits.CONTENT_SIZE,
					LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM)) {
				encoder.write(BODY);
			}
			assertThat(Codecs.decode(NativeCodecs.LZ4, target.toByteArray())).as("%s", blockSize).isEqualTo(BODY);
		}
	}

	@Test
	void lz4DecodesLinkedBlocksWrittenByTheLz4Tool() throws IOException, NoSuchAlgorithmException {
		// lz4 v1.9.4: lz4 -B4 -BD -BX --content-size linked.json (96489 bytes of JSON)
		byte[] frame;
		try (InputStream resource = getClass().getResourceAsStream("linked-blocks.json.lz4")) {
			frame = resource.readAllBytes();
		}
		assertThat(frame[4] & 0x20).as("block independence flag").isZero();
		byte[] decoded = Codecs.decode(NativeCodecs.LZ4, frame);
		assertThat(decoded).hasSize(96_489).startsWith("[{\"id\": 0, \"login\": \"user912\"".getBytes());
		assertThat(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(decoded)))
			.isEqualTo("0c7d784b2b49c8348abad6b5177516269993b0eb98b81163834ee939d228dfdc");
		assertThat(NativeCodecs.decode(NativeCodecs.LZ4, NativeCodecs.trickle(frame))).isEqualTo(decoded);
	}

	@Test
	void lz4DecodesConcatenatedAndSkippableFrames() throws IOException {
		byte[] skippable = { 0x5F, 0x2A, 0x4D, 0x18, 2, 0, 0, 0, 9, 9 };
		byte[] small = Payload.XML.bytes(100);
		byte[] frames = Codecs.concat(Codecs.encode(NativeCodecs.LZ4, BODY), skippable, Codecs.encode(NativeCodecs.LZ4, small));
		assertThat(Codecs.decode(NativeCodecs.LZ4, frames)).isEqualTo(Codecs.concat(BODY, small));
	}

}
