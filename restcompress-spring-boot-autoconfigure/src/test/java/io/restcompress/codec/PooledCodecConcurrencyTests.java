package io.restcompress.codec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One instance of each codec whose streams borrow pooled native contexts or buffers, used by
 * more threads than its pools hold at once: every body must come back as it went in, which it
 * would not if a context or buffer were lent to two streams at the same time.
 */
class PooledCodecConcurrencyTests {

	private static final int THREADS = 4 * Runtime.getRuntime().availableProcessors() + 4;

	private static final int BODIES_PER_THREAD = 150;

	static Stream<Named<ContentCodec>> pooledCodecs() {
		return Stream.of(Named.of("gzip", new GzipCodec(1)), Named.of("deflate", new DeflateCodec(1)),
				Named.of("zstd", new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW)), Named.of("lz4", new Lz4Codec(1)));
	}

	@ParameterizedTest
	@MethodSource("pooledCodecs")
	void roundTripsEveryBodyWhenMoreThreadsThanItsPoolsHoldShareOneInstance(ContentCodec codec) throws Exception {
		byte[] source = Payload.JSON.bytes(400_000);
		ExecutorService threads = Executors.newFixedThreadPool(THREADS);
		try {
			List<Callable<Integer>> work = new ArrayList<>();
			for (int thread = 0; thread < THREADS; thread++) {
				SplittableRandom random = new SplittableRandom(thread);
				work.add(() -> roundTrips(codec, source, random));
			}
			for (Future<Integer> done : threads.invokeAll(work)) {
				assertThat(done.get()).isEqualTo(BODIES_PER_THREAD);
			}
		}
		finally {
			threads.shutdownNow();
			if (codec instanceof AutoCloseable closeable) {
				closeable.close();
			}
		}
	}

	private static int roundTrips(ContentCodec codec, byte[] source, SplittableRandom random) throws Exception {
		int matched = 0;
		for (int i = 0; i < BODIES_PER_THREAD; i++) {
			int offset = random.nextInt(source.length / 2);
			byte[] body = Arrays.copyOfRange(source, offset, offset + random.nextInt(1, source.length / 2));
			if (Arrays.equals(Codecs.decode(codec, Codecs.encode(codec, body)), body)) {
				matched++;
			}
		}
		return matched;
	}

}
