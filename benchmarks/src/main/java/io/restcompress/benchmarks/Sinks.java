package io.restcompress.benchmarks;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * Byte sinks for benchmarks: a counting one that keeps nothing, a reusable growable buffer, and
 * draining a stream the way a parser reads it.
 */
public final class Sinks {

	private static final int READ_SIZE = 16 * 1024;

	private Sinks() {
	}

	/**
	 * Reads a stream to its end in 16 KB reads and closes it.
	 * @param source the stream
	 * @param chunk a buffer of any size to read into
	 * @return the number of bytes read
	 * @throws IOException if reading fails
	 */
	public static long drain(InputStream source, byte[] chunk) throws IOException {
		long total = 0;
		try (source) {
			int n;
			while ((n = source.read(chunk, 0, Math.min(chunk.length, READ_SIZE))) != -1) {
				total += n;
			}
		}
		return total;
	}

	/**
	 * An output stream that counts what is written to it and keeps nothing.
	 */
	public static final class Discarding extends OutputStream {

		private long count;

		@Override
		public void write(int b) {
			this.count++;
		}

		@Override
		public void write(byte[] bytes, int offset, int length) {
			this.count += length;
		}

		/**
		 * Returns how many bytes were written.
		 * @return the count
		 */
		public long count() {
			return this.count;
		}

	}

	/**
	 * A byte buffer that grows as needed and is reused after {@link #reset()}; closing it does
	 * nothing.
	 */
	public static final class Buffer extends OutputStream {

		private byte[] bytes;

		private int size;

		/**
		 * Creates a buffer.
		 * @param capacity the initial capacity
		 */
		public Buffer(int capacity) {
			this.bytes = new byte[Math.max(capacity, 16)];
		}

		@Override
		public void write(int b) {
			ensure(1);
			this.bytes[this.size++] = (byte) b;
		}

		@Override
		public void write(byte[] source, int offset, int length) {
			ensure(length);
			System.arraycopy(source, offset, this.bytes, this.size, length);
			this.size += length;
		}

		private void ensure(int more) {
			if (this.size + more > this.bytes.length) {
				this.bytes = Arrays.copyOf(this.bytes, Math.max(this.bytes.length * 2, this.size + more));
			}
		}

		/**
		 * Empties the buffer, keeping its capacity.
		 */
		public void reset() {
			this.size = 0;
		}

		/**
		 * Returns how many bytes the buffer holds.
		 * @return the size
		 */
		public int size() {
			return this.size;
		}

		/**
		 * Returns a stream over the buffered bytes, without copying them.
		 * @return the stream
		 */
		public InputStream asInputStream() {
			return new ByteArrayInputStream(this.bytes, 0, this.size);
		}

		/**
		 * Returns a copy of the buffered bytes.
		 * @return the bytes
		 */
		public byte[] toByteArray() {
			return Arrays.copyOf(this.bytes, this.size);
		}

		/**
		 * Whether the buffered bytes equal {@code other}.
		 * @param other the expected bytes
		 * @return {@code true} if equal
		 */
		public boolean contentEquals(byte[] other) {
			return Arrays.equals(this.bytes, 0, this.size, other, 0, other.length);
		}

		/**
		 * Counts the occurrences of one byte value.
		 * @param value the value
		 * @return how often it occurs
		 */
		public int count(byte value) {
			int count = 0;
			for (int i = 0; i < this.size; i++) {
				if (this.bytes[i] == value) {
					count++;
				}
			}
			return count;
		}

		/**
		 * Returns the byte at an index.
		 * @param index the index, less than {@link #size()}
		 * @return the byte
		 */
		public byte at(int index) {
			return this.bytes[index];
		}

	}

}
