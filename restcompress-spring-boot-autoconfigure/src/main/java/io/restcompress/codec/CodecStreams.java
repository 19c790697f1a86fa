package io.restcompress.codec;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Wraps codec streams to measure them: bytes on each side and the time spent in the codec
 * itself, excluding the time spent waiting on the stream underneath. Decoders are measured and
 * limited only through {@link ContentDecoding#open}.
 */
public final class CodecStreams {

	private CodecStreams() {
	}

	/**
	 * Receives the measurement of a codec stream that ran to its end.
	 */
	@FunctionalInterface
	public interface Completion {

		/**
		 * Called once when the stream is closed after all of it was coded.
		 * @param identityBytes the size of the unencoded body
		 * @param encodedBytes the size of the encoded body
		 * @param codecNanos the time spent in the codec
		 */
		void completed(long identityBytes, long encodedBytes, long codecNanos);

	}

	/**
	 * Returns an encoder for {@code codec} that reports its measurement to {@code completion}
	 * when closed.
	 * @param codec the codec
	 * @param target where encoded bytes go
	 * @param completion receives the measurement
	 * @return the encoding stream
	 * @throws IOException if the codec cannot start
	 */
	public static OutputStream measuredEncoder(ContentCodec codec, OutputStream target, Completion completion)
			throws IOException {
		CountingOutputStream counted = new CountingOutputStream(target);
		long start = System.nanoTime();
		OutputStream encoder = codec.encoder(counted);
		return new MeasuredOutputStream(encoder, counted, completion, System.nanoTime() - start);
	}

	/**
	 * Returns a decoder for {@code codec} that reports its measurement to {@code completion}
	 * when closed after reaching the end of the body.
	 * @param codec the codec
	 * @param source the encoded body
	 * @param completion receives the measurement
	 * @return the decoding stream
	 * @throws IOException if the codec cannot start
	 */
	static InputStream measuredDecoder(ContentCodec codec, InputStream source, Completion completion)
			throws IOException {
		CountingInputStream counted = new CountingInputStream(source);
		return new MeasuredInputStream(codec.decoder(counted), counted, completion);
	}

	/**
	 * Returns a stream that fails with {@link ContentTooLargeException} as soon as more than
	 * {@code maxBytes} bytes have been read from {@code source}, and on every read after that.
	 * @param source the decoded body
	 * @param coding the coding the body was decoded from, for the message
	 * @param maxBytes the largest body allowed, {@link Long#MAX_VALUE} for no limit
	 * @return the limited stream
	 * @throws IllegalArgumentException if {@code maxBytes} is negative
	 */
	static InputStream limited(InputStream source, String coding, long maxBytes) {
		return limited(source, coding, maxBytes, maxBytes);
	}

	/**
	 * Returns a stream limited as {@link #limited(InputStream, String, long)} does, whose
	 * failure names another limit: that of the whole body, for a layer below the last that is
	 * given room beyond it.
	 * @param source the decoded bytes
	 * @param coding the coding they were decoded from, for the message
	 * @param maxBytes the most bytes allowed
	 * @param reportedLimit the limit the failure names
	 * @return the limited stream
	 * @throws IllegalArgumentException if {@code maxBytes} is negative
	 */
	static InputStream limited(InputStream source, String coding, long maxBytes, long reportedLimit) {
		if (maxBytes < 0) {
			throw new IllegalArgumentException("maxBytes must not be negative, was " + maxBytes);
		}
		return new LimitedInputStream(source, coding, maxBytes, reportedLimit);
	}

	/**
	 * Counts the bytes written through it and the time spent below it.
	 */
	private static class CountingOutputStream extends FilterOutputStream {

		long count;

		long nanos;

		CountingOutputStream(OutputStream out) {
			super(out);
		}

		@Override
		public void write(int b) throws IOException {
			long start = System.nanoTime();
			this.out.write(b);
			this.nanos += System.nanoTime() - start;
			this.count++;
		}

		@Override
		public void write(byte[] bytes, int offset, int length) throws IOException {
			long start = System.nanoTime();
			this.out.write(bytes, offset, length);
			this.nanos += System.nanoTime() - start;
			this.count += length;
		}

		@Override
		public void flush() throws IOException {
			long start = System.nanoTime();
			this.out.flush();
			this.nanos += System.nanoTime() - start;
		}

		@Override
		public void close() throws IOException {
			long start = System.nanoTime();
			this.out.close();
			this.nanos += System.nanoTime() - start;
		}

	}

	/**
	 * Counts what goes into an encoder and reports once it is closed, with the time spent
	 * writing its output subtracted from the time spent in it.
	 */
	private static final class MeasuredOutputStream extends CountingOutputStream {

		private final CountingOutputStream target;

		private final Completion completion;

		private boolean closed;

		MeasuredOutputStream(OutputStream encoder, CountingOutputStream target, Completion completion,
				long setupNanos) {
			super(encoder);
			this.target = target;
			this.completion = completion;
			this.nanos = setupNanos;
		}

		@Override
		public void close() throws IOException {
			if (this.closed) {
				return;
			}
			this.closed = true;
			super.close();
			this.completion.completed(this.count, this.target.count, Math.max(0, this.nanos - this.target.nanos));
		}

	}

	/**
	 * Counts the bytes read through it and the time spent below it, and notes the end.
	 */
	private static class CountingInputStream extends FilterInputStream {

		long count;

		long nanos;

		boolean ended;

		CountingInputStream(InputStream in) {
			super(in);
		}

		@Override
		public int read() throws IOException {
			long start = System.nanoTime();
			int b = this.in.read();
			this.nanos += System.nanoTime() - start;
			if (b == -1) {
				this.ended = true;
			}
			else {
				this.count++;
			}
			return b;
		}

		@Override
		public int read(byte[] bytes, int offset, int length) throws IOException {
			long start = System.nanoTime();
			int n = this.in.read(bytes, offset, length);
			this.nanos += System.nanoTime() - start;
			if (n == -1) {
				this.ended = true;
			}
			else {
				this.count += n;
			}
			return n;
		}

	}

	/**
	 * Counts what comes out of a decoder and reports once it is closed after its end, with the
	 * time spent reading its input subtracted from the time spent in it.
	 */
	private static final class MeasuredInputStream extends CountingInputStream {

		private final CountingInputStream source;

		private final Completion completion;

		private boolean closed;

		MeasuredInputStream(InputStream decoder, CountingInputStream source, Completion completion) {
			super(decoder);
			this.source = source;
			this.completion = completion;
		}

		@Override
		public long skip(long n) throws IOException {
			byte[] discard = new byte[(int) Math.min(n, 8192)];
			long skipped = 0;
			while (skipped < n) {
				int read = read(discard, 0, (int) Math.min(discard.length, n - skipped));
				if (read == -1) {
					break;
				}
				skipped += read;
			}
			return skipped;
		}

		@Override
		public boolean markSupported() {
			return false;
		}

		@Override
		public void close() throws IOException {
			if (this.closed) {
				return;
			}
			this.closed = true;
			this.in.close();
			if (this.ended) {
				this.completion.completed(this.count, this.source.count, Math.max(0, this.nanos - this.source.nanos));
			}
		}

	}

	private static final class LimitedInputStream extends FilterInputStream {

		private final String coding;

		private final long maxBytes;

		private final long reportedLimit;

		private long count;

		LimitedInputStream(InputStream in, String coding, long maxBytes, long reportedLimit) {
			super(in);
			this.coding = coding;
			this.maxBytes = maxBytes;
			this.reportedLimit = reportedLimit;
		}

		@Override
		public int read() throws IOException {
			allowed(1);
			int b = this.in.read();
			if (b != -1) {
				count(1);
			}
			return b;
		}

		@Override
		public int read(byte[] bytes, int offset, int length) throws IOException {
			int n = this.in.read(bytes, offset, (int) allowed(length));
			if (n > 0) {
				count(n);
			}
			return n;
		}

		@Override
		public long skip(long n) throws IOException {
			long skipped = this.in.skip(allowed(n));
			count(skipped);
			return skipped;
		}

		/**
		 * Returns how much of a request to pass on: all of it within the limit, else one byte
		 * more than the limit leaves, so that a larger body is noticed.
		 */
		private long allowed(long requested) throws ContentTooLargeException {
			long remaining = this.maxBytes - this.count;
			if (remaining < 0) {
				throw new ContentTooLargeException(this.coding, this.reportedLimit);
			}
			return (requested <= remaining) ? requested : remaining + 1;
		}

		@Override
		public boolean markSupported() {
			return false;
		}

		private void count(long n) throws ContentTooLargeException {
			this.count += n;
			if (this.count > this.maxBytes) {
				throw new ContentTooLargeException(this.coding, this.reportedLimit);
			}
		}

	}

}
