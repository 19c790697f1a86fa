package io.restcompress.client;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;

/**
 * The rest of a WebClient request body whose head has been read to decide on it. The JDK's,
 * Apache's and Jetty's connectors subscribe to a body only once they send it, after the write
 * that hands it over has completed, so the body is held until then; if the exchange fails or is
 * cancelled first, or its response arrives before the connector took the body (a final status
 * before {@code 100 Continue}), it is abandoned: the application's publisher is cancelled and
 * the buffers held are released.
 */
final class UnsentBody {

	private final AtomicReference<@Nullable Runnable> abandoning = new AtomicReference<>();

	/**
	 * Holds the rest of a body for the connector.
	 * @param lists the body, in the lists the head was read in
	 * @return the body as the connector takes it, once
	 */
	Flux<DataBuffer> hold(Flux<List<DataBuffer>> lists) {
		AtomicBoolean taken = new AtomicBoolean();
		this.abandoning.set(() -> {
			if (taken.compareAndSet(false, true)) {
				releasing(lists).subscribe(new Cancelling());
			}
		});
		return Flux
			.defer(() -> taken.compareAndSet(false, true) ? releasing(lists)
					: Flux.error(new IllegalStateException("The request body was abandoned with its exchange")))
			.concatMapIterable((list) -> list);
	}

	/**
	 * Abandons the body if the connector has not taken it.
	 */
	void abandon() {
		Runnable abandon = this.abandoning.getAndSet(null);
		if (abandon != null) {
			abandon.run();
		}
	}

	/**
	 * Releases the buffers that operators before this one discard, alone or in lists.
	 * @param <T> the body's elements
	 * @param body the body
	 * @return the body, releasing what is discarded
	 */
	static <T> Flux<T> releasing(Flux<T> body) {
		return body.doOnDiscard(List.class, UnsentBody::releaseAll).doOnDiscard(DataBuffer.class, DataBufferUtils::release);
	}

	private static void releaseAll(List<?> buffers) {
		for (Object buffer : buffers) {
			if (buffer instanceof DataBuffer dataBuffer) {
				DataBufferUtils.release(dataBuffer);
			}
		}
	}

	private static final class Cancelling extends BaseSubscriber<List<DataBuffer>> {

		@Override
		protected void hookOnSubscribe(Subscription subscription) {
			subscription.cancel();
		}

	}

}
