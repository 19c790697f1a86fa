package io.restcompress.internal.reactive;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.restcompress.codec.ContentTimeoutException;
import io.restcompress.codec.ContentTooLargeException;
import io.restcompress.codec.CorruptContentException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * What a server's decoder reads of a body it refuses: up to its drain limit more, for at most
 * its drain timeout, so that the server's answer does not leave a short rest unread, and
 * nothing more without a limit.
 */
class ReactiveBodyDecoderDrainTests {

	private static final int PIECE = 1024;

	private static final int PIECES = 200;

	private final ExecutorService executor = Executors.newCachedThreadPool();

	private final AtomicLong sent = new AtomicLong();

	private final AtomicInteger decoderCloses = new AtomicInteger();

	@AfterEach
	void stopExecutor() {
		this.executor.shutdownNow();
	}

	@AfterEach
	void closedTheDecoderOnce() {
		assertThat(this.decoderCloses).hasValue(1);
	}

	@Test
	void readsUpToTheDrainLimitOfABodyFoundCorruptBeforeFailingIt() {
		Throwable failure = failureOf(drainingUpTo(50 * PIECE), new CorruptContentException("gzip", "not gzip"));
		assertThat(failure).isInstanceOf(CorruptContentException.class);
		assertThat(this.sent.get()).isBetween(50L * PIECE, 60L * PIECE);
	}

	@Test
	void readsUpToTheDrainLimitOfABodyDecodingPastItsLimitBeforeFailingIt() {
		Throwable failure = failureOf(drainingUpTo(50 * PIECE), new ContentTooLargeException("gzip", 1));
		assertThat(failure).isInstanceOf(ContentTooLargeException.class);
		assertThat(this.sent.get()).isBetween(50L * PIECE, 60L * PIECE);
	}

	@Test
	void readsNoMoreOfAFailedBodyWithoutADrainLimit() {
		Throwable failure = failureOf(new ReactiveBodyDecoder(this.executor, Duration.ofSeconds(10)),
				new CorruptContentException("gzip", "not gzip"));
		assertThat(failure).isInstanceOf(CorruptContentException.class);
		assertThat(this.sent.get()).isLessThan(10L * PIECE);
	}

	@Test
	void readsNoMoreOfABodyWhoseReadTimedOut() {
		Throwable failure = failureOf(drainingUpTo(50 * PIECE),
				new ContentTimeoutException("gzip", Duration.ofSeconds(1)));
		assertThat(failure).isInstanceOf(ContentTimeoutException.class);
		assertThat(this.sent.get()).isLessThan(10L * PIECE);
	}

	@Test
	void stopsDrainingATricklingBodyOnceTheDrainTimeoutHasPassed() {
		ReactiveBodyDecoder decoder = new ReactiveBodyDecoder(this.executor, Duration.ofSeconds(10), 150 * PIECE,
				Duration.ofMillis(200));
		Flux<DataBuffer> trickle = Flux.interval(Duration.ofMillis(20)).take(PIECES).map((i) -> {
			this.sent.addAndGet(PIECE);
			return DefaultDataBufferFactory.sharedInstance.wrap(new byte[PIECE]);
		});
		Throwable failure = failureOf(decoder, trickle, new CorruptContentException("gzip", "not gzip"));
		assertThat(failure).isInstanceOf(CorruptContentException.class);
		assertThat(this.sent.get()).isLessThan(100L * PIECE);
	}

	private ReactiveBodyDecoder drainingUpTo(long bytes) {
		return new ReactiveBodyDecoder(this.executor, Duration.ofSeconds(10), bytes, Duration.ofSeconds(10));
	}

	/**
	 * Decodes the body with a decoder that fails after its first byte.
	 */
	private Throwable failureOf(ReactiveBodyDecoder decoder, IOException failure) {
		return failureOf(decoder, body(), failure);
	}

	private Throwable failureOf(ReactiveBodyDecoder decoder, Flux<DataBuffer> body, IOException failure) {
		Flux<DataBuffer> decoded = decoder.decode(body, (encoded) -> failingAfterOneByte(encoded, failure));
		return Exceptions.unwrap(catchThrowable(() -> decoded.blockLast(Duration.ofSeconds(10))));
	}

	private Flux<DataBuffer> body() {
		return Flux.range(0, PIECES).map((i) -> {
			this.sent.addAndGet(PIECE);
			return DefaultDataBufferFactory.sharedInstance.wrap(new byte[PIECE]);
		});
	}

	private InputStream failingAfterOneByte(InputStream encoded, IOException failure) {
		return new InputStream() {

			@Override
			public int read() throws IOException {
				encoded.read();
				throw failure;
			}

			@Override
			public void close() throws IOException {
				ReactiveBodyDecoderDrainTests.this.decoderCloses.incrementAndGet();
				encoded.close();
			}

		};
	}

}
