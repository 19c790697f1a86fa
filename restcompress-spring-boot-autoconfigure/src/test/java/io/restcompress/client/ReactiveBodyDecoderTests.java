package io.restcompress.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentTimeoutException;
import io.restcompress.codec.CorruptContentException;
import io.restcompress.codec.LzfCodec;
import io.restcompress.internal.reactive.ReactiveBodyDecoder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The WebClient's bounded decoding bridge: incremental, demand-driven, and releasing every
 * buffer whichever way the body ends.
 */
class ReactiveBodyDecoderTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private static final List<ContentCodec> LZF = List.of(new LzfCodec());

	private static final URI ORIGIN = URI.create("http://origin.example");

	private final ExecutorService executor = Executors.newCachedThreadPool();

	private final RecordingRecorder recorder = new RecordingRecorder();

	private final ClientCompression compression = ClientCompression.builder(PlainOrigin.CODECS)
		.recorder(this.recorder)
		.build();

	private final ReactiveBodyDecoder decoder = new ReactiveBodyDecoder(this.executor);

	private final TrackedBuffers buffers = new TrackedBuffers();

	private final Sinks.Many<DataBuffer> upstream = Sinks.many().unicast().onBackpressureBuffer();

	private final AtomicBoolean upstreamCancelled = new AtomicBoolean();

	@AfterEach
	void stopExecutor() {
		this.executor.shutdownNow();
	}

	private Flux<DataBuffer> decoded() {
		return this.decoder.decode(this.upstream.asFlux()
			.doOnCancel(() -> this.upstreamCancelled.set(true))
			.doOnDiscard(DataBuffer.class, DataBufferUtils::release), this::lzf);
	}

	private InputStream lzf(InputStream encoded) {
		return this.compression.decodingStream(encoded, LZF, ORIGIN);
	}

	private void push(List<byte[]> pieces) {
		pieces.forEach((piece) -> this.upstream.tryEmitNext(this.buffers.wrap(piece)).orThrow());
	}

	private static byte[] drain(DataBuffer buffer, ByteArrayOutputStream into) {
		byte[] bytes = new byte[buffer.readableByteCount()];
		buffer.read(bytes);
		DataBufferUtils.release(buffer);
		into.writeBytes(bytes);
		return bytes;
	}

	@Test
	void emitsDecodedBytesBeforeTheWholeBodyArrived() throws IOException {
		byte[] identity = Payloads.json(400_000);
		List<byte[]> pieces = TrackedBuffers.split(PlainOrigin.encode("lzf", identity), 8192);
		ByteArrayOutputStream received = new ByteArrayOutputStream();
		StepVerifier.create(decoded().map((buffer) -> drain(buffer, received)))
			.then(() -> push(pieces.subList(0, pieces.size() / 2)))
			.expectNextCount(1)
			.then(() -> {
				push(pieces.subList(pieces.size() / 2, pieces.size()));
				this.upstream.tryEmitComplete().orThrow();
			})
			.thenConsumeWhile((bytes) -> true)
			.expectComplete()
			.verify(TIMEOUT);
		assertThat(received.toByteArray()).isEqualTo(identity);
		assertThat(this.buffers.allReleased()).isTrue();
		assertThat(this.recorder.events).containsExactly("decoded CLIENT RESPONSE lzf");
	}

	@Test
	void readsOnPastARunOfEmptyBuffersLongerThanItsDemand() throws IOException {
		byte[] identity = Payloads.json(10_000);
		push(Collections.nCopies(16, new byte[0]));
		push(List.of(PlainOrigin.encode("lzf", identity)));
		this.upstream.tryEmitComplete().orThrow();
		ByteArrayOutputStream received = new ByteArrayOutputStream();
		StepVerifier.create(decoded().map((buffer) -> drain(buffer, received)))
			.thenConsumeWhile((bytes) -> true)
			.expectComplete()
			.verify(TIMEOUT);
		assertThat(received.toByteArray()).isEqualTo(identity);
		assertThat(this.buffers.allReleased()).isTrue();
	}

	@Test
	void releasesEveryBufferAndCancelsTheBodyWhenCancelled() throws Exception {
		List<byte[]> pieces = TrackedBuffers.split(PlainOrigin.encode("lzf", Payloads.json(400_000)), 8192);
		push(pieces);
		StepVerifier.create(decoded(), 1).expectNextCount(1).thenCancel().verify(TIMEOUT);
		TrackedBuffers.await(() -> this.buffers.allReleased() && this.upstreamCancelled.get());
		assertThat(this.upstreamCancelled).isTrue();
		assertThat(this.buffers.allReleased()).isTrue();
		assertThat(this.recorder.events).isEmpty();
	}

	@Test
	void failsABodyThatStopsArrivingForLongerThanTheIdleTimeoutAndCancelsIt() throws Exception {
		ReactiveBodyDecoder waiting = new ReactiveBodyDecoder(this.executor, Duration.ofMillis(200));
		List<byte[]> pieces = TrackedBuffers.split(PlainOrigin.encode("lzf", Payloads.json(400_000)), 4096);
		push(pieces.subList(0, 1));
		StepVerifier.create(waiting.decode(this.upstream.asFlux()
			.doOnCancel(() -> this.upstreamCancelled.set(true))
			.doOnDiscard(DataBuffer.class, DataBufferUtils::release), () -> {
			}, "lzf", this::lzf))
			.expectErrorSatisfies((failure) -> assertThat(failure).isInstanceOf(ContentTimeoutException.class)
				.hasMessageContaining("lzf")
				.extracting((timeout) -> ((ContentTimeoutException) timeout).getTimeout())
				.isEqualTo(Duration.ofMillis(200)))
			.verify(TIMEOUT);
		TrackedBuffers.await(() -> this.buffers.allReleased() && this.upstreamCancelled.get());
		assertThat(this.upstreamCancelled).isTrue();
		assertThat(this.buffers.allReleased()).isTrue();
	}

	@Test
	void wakesASourceThatMissedTheArrivalOfItsBytesWhileItWaits() throws Exception {
		byte[] identity = Payloads.json(400_000);
		List<byte[]> pieces = TrackedBuffers.split(PlainOrigin.encode("lzf", identity), 8192);
		push(pieces.subList(0, 1));
		AtomicLong wakeUps = new AtomicLong();
		Runnable wakeUp = () -> {
			if (wakeUps.getAndIncrement() == 0) {
				push(pieces.subList(1, pieces.size()));
				this.upstream.tryEmitComplete().orThrow();
			}
		};
		ByteArrayOutputStream received = new ByteArrayOutputStream();
		StepVerifier.create(this.decoder.decode(this.upstream.asFlux(), () -> {
		}, wakeUp, "lzf", this::lzf).map((buffer) -> drain(buffer, received)))
			.thenConsumeWhile((bytes) -> true)
			.expectComplete()
			.verify(TIMEOUT);
		assertThat(received.toByteArray()).isEqualTo(identity);
		assertThat(wakeUps).hasValue(1);
		TrackedBuffers.await(this.buffers::allReleased);
		assertThat(this.buffers.allReleased()).isTrue();
	}

	@Test
	void failsAfterTheIdleTimeoutWhenWakingTheSourceBringsNothing() throws Exception {
		ReactiveBodyDecoder waiting = new ReactiveBodyDecoder(this.executor, Duration.ofMillis(300));
		push(TrackedBuffers.split(PlainOrigin.encode("lzf", Payloads.json(400_000)), 4096).subList(0, 1));
		AtomicLong wakeUps = new AtomicLong();
		StepVerifier.create(waiting.decode(this.upstream.asFlux()
			.doOnCancel(() -> this.upstreamCancelled.set(true))
			.doOnDiscard(DataBuffer.class, DataBufferUtils::release), () -> {
			}, wakeUps::incrementAndGet, "lzf", this::lzf))
			.expectError(ContentTimeoutException.class)
			.verify(TIMEOUT);
		assertThat(wakeUps.get()).isPositive();
		TrackedBuffers.await(() -> this.buffers.allReleased() && this.upstreamCancelled.get());
		assertThat(this.upstreamCancelled).isTrue();
	}

	@Test
	void refusesANegativeIdleTimeout() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new ReactiveBodyDecoder(this.executor, Duration.ofMillis(-1)))
			.withMessageContaining("must not be negative");
	}

	@Test
	void refusesANegativeDrainTimeout() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new ReactiveBodyDecoder(this.executor, Duration.ofSeconds(1), 1024, Duration.ofMillis(-1)))
			.withMessageContaining("must not be negative");
	}

	@Test
	void cancelsTheBodyWhileTheDecoderWaitsForData() throws Exception {
		List<byte[]> pieces = TrackedBuffers.split(PlainOrigin.encode("lzf", Payloads.json(400_000)), 4096);
		push(pieces.subList(0, 1));
		StepVerifier.create(decoded())
			.expectSubscription()
			.then(() -> TrackedBuffers.sleep(200))
			.thenCancel()
			.verify(TIMEOUT);
		TrackedBuffers.await(() -> this.buffers.allReleased() && this.upstreamCancelled.get());
		assertThat(this.upstreamCancelled).isTrue();
		assertThat(this.buffers.allReleased()).isTrue();
	}

	@Test
	void passesTheBodysFailureOnAndReleasesEveryBuffer() throws Exception {
		List<byte[]> pieces = TrackedBuffers.split(PlainOrigin.encode("lzf", Payloads.json(400_000)), 8192);
		push(pieces.subList(0, 3));
		IOException reset = new IOException("Connection reset by peer");
		this.upstream.tryEmitError(reset).orThrow();
		StepVerifier.create(decoded()).thenConsumeWhile((buffer) -> {
			DataBufferUtils.release(buffer);
			return true;
		}).expectErrorSatisfies((error) -> assertThat(error).isSameAs(reset)).verify(TIMEOUT);
		TrackedBuffers.await(this.buffers::allReleased);
		assertThat(this.buffers.allReleased()).isTrue();
	}

	@Test
	void failsOnCorruptDataCancelsTheBodyAndReleasesEveryBuffer() throws Exception {
		byte[] corrupt = PlainOrigin.encode("lzf", Payloads.json(400_000));
		corrupt[1] = 'X';
		push(TrackedBuffers.split(corrupt, 8192));
		StepVerifier.create(decoded())
			.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(CorruptContentException.class)
				.hasMessageContaining("lzf"))
			.verify(TIMEOUT);
		TrackedBuffers.await(() -> this.buffers.allReleased() && this.upstreamCancelled.get());
		assertThat(this.upstreamCancelled).isTrue();
		assertThat(this.buffers.allReleased()).isTrue();
		assertThat(this.recorder.events).containsExactly("rejected CLIENT RESPONSE lzf CORRUPT");
	}

	@Test
	void readsAheadOnlyAFewBuffersWhileTheSubscriberWaits() throws Exception {
		List<byte[]> pieces = TrackedBuffers.split(PlainOrigin.encode("lzf", Payloads.json(2_000_000)), 8192);
		AtomicLong requested = new AtomicLong();
		Flux<DataBuffer> body = Flux.fromIterable(pieces)
			.map(this.buffers::wrap)
			.doOnRequest((n) -> requested.addAndGet(Math.min(n, 1_000_000)));
		StepVerifier.create(this.decoder.decode(body, this::lzf), 1)
			.expectNextCount(1)
			.then(() -> TrackedBuffers.sleep(300))
			.then(() -> assertThat(requested.get()).isLessThanOrEqualTo(2L * ReactiveBodyDecoder.PREFETCH)
				.isLessThan(pieces.size()))
			.thenCancel()
			.verify(TIMEOUT);
		TrackedBuffers.await(this.buffers::allReleased);
		assertThat(this.buffers.allReleased()).isTrue();
	}

}
