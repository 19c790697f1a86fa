package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.FutureTask;
import java.util.stream.Stream;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import org.junit.jupiter.api.Test;

import org.springframework.test.util.ReflectionTestUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The {@code dcz} coding against RFC 9842's layout and zstd-jni used directly.
 */
class DczCodecTests {

	private static final byte[] PREVIOUS = Payload.JSON.bytes(1_600_000);

	private static final byte[] CURRENT = Codecs.nextVersion(PREVIOUS);

	private static final DczCodec DCZ = new DczCodec(NativeCodecs.ZSTD, PREVIOUS, DczCodec.sha256(PREVIOUS));

	@Test
	void bodyStartsWithTheMagicNumberAndTheDictionaryHash() throws IOException {
		byte[] encoded = Codecs.encode(DCZ, CURRENT);
		assertThat(HexFormat.of().formatHex(encoded, 0, 8)).isEqualTo("5e2a4d1820000000");
		assertThat(Arrays.copyOfRange(encoded, 8, 40)).isEqualTo(DczCodec.sha256(PREVIOUS));
	}

	@Test
	void frameAfterTheHeaderDecodesWithZstdJniAndTheRawDictionary() throws IOException {
		byte[] encoded = Codecs.encode(DCZ, CURRENT);
		try (ZstdDecompressCtx ctx = new ZstdDecompressCtx()) {
			ctx.loadDict(PREVIOUS);
			byte[] frame = Arrays.copyOfRange(encoded, DczCodec.HEADER_LENGTH, encoded.length);
			assertThat(ctx.decompress(frame, CURRENT.length)).isEqualTo(CURRENT);
		}
	}

	@Test
	void aNearIdenticalVersionTakesAFractionOfPlainZstd() throws IOException {
		byte[] dcz = Codecs.encode(DCZ, CURRENT);
		byte[] zstd = Codecs.encode(NativeCodecs.ZSTD, CURRENT);
		assertThat(dcz.length * 20).isLessThan(zstd.length);
	}

	@Test
	void decodesWhatItEncodesAlsoWhenTheBodyTrickles() throws IOException {
		byte[] encoded = Codecs.encode(DCZ, CURRENT);
		assertThat(Codecs.decode(DCZ, encoded)).isEqualTo(CURRENT);
		assertThat(NativeCodecs.decode(DCZ, NativeCodecs.trickle(encoded))).isEqualTo(CURRENT);
	}

	@Test
	void oneInstancePreparesItsDictionaryOnceForConcurrentEncodersAndDecoders() throws Exception {
		ContentCodec fresh = new DczCodec(NativeCodecs.ZSTD, PREVIOUS, DczCodec.sha256(PREVIOUS));
		assertThat(Codecs.roundTripsConcurrently(fresh, CURRENT, 4))
			.allSatisfy((result) -> assertThat(result).isEqualTo(CURRENT));
	}

	@Test
	void decodesAFrameWrittenByZstdJniAgainstTheRawDictionary() throws IOException {
		byte[] frame;
		try (ZstdCompressCtx ctx = new ZstdCompressCtx()) {
			ctx.setLevel(3).setWindowLog(23).loadDict(PREVIOUS);
			frame = ctx.compress(CURRENT);
		}
		byte[] header = Arrays.copyOf(Codecs.encode(DCZ, new byte[0]), DczCodec.HEADER_LENGTH);
		assertThat(Codecs.decode(DCZ, Codecs.concat(header, frame))).isEqualTo(CURRENT);
	}

	@Test
	void aHeaderNamingAnotherDictionaryIsCorrupt() throws IOException {
		byte[] other = "another dictionary".getBytes(StandardCharsets.UTF_8);
		byte[] encoded = Codecs.encode(new DczCodec(NativeCodecs.ZSTD, other, DczCodec.sha256(other)), CURRENT);
		assertThatExceptionOfType(CorruptContentException.class).isThrownBy(() -> Codecs.decode(DCZ, encoded))
			.withMessageContaining("dcz");
	}

	@Test
	void aTruncatedHeaderIsCorrupt() throws IOException {
		byte[] encoded = Codecs.encode(DCZ, CURRENT);
		assertThatExceptionOfType(CorruptContentException.class)
			.isThrownBy(() -> Codecs.decode(DCZ, Arrays.copyOf(encoded, 20)));
	}

	@Test
	void plainZstdFromAPooledContextIsNotTiedToAnEarlierDictionary() throws IOException {
		try (ZstdCodec zstd = new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW)) {
			Codecs.encode(new DczCodec(zstd, PREVIOUS, DczCodec.sha256(PREVIOUS)), CURRENT);
			byte[] plain = Codecs.encode(zstd, CURRENT);
			assertThat(Zstd.decompress(plain, CURRENT.length)).isEqualTo(CURRENT);
		}
	}

	@Test
	void aFrameDemandingAWindowAboveEightMegabytesForASmallDictionaryIsRefused() throws IOException {
		byte[] sixteenMegabyteWindow = { 0x28, (byte) 0xb5, 0x2f, (byte) 0xfd, 0x00, 0x70, 0, 0, 0 };
		byte[] header = Arrays.copyOf(Codecs.encode(DCZ, new byte[0]), DczCodec.HEADER_LENGTH);
		assertThatExceptionOfType(ContentTooLargeException.class)
			.isThrownBy(() -> Codecs.decode(DCZ, Codecs.concat(header, sixteenMegabyteWindow)));
	}

	/**
	 * zstd takes over a second to index 4 MB at level 19. Prepared from the {@code byte[]}, the
	 * dictionary was held in a JNI critical region meanwhile, and on JDKs before 22 G1 does not
	 * collect while a thread is in one: collections were put off until the preparation ended
	 * ({@code System.gc()} returned without collecting), and under load other threads failed to
	 * allocate (an {@link OutOfMemoryError} with heap to spare). Prepared from a direct copy, the
	 * collection runs.
	 */
	@Test
	void garbageCollectionDoesNotWaitForADictionaryToBePrepared() throws Exception {
		byte[] dictionary = Payload.JSON.bytes(4 * 1024 * 1024);
		try (ZstdCodec zstd = new ZstdCodec(19, ZstdCodec.DEFAULT_MAX_WINDOW)) {
			DczCodec dcz = new DczCodec(zstd, dictionary, DczCodec.sha256(dictionary));
			FutureTask<byte[]> encoding = new FutureTask<>(
					() -> Codecs.encode(dcz, "{\"id\":1}".getBytes(StandardCharsets.UTF_8)));
			Thread preparing = new Thread(encoding, "dcz-preparation");
			preparing.start();
			while (!preparingDictionary(preparing)) {
				assertThat(encoding.isDone()).as("prepared before the test saw it preparing").isFalse();
				Thread.sleep(1);
			}
			long collections = collections();
			System.gc();
			assertThat(preparingDictionary(preparing)).as("still preparing when the collection is over").isTrue();
			assertThat(collections()).as("collections while preparing").isGreaterThan(collections);
			assertThat(encoding.get()).startsWith(Arrays.copyOf(Codecs.encode(dcz, new byte[0]), 8));
		}
	}

	private static long collections() {
		return ManagementFactory.getGarbageCollectorMXBeans()
			.stream()
			.mapToLong(GarbageCollectorMXBean::getCollectionCount)
			.sum();
	}

	/**
	 * A dictionary dropped by its store must be collectable although the contexts that encoded
	 * and decoded with it are idle in the codec's pools: zstd-jni keeps a reference to the last
	 * prepared dictionary of a context that is only reset.
	 */
	@Test
	void pooledContextsKeepNoDictionaryAliveOnceItsCodingIsDropped() throws Exception {
		ZstdCodec zstd = new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW);
		try {
			List<WeakReference<Object>> prepared = encodeAndDecodeOnce(zstd);
			for (int i = 0; i < 100 && prepared.stream().anyMatch((reference) -> reference.get() != null); i++) {
				System.gc();
				Thread.sleep(20);
			}
			assertThat(prepared).allSatisfy((reference) -> assertThat(reference.get()).isNull());
		}
		finally {
			zstd.close();
		}
	}

	@Test
	void pooledContextOfADictionaryStreamClosedMidFrameIsReused() throws IOException {
		NativeContextPool<ZstdDecompressCtx> pool = NativeContextPool.decompression(2);
		byte[] frame;
		try (ZstdCompressCtx ctx = new ZstdCompressCtx()) {
			frame = ctx.setLevel(4).loadDict(PREVIOUS).compress(CURRENT);
		}
		ZstdDecoderStream stream = new ZstdDecoderStream(DczCodec.CODING, new ByteArrayInputStream(frame), pool,
				ZstdCodec.dictionaryWindow(PREVIOUS.length), null, new ZstdDictDecompress(PREVIOUS));
		assertThat(stream.readNBytes(1000)).isEqualTo(Arrays.copyOf(CURRENT, 1000));
		Object used = ReflectionTestUtils.getField(stream, "context");
		stream.close();
		assertThat(pool.borrow(this).context()).isSameAs(used);
		pool.close();
	}

	private static List<WeakReference<Object>> encodeAndDecodeOnce(ZstdCodec zstd) throws IOException {
		DczCodec dcz = new DczCodec(zstd, PREVIOUS, DczCodec.sha256(PREVIOUS));
		assertThat(Codecs.decode(dcz, Codecs.encode(dcz, CURRENT))).isEqualTo(CURRENT);
		return Stream.of("compressionDictionary", "decompressionDictionary")
			.map((field) -> new WeakReference<Object>(
					((PreparedOnce<?>) ReflectionTestUtils.getField(dcz, field)).get()))
			.toList();
	}

	private static boolean preparingDictionary(Thread thread) {
		return Arrays.stream(thread.getStackTrace())
			.anyMatch((frame) -> frame.getClassName().equals(ZstdDictCompress.class.getName())
					&& frame.getMethodName().startsWith("init"));
	}

	@Test
	void bytesStartingWithZstdsDictionaryMagicAreNotUsable() {
		byte[] formatted = { 0x37, (byte) 0xa4, 0x30, (byte) 0xec, 1, 2, 3 };
		assertThat(DczCodec.usableAsDictionary(formatted)).isFalse();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new DczCodec(NativeCodecs.ZSTD, formatted, DczCodec.sha256(formatted)));
	}

}
