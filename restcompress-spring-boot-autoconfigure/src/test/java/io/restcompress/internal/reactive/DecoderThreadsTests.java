package io.restcompress.internal.reactive;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The bounded pool the blocking decoders of reactive bodies run on: slow bodies cannot make it
 * create more threads than its limit; bodies beyond it wait, and past the queue fail clearly.
 */
class DecoderThreadsTests {

	private final DecoderThreads threads = new DecoderThreads("test-decoder", 2, 8);

	private final ReactiveBodyDecoder decoder = new ReactiveBodyDecoder(this.threads);

	@AfterEach
	void shutdown() {
		this.threads.shutdownNow();
	}

	@Test
	void decodesMoreSlowBodiesThanThreadsWithoutCreatingMoreThreads() {
		List<Sinks.Many<DataBuffer>> origins = new ArrayList<>();
		List<Mono<String>> bodies = new ArrayList<>();
		for (int i = 0; i < 6; i++) {
			Sinks.Many<DataBuffer> origin = Sinks.many().unicast().onBackpressureBuffer();
			origins.add(origin);
			bodies.add(DataBufferUtils.join(this.decoder.decode(origin.asFlux(), (encoded) -> encoded))
				.map(DecoderThreadsTests::text)
				.cache());
		}
		bodies.forEach(Mono::subscribe);
		for (int i = 0; i < origins.size(); i++) {
			origins.get(i).tryEmitNext(DefaultDataBufferFactory.sharedInstance.wrap(("body " + i).getBytes()));
			origins.get(i).tryEmitComplete();
		}
		for (int i = 0; i < bodies.size(); i++) {
			assertThat(bodies.get(i).block(Duration.ofSeconds(30))).isEqualTo("body " + i);
		}
		assertThat(this.threads.getLargestPoolSize()).isEqualTo(2);
	}

	@Test
	void refusesBodiesBeyondTheQueueNamingTheLimit() throws InterruptedException {
		CountDownLatch release = new CountDownLatch(1);
		Runnable blocked = () -> {
			try {
				release.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		};
		for (int i = 0; i < 10; i++) {
			this.threads.execute(blocked);
		}
		assertThatExceptionOfType(RejectedExecutionException.class).isThrownBy(() -> this.threads.execute(blocked))
			.withMessageContaining("All 2 test-decoder threads are busy");
		release.countDown();
	}

	@Test
	void failsABodyThePoolRefuses() {
		CountDownLatch release = new CountDownLatch(1);
		for (int i = 0; i < 10; i++) {
			this.threads.execute(() -> {
				try {
					release.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			});
		}
		Flux<DataBuffer> refused = this.decoder.decode(Flux.empty(), (encoded) -> encoded);
		assertThatExceptionOfType(RejectedExecutionException.class)
			.isThrownBy(() -> DataBufferUtils.join(refused).block(Duration.ofSeconds(30)));
		release.countDown();
	}

	private static String text(DataBuffer buffer) {
		try (InputStream input = buffer.asInputStream(true)) {
			return new String(input.readAllBytes());
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
