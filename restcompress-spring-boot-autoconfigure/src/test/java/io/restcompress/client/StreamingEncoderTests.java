package io.restcompress.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.netty.buffer.PooledByteBufAllocator;
import io.restcompress.codec.FailingEncoderCodec;
import io.restcompress.codec.LzfCodec;
import io.restcompress.internal.reactive.StreamingEncoder;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.core.io.buffer.NettyDataBuffer;
import org.springframework.core.io.buffer.NettyDataBufferFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The WebClient's streaming request encoder.
 */
class StreamingEncoderTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private final TrackedBuffers buffers = new TrackedBuffers();

	private final AtomicInteger completions = new AtomicInteger();

	private Flux<DataBuffer> encode(Flux<byte[]> pieces) {
		return StreamingEncoder.encode(pieces.map(this.buffers::wrap), new LzfCodec(),
				DefaultDataBufferFactory.sharedInstance, (identity, encoded, nanos) -> this.completions.incrementAndGet());
	}

	@Test
	void encodesAsTheBodyFlowsAndReleasesEveryBuffer() throws IOException {
		byte[] identity = Payloads.json(500_000);
		List<byte[]> pieces = TrackedBuffers.split(identity, 3000);
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		List<DataBuffer> chunks = encode(Flux.fromIterable(pieces)).collectList().block(TIMEOUT);
		chunks.forEach((chunk) -> {
			byte[] bytes = new byte[chunk.readableByteCount()];
			chunk.read(bytes);
			encoded.writeBytes(bytes);
		});
		assertThat(chunks).hasSizeGreaterThan(1).hasSizeLessThan(pieces.size());
		assertThat(PlainOrigin.decode("lzf", encoded.toByteArray())).isEqualTo(identity);
		assertThat(this.buffers.allReleased()).isTrue();
		assertThat(this.completions).hasValue(1);
	}

	@Test
	void releasesEveryBufferAndRecordsNothingWhenCancelled() {
		List<byte[]> pieces = TrackedBuffers.split(Payloads.json(500_000), 3000);
		StepVerifier.create(encode(Flux.fromIterable(pieces)).doOnNext(DataBufferUtils::release), 1)
			.expectNextCount(1)
			.thenCancel()
			.verify(TIMEOUT);
		assertThat(this.buffers.handedOut()).isGreaterThan(0).isLessThan(pieces.size());
		assertThat(this.buffers.allReleased()).isTrue();
		assertThat(this.completions).hasValue(0);
	}

	@Test
	void encodesOneLargeBufferAsTheEncodedBytesAreTakenAndReleasesItWhenCancelled() {
		byte[] identity = Payloads.json(2_000_000);
		AtomicReference<DataBuffer> whole = new AtomicReference<>();
		StepVerifier
			.create(encode(Flux.just(identity)).doOnNext(DataBufferUtils::release), 1)
			.expectNextCount(1)
			.then(() -> whole.set(this.buffers.only()))
			.then(() -> assertThat(whole.get().readableByteCount()).as("bytes not encoded yet")
				.isGreaterThan(identity.length / 2))
			.thenCancel()
			.verify(TIMEOUT);
		assertThat(this.buffers.allReleased()).isTrue();
		assertThat(this.completions).hasValue(0);
	}

	@Test
	void encodesOneLargeBufferWhole() throws IOException {
		byte[] identity = Payloads.json(2_000_000);
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		List<DataBuffer> chunks = encode(Flux.just(identity)).collectList().block(TIMEOUT);
		chunks.forEach((chunk) -> {
			byte[] bytes = new byte[chunk.readableByteCount()];
			chunk.read(bytes);
			encoded.writeBytes(bytes);
		});
		assertThat(chunks).as("one per 64 KB lzf chunk").hasSizeGreaterThan(identity.length / 65535);
		assertThat(PlainOrigin.decode("lzf", encoded.toByteArray())).isEqualTo(identity);
		assertThat(this.buffers.allReleased()).isTrue();
		assertThat(this.completions).hasValue(1);
	}

	/**
	 * Reactor discards the element whose mapping failed; a buffer the encoder has taken is the
	 * encoder's to release, and a second release may free a pooled buffer allocated since.
	 */
	@Test
	void releasesABufferTheCodecFailedOnOnlyThroughTheEncoder() {
		NettyDataBuffer body = new NettyDataBufferFactory(new PooledByteBufAllocator(false)).allocateBuffer(20_000);
		body.write(new byte[20_000]);
		List<DataBuffer> discarded = new CopyOnWriteArrayList<>();
		Flux<DataBuffer> encoded = StreamingEncoder
			.encode(Flux.<DataBuffer>just(body).hide(), new FailingEncoderCodec(), DefaultDataBufferFactory.sharedInstance,
					(identity, bytes, nanos) -> this.completions.incrementAndGet())
			.doOnDiscard(DataBuffer.class, discarded::add);
		StepVerifier.create(encoded).expectErrorMessage("codec failed").verify(TIMEOUT);
		assertThat(discarded).isEmpty();
		assertThat(body.getNativeBuffer().refCnt()).isZero();
		assertThat(this.completions).hasValue(0);
	}

	@Test
	void releasesTheBuffersTakenAheadWhenCancelledWithoutADiscardHookDownstream() {
		List<byte[]> pieces = TrackedBuffers.split(Payloads.json(500_000), 3000);
		BaseSubscriber<DataBuffer> oneAtATime = new BaseSubscriber<>() {

			@Override
			protected void hookOnSubscribe(Subscription subscription) {
				subscription.request(1);
			}

			@Override
			protected void hookOnNext(DataBuffer encoded) {
				DataBufferUtils.release(encoded);
			}

		};
		encode(Flux.fromIterable(pieces).hide()).subscribe(oneAtATime);
		oneAtATime.dispose();
		assertThat(this.buffers.handedOut()).isGreaterThan(1);
		assertThat(this.buffers.allReleased()).isTrue();
	}

	@Test
	void releasesEveryBufferAndRecordsNothingWhenTheBodyFails() {
		List<byte[]> pieces = TrackedBuffers.split(Payloads.json(100_000), 3000);
		Flux<byte[]> failing = Flux.fromIterable(pieces).concatWith(Flux.error(new IllegalStateException("boom")));
		StepVerifier.create(encode(failing).doOnNext(DataBufferUtils::release))
			.thenConsumeWhile((chunk) -> true)
			.expectErrorMessage("boom")
			.verify(TIMEOUT);
		assertThat(this.buffers.allReleased()).isTrue();
		assertThat(this.completions).hasValue(0);
	}

}
