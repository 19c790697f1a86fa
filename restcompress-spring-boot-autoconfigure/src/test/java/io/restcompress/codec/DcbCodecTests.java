package io.restcompress.codec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

import com.aayushatharva.brotli4j.decoder.Decoder;
import com.aayushatharva.brotli4j.encoder.BrotliOutputStream;
import com.aayushatharva.brotli4j.encoder.Encoder;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The {@code dcb} coding against RFC 9842's layout and brotli's own shared-dictionary API
 * (through brotli4j, without the codec).
 */
class DcbCodecTests {

	private static final byte[] PREVIOUS = Payload.JSON.bytes(1_600_000);

	private static final byte[] CURRENT = Codecs.nextVersion(PREVIOUS);

	private static final DcbCodec DCB = new DcbCodec(NativeCodecs.BROTLI, PREVIOUS, DczCodec.sha256(PREVIOUS));

	@Test
	void aCodecMadeButNeverUsedTakesNoDirectMemory() {
		byte[] dictionary = Payload.JSON.bytes(1024 * 1024);
		long before = directMemoryUsed();
		List<DcbCodec> unused = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			unused.add(new DcbCodec(NativeCodecs.BROTLI, dictionary, DczCodec.sha256(dictionary)));
		}
		assertThat(directMemoryUsed() - before).as("direct memory taken by %s", unused)
			.isLessThan(dictionary.length);
	}

	private static long directMemoryUsed() {
		return ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)
			.stream()
			.filter((pool) -> pool.getName().equals("direct"))
			.mapToLong(BufferPoolMXBean::getMemoryUsed)
			.sum();
	}

	@Test
	void bodyStartsWithTheMagicNumberAndTheDictionaryHash() throws IOException {
		byte[] encoded = Codecs.encode(DCB, CURRENT);
		assertThat(HexFormat.of().formatHex(encoded, 0, 4)).isEqualTo("ff444342");
		assertThat(Arrays.copyOfRange(encoded, 4, 36)).isEqualTo(DczCodec.sha256(PREVIOUS));
	}

	@Test
	void streamAfterTheHeaderIsNotPlainBrotli() throws IOException {
		byte[] encoded = Codecs.encode(DCB, CURRENT);
		byte[] stream = Arrays.copyOfRange(encoded, DcbCodec.HEADER_LENGTH, encoded.length);
		assertThat(Decoder.decompress(stream).getDecompressedData()).isNotEqualTo(CURRENT);
	}

	@Test
	void aNearIdenticalVersionTakesAFractionOfPlainBrotli() throws IOException {
		byte[] dcb = Codecs.encode(DCB, CURRENT);
		byte[] br = Codecs.encode(NativeCodecs.BROTLI, CURRENT);
		assertThat(dcb.length * 20).isLessThan(br.length);
	}

	@Test
	void decodesWhatItEncodesAlsoWhenTheBodyTrickles() throws IOException {
		byte[] encoded = Codecs.encode(DCB, CURRENT);
		assertThat(Codecs.decode(DCB, encoded)).isEqualTo(CURRENT);
		assertThat(NativeCodecs.decode(DCB, NativeCodecs.trickle(encoded))).isEqualTo(CURRENT);
	}

	@Test
	void decodesAStreamWrittenByBrotliAgainstTheRawDictionaryWithASixteenMegabyteWindow() throws IOException {
		ByteBuffer dictionary = ByteBuffer.allocateDirect(PREVIOUS.length).put(PREVIOUS).flip();
		ByteArrayOutputStream stream = new ByteArrayOutputStream();
		stream.write(Arrays.copyOf(Codecs.encode(DCB, new byte[0]), DcbCodec.HEADER_LENGTH));
		try (BrotliOutputStream encoder = new BrotliOutputStream(stream,
				new Encoder.Parameters().setQuality(9).setWindow(24))) {
			encoder.attachDictionary(Encoder.prepareDictionary(dictionary, 0));
			encoder.write(CURRENT);
		}
		assertThat(Codecs.decode(DCB, stream.toByteArray())).isEqualTo(CURRENT);
	}

	@Test
	void sameInstanceEncodesConcurrently() throws Exception {
		ContentCodec fresh = new DcbCodec(NativeCodecs.BROTLI, PREVIOUS, DczCodec.sha256(PREVIOUS));
		assertThat(Codecs.roundTripsConcurrently(fresh, CURRENT, 4))
			.allSatisfy((result) -> assertThat(result).isEqualTo(CURRENT));
	}

	@Test
	void aHeaderNamingAnotherDictionaryIsCorrupt() throws IOException {
		byte[] other = "another dictionary".getBytes(StandardCharsets.UTF_8);
		byte[] encoded = Codecs.encode(new DcbCodec(NativeCodecs.BROTLI, other, DczCodec.sha256(other)), CURRENT);
		assertThatExceptionOfType(CorruptContentException.class).isThrownBy(() -> Codecs.decode(DCB, encoded))
			.withMessageContaining("dcb")
			.withMessageContaining("dictionary");
	}

	@Test
	void aTruncatedHeaderIsCorrupt() throws IOException {
		byte[] encoded = Codecs.encode(DCB, CURRENT);
		assertThatExceptionOfType(CorruptContentException.class)
			.isThrownBy(() -> Codecs.decode(DCB, Arrays.copyOf(encoded, 20)))
			.withMessageContaining("truncated header");
	}

	@Test
	void aTruncatedStreamIsCorrupt() throws IOException {
		byte[] encoded = Codecs.encode(DCB, CURRENT);
		assertThatExceptionOfType(CorruptContentException.class)
			.isThrownBy(() -> Codecs.decode(DCB, Arrays.copyOf(encoded, encoded.length - 3)));
	}

	@Test
	void aLargeWindowStreamIsRefused() throws IOException {
		byte[] header = Arrays.copyOf(Codecs.encode(DCB, new byte[0]), DcbCodec.HEADER_LENGTH);
		byte[] largeWindow = { 0x11, 0x1e, 0x00 };
		assertThatExceptionOfType(CorruptContentException.class)
			.isThrownBy(() -> Codecs.decode(DCB, Codecs.concat(header, largeWindow)))
			.withMessageContaining("large-window");
	}

	@Test
	void emptyBodyEncodesAndDecodes() throws IOException {
		assertThat(Codecs.decode(DCB, Codecs.encode(DCB, new byte[0]))).isEmpty();
	}

}
