package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.FutureTask;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gzip, deflate and lz4 codecs hand native code direct buffers. Given a {@code byte[]}, the
 * JDK's {@link Deflater} and {@link Inflater} and lz4-java's compressors hold it in a JNI
 * critical region for each call, and on JDK 17 to 21 the garbage collector waits for every
 * such region to end: a collection asked for meanwhile does not run, and under load other
 * threads fail to allocate with heap to spare. Zeros make each zlib call long (one consumes or
 * produces megabytes of them), and LZ4's strongest level takes long over each block.
 */
class CriticalRegionTests {

	private static final int ZEROS = 256 * 1024 * 1024;

	private static final int LZ4_BODY = 64 * 1024 * 1024;

	private static final int COLLECTIONS = 10;

	private static final Set<String> NATIVE_CODECS = Set.of(Deflater.class.getName(), Inflater.class.getName(),
			"net.jpountz.lz4.LZ4JNI");

	@Test
	void garbageCollectionDoesNotWaitForGzipToEncode() throws Exception {
		byte[] zeros = new byte[ZEROS];
		assertCollectsWhileNativeCodeRuns(() -> {
			ByteArrayOutputStream encoded = new ByteArrayOutputStream();
			try (OutputStream encoder = Codecs.GZIP_9.encoder(encoded)) {
				encoder.write(zeros);
			}
			return (long) encoded.size();
		});
	}

	@Test
	void garbageCollectionDoesNotWaitForDeflateToDecode() throws Exception {
		ByteArrayOutputStream encoding = new ByteArrayOutputStream();
		try (OutputStream encoder = Codecs.DEFLATE.encoder(encoding)) {
			encoder.write(new byte[ZEROS]);
		}
		byte[] encoded = encoding.toByteArray();
		byte[] decoded = new byte[ZEROS];
		assertCollectsWhileNativeCodeRuns(() -> {
			long total = 0;
			try (InputStream decoder = Codecs.DEFLATE.decoder(new ByteArrayInputStream(encoded))) {
				int n;
				while ((n = decoder.read(decoded, 0, decoded.length)) != -1) {
					total += n;
				}
			}
			return total;
		});
	}

	@Test
	void garbageCollectionDoesNotWaitForLz4ToEncode() throws Exception {
		byte[] body = Payload.JSON.bytes(LZ4_BODY);
		Lz4Codec strongest = new Lz4Codec(12);
		assertCollectsWhileNativeCodeRuns(() -> {
			ByteArrayOutputStream encoded = new ByteArrayOutputStream();
			try (OutputStream encoder = strongest.encoder(encoded)) {
				encoder.write(body);
			}
			return (long) encoded.size();
		});
	}

	private static void assertCollectsWhileNativeCodeRuns(Callable<Long> nativeWork) throws Exception {
		FutureTask<Long> work = new FutureTask<>(nativeWork);
		Thread worker = new Thread(work, "native-work");
		worker.start();
		int asked = 0;
		long collected = 0;
		while (asked < COLLECTIONS && !work.isDone()) {
			if (inNativeCodec(worker)) {
				long before = collections();
				System.gc();
				asked++;
				collected += (collections() > before) ? 1 : 0;
			}
			else {
				Thread.onSpinWait();
			}
		}
		assertThat(work.get()).isPositive();
		assertThat(asked).as("collections asked for while native code ran").isEqualTo(COLLECTIONS);
		assertThat(collected).as("collections that ran when asked for").isEqualTo(COLLECTIONS);
	}

	private static boolean inNativeCodec(Thread thread) {
		return Arrays.stream(thread.getStackTrace())
			.anyMatch((frame) -> frame.isNativeMethod() && NATIVE_CODECS.contains(frame.getClassName()));
	}

	private static long collections() {
		return ManagementFactory.getGarbageCollectorMXBeans()
			.stream()
			.mapToLong(GarbageCollectorMXBean::getCollectionCount)
			.sum();
	}

}
