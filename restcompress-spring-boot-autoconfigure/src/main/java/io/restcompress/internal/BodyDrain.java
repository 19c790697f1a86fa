package io.restcompress.internal;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;

/**
 * Reads and drops what is left of a request body the server answers without using, so that the
 * answer does not leave it unread in the connection: the servlet filter's and the WebFlux
 * decoder's drains, over a servlet input stream or a decoder's input.
 */
public final class BodyDrain {

	private BodyDrain() {
	}

	/**
	 * Reads and drops what is left of a body, up to {@code limit} bytes and for at most
	 * {@code timeout}: no read starts after it has passed, so the drain ends at most one read's
	 * wait later. A read that fails (the body ended early, or stopped arriving) ends it too.
	 * @param body the body
	 * @param limit the most bytes read and dropped
	 * @param timeout the longest the drain starts reads for; zero reads nothing
	 * @return whether the body ended within the limit and the time
	 */
	public static boolean drain(InputStream body, long limit, Duration timeout) {
		if (timeout.isZero() || timeout.isNegative()) {
			return false;
		}
		long start = System.nanoTime();
		long timeoutNanos = nanos(timeout);
		byte[] buffer = new byte[8192];
		long left = limit + 1;
		try {
			while (left > 0) {
				if (System.nanoTime() - start >= timeoutNanos) {
					return false;
				}
				int read = body.read(buffer, 0, (int) Math.min(buffer.length, left));
				if (read == -1) {
					return true;
				}
				left -= read;
			}
			return false;
		}
		catch (IOException | RuntimeException ex) {
			return false;
		}
	}

	private static long nanos(Duration timeout) {
		try {
			return timeout.toNanos();
		}
		catch (ArithmeticException ex) {
			return Long.MAX_VALUE;
		}
	}

}
