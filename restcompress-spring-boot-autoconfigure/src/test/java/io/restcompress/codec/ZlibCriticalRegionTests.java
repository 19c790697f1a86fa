package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.concurrent.Callable;
import java.util.concurrent.FutureTask;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gzip and deflate codecs hand zlib direct buffers. Given a {@code byte[]}, the JDK's
 * {@link Deflater} and {@link Inflater} hold it in a JNI critical region for each call, and on
 * JDK 17 to 21 the garbage collector waits for every such region to end: a collection asked
 * for meanwhile does not run, and under load other threads fail to allocate with heap to
 * spare. Zeros make each call long: one call consumes or produces megabytes of them.
 */
class ZlibCriticalRegionTests {

	private static final int ZEROS = 256 * 1024 * 1024;

	private static final int COLLECTIONS = 10;

	@Test
	void garbageCollectionDoesNotWaitForGzipToEncode() throws Exception {
		byte[] zeros = new byte[ZEROS];
		assertCollectsWhileZlibRuns(() -> {
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
		assertCollectsWhileZlibRuns(() -> {
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

	private static void assertCollectsWhileZlibRuns(Callable<Long> zlibWork) throws Exception {
		FutureTask<Long> work = new FutureTask<>(zlibWork);
		Thread worker = new Thread(work, "zlib-work");
		worker.start();
		int asked = 0;
		long collected = 0;
		while (asked < COLLECTIONS && !work.isDone()) {
			if (inZlib(worker)) {
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
		assertThat(asked).as("collections asked for while zlib ran").isEqualTo(COLLECTIONS);
		assertThat(collected).as("collections that ran when asked for").isEqualTo(COLLECTIONS);
	}

	private static boolean inZlib(Thread thread) {
		return Arrays.stream(thread.getStackTrace())
			.anyMatch((frame) -> (frame.getClassName().equals(Deflater.class.getName())
					|| frame.getClassName().equals(Inflater.class.getName())) && frame.isNativeMethod());
	}

	private static long collections() {
		return ManagementFactory.getGarbageCollectorMXBeans()
			.stream()
			.mapToLong(GarbageCollectorMXBean::getCollectionCount)
			.sum();
	}

}
