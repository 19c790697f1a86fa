package io.restcompress.client;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * 32 threads sharing one client and one policy, mixing every coding in both directions.
 */
class ConcurrentClientTests extends PlainOriginTests {

	private static final int THREADS = 32;

	private static final int ROUNDS = 6;

	private static final List<String> CODINGS = List.of("lzf", "gzip", "deflate", "identity");

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void everyThreadGetsItsOwnBodies(Function<ClientCompression, TestClient> kind) throws Exception {
		this.origin.advertise = "lzf, gzip, deflate";
		this.origin.acceptRequestCodings = List.of("lzf", "gzip", "deflate");
		TestClient client = kind.apply(ClientCompression.builder(PlainOrigin.CODECS).recorder(this.recorder).build());
		ExecutorService threads = Executors.newFixedThreadPool(THREADS);
		try {
			CountDownLatch start = new CountDownLatch(1);
			List<Future<?>> results = new ArrayList<>();
			for (int t = 0; t < THREADS; t++) {
				int thread = t;
				results.add(threads.submit(() -> {
					start.await();
					for (int round = 0; round < ROUNDS; round++) {
						int size = 5_000 + thread * 1_000 + round * 17;
						String coding = CODINGS.get((thread + round) % CODINGS.size());
						URI payload = this.origin.uri("/payload/" + coding + "/" + size);
						assertThat(client.get(payload).body()).isEqualTo(Payloads.json(size));
						byte[] body = Payloads.json(size, thread * 100L + round);
						assertThat(client.post(this.origin.uri("/echo"), body).body()).isEqualTo(body);
					}
					return null;
				}));
			}
			start.countDown();
			for (Future<?> result : results) {
				result.get(2, TimeUnit.MINUTES);
			}
		}
		finally {
			threads.shutdownNow();
		}
		assertThat(this.origin.requestsTo("/echo")).hasSize(THREADS * ROUNDS)
			.anyMatch((request) -> "lzf".equals(request.header("Content-Encoding")));
	}

}
