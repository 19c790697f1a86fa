package io.restcompress.internal.reactive;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads the blocking decoders of reactive bodies run on: at most {@code maxThreads}, so
 * that slow peers cannot make the application create threads without bound. Bodies beyond that
 * wait in a bounded queue (their upstream is not read meanwhile); past the queue a body fails
 * at once with a {@link Busy} naming the limit. Idle threads end after a minute.
 */
public final class DecoderThreads extends ThreadPoolExecutor {

	private static final long KEEP_ALIVE_SECONDS = 60;

	/**
	 * Creates the pool.
	 * @param name the prefix of the threads' names
	 * @param maxThreads the most threads decoding at once
	 * @param maxQueued the most bodies waiting for a thread
	 */
	public DecoderThreads(String name, int maxThreads, int maxQueued) {
		super(maxThreads, maxThreads, KEEP_ALIVE_SECONDS, TimeUnit.SECONDS, new ArrayBlockingQueue<>(maxQueued),
				daemonThreads(name), (task, pool) -> {
					throw new Busy("All " + maxThreads + " " + name + " threads are busy and " + maxQueued
							+ " bodies wait for one; raise the thread limit");
				});
		allowCoreThreadTimeOut(true);
	}

	private static java.util.concurrent.ThreadFactory daemonThreads(String name) {
		AtomicInteger count = new AtomicInteger();
		return (task) -> {
			Thread thread = new Thread(task, name + "-" + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		};
	}

	/**
	 * Thrown when a body finds every thread busy and the queue full: the server (or client) is
	 * overloaded, which a server answers with {@code 503}.
	 */
	public static final class Busy extends RejectedExecutionException {

		Busy(String message) {
			super(message);
		}

	}

}
