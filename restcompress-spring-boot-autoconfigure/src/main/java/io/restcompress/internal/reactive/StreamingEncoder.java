package io.restcompress.internal.reactive;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

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
 * encoder on the thread that delivers it (encoding in-memory bytes never blocks), and whatever
 * encoded bytes the codec emitted are passed on; a {@link #flush()} makes everything written so
 * far decodable. Memory is the codec's window plus one buffer. The encoder is closed on
 * completion, error and cancel (which may come from another thread, hence the locking); only a
 * completed body is recorded.
 */
public final class StreamingEncoder {

	private final ByteArrayOutputStream sink = new ByteArrayOutputStream(8192);

	private final byte[] scratch = new byte[8192];

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
				(encoder) -> body.<DataBuffer>handle((buffer, sink) -> {
					try {
						DataBuffer encoded = encoder.write(buffer);
						if (encoded != null) {
							sink.next(encoded);
						}
					}
					catch (IOException ex) {
						sink.error(ex);
					}
				}).concatWith(Mono.fromCallable(encoder::finish)), StreamingEncoder::close);
	}

	/**
	 * Encodes and releases a buffer.
	 * @param buffer the unencoded bytes
	 * @return the encoded bytes the codec emitted, or {@code null} if it emitted none yet
	 * @throws IOException if the codec fails
	 */
	public synchronized @Nullable DataBuffer write(DataBuffer buffer) throws IOException {
		try {
			int remaining;
			while (!this.closed && (remaining = buffer.readableByteCount()) > 0) {
				int n = Math.min(remaining, this.scratch.length);
				buffer.read(this.scratch, 0, n);
				this.encoder.write(this.scratch, 0, n);
			}
		}
		finally {
			DataBufferUtils.release(buffer);
		}
		return drain();
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
		this.encoder.flush();
		return drain();
	}

	/**
	 * Finishes the encoding and reports it to the completion.
	 * @return the last encoded bytes, or {@code null} if none
	 * @throws IOException if the codec fails
	 */
	public synchronized @Nullable DataBuffer finish() throws IOException {
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

}
