package io.restcompress.internal;

/**
 * The size rule of every body restcompress may encode, on the server and in the clients: an
 * empty body is never encoded, whatever the threshold; a body of known size is once it reaches
 * the threshold; one of unknown size is decided later, once its size or the threshold is
 * reached.
 */
public final class SizeThreshold {

	private SizeThreshold() {
	}

	/**
	 * Whether a body is sent as it is because of its size.
	 * @param size the body's size, or {@code -1} if it is not known yet
	 * @param threshold the smallest size encoded
	 * @return {@code true} if the body is empty or smaller than the threshold
	 */
	public static boolean isBelow(long size, long threshold) {
		return size == 0 || (size > 0 && size < threshold);
	}

	/**
	 * How many bytes of a body of unknown size to see before deciding: the threshold, and at
	 * least one byte, so that an empty body is told from one that reaches a threshold of 0.
	 * @param threshold the smallest size encoded
	 * @return the bytes to see
	 */
	public static long bytesToDecide(long threshold) {
		return Math.max(threshold, 1);
	}

}
