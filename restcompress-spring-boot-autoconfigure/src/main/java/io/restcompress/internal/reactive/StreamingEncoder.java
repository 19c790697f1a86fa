package io.restcompress.internal.reactive;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

import io.restcompress.codec.CodecStreams;
import io.restcompress.codec.ContentCodec;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferFactory;
import org.springframework.core.io.buffer.DataBufferUtils;

/**
 * Encodes a {@code Flux<DataBuffer>} as it flows: each buffer is pushed through the codec's
 * encoder a slice at a time, on the thread that asks for the next encoded bytes (encoding
 * in-memory bytes never blocks), and whatever encoded bytes the codec emitted are passed on; a
 * {@link #flush()} makes everything written so far decodable. A large buffer is encoded only as
 * fast as the server or client takes the encoded bytes, so a peer that stops reading holds back
 * the encoding instead of making it produce the whole encoded body at once. Memory is the
 * codec's window, the buffers given, and the encoded bytes the consumer asked for ahead of its
 * writes: Reactor Netty asks for up to 128 buffers ({@code reactor.netty.send.maxPrefetchSize}),
 * each what the codec emits for one slice or a few (an lzf chunk of 64 KB of body, a zstd
 * block). The encoder is closed on completion, error and cancel (which may come from another
 * thread, hence the locking); only a completed body is recorded.
 */
public final class StreamingEncoder {

	/** How many bytes of a buffer are encoded at a time. */
	static final int SLICE = 8192;

	private final ByteArrayOutputStream sink = new ByteArrayOutputStream(8192);

	private final byte[] scratch = new byte[SLICE];

	private final ArrayDeque<DataBuffer> unencoded = new ArrayDeque<>();

	private final Iterable<DataBuffer> encodedAsRead = () -> new EncodedSlices();

	private final DataBufferFactory bufferFactory;

	private final OutputStream encoder;

	private boolean finishing;

	private boolean closed;

	private StreamingEncoder(ContentCodec codec, DataBufferFactory bufferFactory, CodecStreams.Completion completion)
			throws IOException {
		this.bufferFactory = bufferFactory;
		this.encoder = CodecStreams.measuredEncoder(codec, this.sink, (identity, encoded, nanos) -> {
			if (this.finishing) {
				completion.completed(identity, encoded, nanos);
			}
		});
	}

	/**
	 * Opens an encoder; the caller must {@link #finish()} or {@link #close()} it.
	 * @param codec the coding
	 * @param bufferFactory creates the encoded buffers
	 * @param completion told the sizes and time once the body is finished
	 * @return the encoder
	 * @throws IOException if the codec cannot start
	 */
	public static StreamingEncoder open(ContentCodec codec, DataBufferFactory bufferFactory,
			CodecStreams.Completion completion) throws IOException {
		return new StreamingEncoder(codec, bufferFactory, completion);
	}

	/**
	 * Encodes a body as it flows, finishing the encoding when it completes.
	 * @param body the body
	 * @param codec the coding
	 * @param bufferFactory creates the encoded buffers
	 * @param completion told the sizes and time once the body is finished
	 * @return the encoded body
	 */
	public static Flux<DataBuffer> encode(Flux<DataBuffer> body, ContentCodec codec, DataBufferFactory bufferFactory,
			CodecStreams.Completion completion) {
		return Flux.using(() -> new StreamingEncoder(codec, bufferFactory, completion),
				(encoder) -> body.concatMap((buffer) -> Flux.fromIterable(encoder.writeAsRead(buffer)))
					.onErrorMap(UncheckedIOException.class, UncheckedIOException::getCause)
					.concatWith(Mono.fromCallable(encoder::finish))
					.doOnDiscard(DataBuffer.class, DataBufferUtils::release),
				StreamingEncoder::close);
	}

	/**
	 * Takes a buffer to encode a slice at a time as the bytes of {@link #encoded()} are read.
	 * The buffer is released once it is encoded, or when the encoder is closed.
	 * @param buffer the unencoded bytes
	 */
	public synchronized void take(DataBuffer buffer) {
		if (this.closed) {
			DataBufferUtils.release(buffer);
			return;
		}
		this.unencoded.add(buffer);
	}

	/**
	 * Returns the encoded bytes of the buffers taken and not encoded yet. Each step of an
	 * iteration encodes slices until the codec emits bytes, so the encoding keeps pace with
	 * the reading.
	 * @return the encoded bytes, produced as they are iterated; the iteration throws an
	 * {@link UncheckedIOException} if the codec fails
	 */
	public Iterable<DataBuffer> encoded() {
		return this.encodedAsRead;
	}

	/**
	 * Takes a buffer and returns the encoded bytes, produced as they are iterated.
	 * @param buffer the unencoded bytes
	 * @return the encoded bytes of this buffer and any taken before it
	 * @see #take(DataBuffer)
	 * @see #encoded()
	 */
	public Iterable<DataBuffer> writeAsRead(DataBuffer buffer) {
		take(buffer);
		return encoded();
	}

	/**
	 * Encodes slices of the buffers taken until the codec emits bytes or none are left.
	 * @return the bytes emitted, or {@code null} when every buffer is encoded (or the encoder
	 * closed) and the codec emitted nothing
	 */
	private synchronized @Nullable DataBuffer encodeNextSlices() throws IOException {
		while (!this.closed && !this.unencoded.isEmpty()) {
			encodeSlice(this.unencoded.peek());
			DataBuffer encoded = drain();
			if (encoded != null) {
				return encoded;
			}
		}
		return null;
	}

	private void encodeUnencoded() throws IOException {
		while (!this.closed && !this.unencoded.isEmpty()) {
			encodeSlice(this.unencoded.peek());
		}
	}

	private void encodeSlice(DataBuffer buffer) throws IOException {
		int n = Math.min(buffer.readableByteCount(), this.scratch.length);
		if (n > 0) {
			buffer.read(this.scratch, 0, n);
			this.encoder.write(this.scratch, 0, n);
		}
		if (buffer.readableByteCount() == 0) {
			this.unencoded.remove();
			DataBufferUtils.release(buffer);
		}
	}

	/**
	 * Flushes the codec, so that the bytes returned so far decode to everything written.
	 * @return the encoded bytes the flush emitted, or {@code null} if none
	 * @throws IOException if the codec fails
	 */
	public synchronized @Nullable DataBuffer flush() throws IOException {
		if (this.closed) {
			return null;
		}
		encodeUnencoded();
		this.encoder.flush();
		return drain();
	}

	/**
	 * Finishes the encoding and reports it to the completion.
	 * @return the last encoded bytes, or {@code null} if none
	 * @throws IOException if the codec fails
	 */
	public synchronized @Nullable DataBuffer finish() throws IOException {
		if (this.closed) {
			return null;
		}
		encodeUnencoded();
		this.finishing = true;
		this.closed = true;
		this.encoder.close();
		return drain();
	}

	/**
	 * Releases the codec of a body that will not be finished; does nothing after
	 * {@link #finish()}.
	 */
	public synchronized void close() {
		this.unencoded.forEach(DataBufferUtils::release);
		this.unencoded.clear();
		if (!this.closed) {
			this.closed = true;
			try {
				this.encoder.close();
			}
			catch (IOException ex) {
				// the body failed or was cancelled; only the codec's resources matter here
			}
		}
	}

	private @Nullable DataBuffer drain() {
		if (this.sink.size() == 0) {
			return null;
		}
		DataBuffer encoded = this.bufferFactory.wrap(this.sink.toByteArray());
		this.sink.reset();
		return encoded;
	}

	/**
	 * The encoded bytes of the buffers taken, each encoded when the iteration asks whether
	 * there are more.
	 */
	private final class EncodedSlices implements Iterator<DataBuffer> {

		private @Nullable DataBuffer next;

		@Override
		public boolean hasNext() {
			if (this.next == null) {
				try {
					this.next = encodeNextSlices();
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			}
			return this.next != null;
		}

		@Override
		public DataBuffer next() {
			if (!hasNext()) {
				throw new NoSuchElementException();
			}
			DataBuffer encoded = this.next;
			this.next = null;
			return encoded;
		}

	}

}
