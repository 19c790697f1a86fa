package io.restcompress.server;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * The start of a response body of unknown length, held back while it is below the
 * threshold. It starts small and never grows to the threshold itself.
 */
final class ThresholdBuffer {

	private static final int INITIAL_SIZE = 1024;

	private final int threshold;

	private byte[] bytes;

	private int size;

	ThresholdBuffer(int threshold) {
		this.threshold = threshold;
		this.bytes = new byte[Math.min(INITIAL_SIZE, threshold)];
	}

	/**
	 * Holds the given bytes if the body stays below the threshold with them.
	 * @return whether the bytes were held; when not, nothing was
	 */
	boolean hold(byte[] source, int offset, int length) {
		if ((long) this.size + length >= this.threshold) {
			return false;
		}
		if (this.size + length > this.bytes.length) {
			int grown = (int) Math.min(Math.max(this.bytes.length * 2L, this.size + length), this.threshold - 1L);
			this.bytes = Arrays.copyOf(this.bytes, grown);
		}
		System.arraycopy(source, offset, this.bytes, this.size, length);
		this.size += length;
		return true;
	}

	int size() {
		return this.size;
	}

	void clear() {
		this.size = 0;
	}

	/**
	 * Writes what is held to the target and empties the buffer.
	 */
	void drainTo(OutputStream target) throws IOException {
		int count = this.size;
		this.size = 0;
		if (count > 0) {
			target.write(this.bytes, 0, count);
		}
	}

}
