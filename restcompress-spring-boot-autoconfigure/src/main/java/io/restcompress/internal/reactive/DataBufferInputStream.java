package io.restcompress.internal.reactive;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import io.restcompress.codec.ContentTimeoutException;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;

/**
 * A blocking {@link InputStream} over a {@code Publisher<DataBuffer>}, for a decoder running on
 * a thread of its own. It requests at most {@code prefetch} buffers ahead, returns as soon as
 * some bytes are available, and releases every buffer: when read, when closed, and when one
 * arrives after the close. {@link #close()} may be called from any thread; it cancels the
 * subscription and wakes a blocked reader. The publisher's signals never block. After each
 * request the reader makes, it runs a given action, for a transport that must be told to pass the
 * demand on. A reader that waits longer than the idle timeout for the next bytes gets a
 * {@link ContentTimeoutException}, and the subscription is cancelled.
 */
final class DataBufferInputStream extends InputStream implements Subscriber<DataBuffer> {

	/** How often a reader waiting for the bytes it asked for runs the starved action. */
	static final long STARVED_INTERVAL_MILLIS = 20;

	private final Publisher<? extends DataBuffer> source;

	private final int prefetch;

	private final Runnable afterRequest;

	private final @Nullable Runnable whileStarved;

	private final Duration idleTimeout;

	private final String coding;

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition changed = this.lock.newCondition();

	private final ArrayDeque<DataBuffer> queue = new ArrayDeque<>();

	private final byte[] single = new byte[1];

	private @Nullable Subscription subscription;

	private boolean subscribed;

	private int consumed;

	private boolean done;

	private @Nullable Throwable error;

	private boolean closed;

	/**
	 * Creates a stream that subscribes to {@code source} on its first read and, while a read
	 * waits for bytes it has asked for, runs {@code whileStarved} every
	 * {@value #STARVED_INTERVAL_MILLIS} ms, for a transport that may miss the moment its bytes
	 * arrive.
	 * @param source the buffers to read
	 * @param prefetch the most buffers requested ahead of the reader
	 * @param afterRequest runs on the reader's thread after each request it makes
	 * @param whileStarved runs on the reader's thread while it waits, or {@code null}
	 * @param idleTimeout the longest a read waits for the next bytes, or zero to wait as long as
	 * it takes
	 * @param coding the coding of the body, for the timeout's message
	 */
	DataBufferInputStream(Publisher<? extends DataBuffer> source, int prefetch, Runnable afterRequest,
			@Nullable Runnable whileStarved, Duration idleTimeout, String coding) {
		this.source = source;
		this.prefetch = prefetch;
		this.afterRequest = afterRequest;
		this.whileStarved = whileStarved;
		this.idleTimeout = idleTimeout;
		this.coding = coding;
	}

	@Override
	public void onSubscribe(Subscription subscription) {
		this.lock.lock();
		try {
			if (!this.closed) {
				this.subscription = subscription;
			}
		}
		finally {
			this.lock.unlock();
		}
		if (this.subscription == subscription) {
			subscription.request(this.prefetch);
		}
		else {
			subscription.cancel();
		}
	}

	@Override
	public void onNext(DataBuffer buffer) {
		this.lock.lock();
		try {
			if (this.closed || this.done) {
				DataBufferUtils.release(buffer);
				return;
			}
			this.queue.add(buffer);
			this.changed.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public void onError(Throwable failure) {
		finish(failure);
	}

	@Override
	public void onComplete() {
		finish(null);
	}

	private void finish(@Nullable Throwable failure) {
		this.lock.lock();
		try {
			this.done = true;
			this.error = failure;
			this.changed.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public int read() throws IOException {
		int n = read(this.single, 0, 1);
		return (n == -1) ? -1 : this.single[0] & 0xFF;
	}

	@Override
	public int read(byte[] bytes, int offset, int length) throws IOException {
		if (length == 0) {
			return 0;
		}
		subscribeOnce();
		long toRequest = 0;
		long waitNanos = this.idleTimeout.toNanos();
		boolean timedOut = false;
		this.lock.lock();
		try {
			while (true) {
				if (this.closed) {
					throw new IOException("Stream closed");
				}
				DataBuffer head = this.queue.peek();
				if (head != null) {
					int n = Math.min(length, head.readableByteCount());
					head.read(bytes, offset, n);
					if (head.readableByteCount() == 0) {
						DataBufferUtils.release(this.queue.poll());
						toRequest += replenish();
					}
					if (n > 0) {
						return n;
					}
				}
				else if (this.done) {
					if (this.error != null) {
						throw new UpstreamException(this.error);
					}
					return -1;
				}
				else if (toRequest > 0) {
					long demand = toRequest;
					toRequest = 0;
					this.lock.unlock();
					try {
						request(demand);
					}
					finally {
						this.lock.lock();
					}
				}
				else if (this.whileStarved != null && (this.idleTimeout.isZero() || waitNanos > 0)) {
					long interval = TimeUnit.MILLISECONDS.toNanos(STARVED_INTERVAL_MILLIS);
					long slice = this.idleTimeout.isZero() ? interval : Math.min(interval, waitNanos);
					long left = this.changed.awaitNanos(slice);
					if (!this.idleTimeout.isZero()) {
						waitNanos -= slice - Math.max(0, left);
					}
					if (left <= 0 && this.queue.isEmpty() && !this.done && !this.closed) {
						this.lock.unlock();
						try {
							this.whileStarved.run();
						}
						finally {
							this.lock.lock();
						}
					}
				}
				else if (this.idleTimeout.isZero()) {
					this.changed.await();
				}
				else if (waitNanos > 0) {
					waitNanos = this.changed.awaitNanos(waitNanos);
				}
				else {
					timedOut = true;
					throw new ContentTimeoutException(this.coding, this.idleTimeout);
				}
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new InterruptedIOException("Interrupted while waiting for the body");
		}
		finally {
			this.lock.unlock();
			request(toRequest);
			if (timedOut) {
				close();
			}
		}
	}

	@Override
	public int available() {
		this.lock.lock();
		try {
			DataBuffer head = this.queue.peek();
			return (head != null) ? head.readableByteCount() : 0;
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Releases what is held and cancels the upstream. An upstream that was never read (the
	 * decoder's task was refused, or cancelled before it ran) is subscribed to and cancelled at
	 * once, so that its source lets go of it: a client's pooled connection is closed rather
	 * than held.
	 */
	@Override
	public void close() {
		Subscription toCancel;
		boolean neverRead;
		this.lock.lock();
		try {
			if (this.closed) {
				return;
			}
			this.closed = true;
			neverRead = !this.subscribed;
			this.subscribed = true;
			this.queue.forEach(DataBufferUtils::release);
			this.queue.clear();
			this.changed.signalAll();
			toCancel = this.done ? null : this.subscription;
		}
		finally {
			this.lock.unlock();
		}
		if (neverRead) {
			this.source.subscribe(new Cancelling());
		}
		else if (toCancel != null) {
			toCancel.cancel();
		}
	}

	private void subscribeOnce() {
		boolean subscribe;
		this.lock.lock();
		try {
			subscribe = !this.subscribed && !this.closed;
			this.subscribed = true;
		}
		finally {
			this.lock.unlock();
		}
		if (subscribe) {
			this.source.subscribe(this);
		}
	}

	private long replenish() {
		this.consumed++;
		if (this.consumed < Math.max(1, this.prefetch / 2)) {
			return 0;
		}
		long n = this.consumed;
		this.consumed = 0;
		return n;
	}

	private void request(long n) {
		Subscription current = this.subscription;
		if (n > 0 && current != null) {
			current.request(n);
			this.afterRequest.run();
		}
	}

	/**
	 * Carries a failure of the publisher through the reader, to be unwrapped by whoever
	 * publishes the decoded body.
	 */
	public static final class UpstreamException extends IOException {

		UpstreamException(Throwable cause) {
			super(cause.getMessage(), cause);
		}

	}

	/**
	 * Cancels a body as soon as it is subscribed to, releasing anything it still delivers.
	 */
	private static final class Cancelling implements Subscriber<DataBuffer> {

		@Override
		public void onSubscribe(Subscription subscription) {
			subscription.cancel();
		}

		@Override
		public void onNext(DataBuffer buffer) {
			DataBufferUtils.release(buffer);
		}

		@Override
		public void onError(Throwable ex) {
		}

		@Override
		public void onComplete() {
		}

	}

}
