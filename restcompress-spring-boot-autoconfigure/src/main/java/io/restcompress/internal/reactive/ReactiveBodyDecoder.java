package io.restcompress.internal.reactive;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.Executor;

import io.restcompress.codec.ContentTooLargeException;
import io.restcompress.codec.CorruptContentException;
import io.restcompress.internal.BodyDrain;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferFactory;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;

/**
 * Decodes a {@code Flux<DataBuffer>} incrementally through a bounded bridge: the blocking
 * decoder runs on a thread of {@code executor}, reading from a {@link DataBufferInputStream}
 * that holds at most {@value #PREFETCH} upstream buffers, and writes decoded chunks of at most
 * {@value #CHUNK_SIZE} bytes that are published only on demand. Event-loop threads never
 * block: they only queue buffers and wake the decoder. Cancelling closes the bridge, which
 * cancels the upstream and releases what it holds; so does a task the executor refuses, whose
 * body is cancelled unread. With an idle timeout, a body whose next
 * bytes do not arrive in time fails with a {@code ContentTimeoutException}, which frees its
 * thread.
 */
public final class ReactiveBodyDecoder {

	/** The most upstream buffers held ahead of the decoder. */
	public static final int PREFETCH = 4;

	/** The largest decoded chunk published. */
	public static final int CHUNK_SIZE = 16 * 1024;

	private final Executor executor;

	private final Duration idleTimeout;

	private final long drainedAfterRefusal;

	private final Duration drainTimeout;

	private final DataBufferFactory bufferFactory = DefaultDataBufferFactory.sharedInstance;

	/**
	 * Creates a decoder whose blocking reads run on {@code executor}, one task per body.
	 * @param executor runs the decoding tasks, never on an event loop
	 */
	public ReactiveBodyDecoder(Executor executor) {
		this(executor, Duration.ZERO);
	}

	/**
	 * Creates a decoder whose blocking reads run on {@code executor}, one task per body, and
	 * wait at most {@code idleTimeout} for the next bytes of a body.
	 * @param executor runs the decoding tasks, never on an event loop
	 * @param idleTimeout the longest a decoder waits for the next bytes, or zero to wait as long
	 * as it takes
	 */
	public ReactiveBodyDecoder(Executor executor, Duration idleTimeout) {
		this(executor, idleTimeout, 0, Duration.ZERO);
	}

	/**
	 * Creates a decoder whose blocking reads run on {@code executor}, one task per body, wait
	 * at most {@code idleTimeout} for the next bytes of a body, and, when the decoded body
	 * turns out too large or corrupt, read and drop up to {@code drainedAfterRefusal} more
	 * bytes of the encoded body, for at most {@code drainTimeout}, before they fail it, so that
	 * the server's answer does not leave a short rest of it unread.
	 * @param executor runs the decoding tasks, never on an event loop
	 * @param idleTimeout the longest a decoder waits for the next bytes, or zero to wait as long
	 * as it takes
	 * @param drainedAfterRefusal the most of the encoded body read and dropped after the
	 * decoding fails, or zero to read none
	 * @param drainTimeout the longest the decoder reads and drops the rest of such a body, or
	 * zero to read none
	 */
	public ReactiveBodyDecoder(Executor executor, Duration idleTimeout, long drainedAfterRefusal,
			Duration drainTimeout) {
		if (idleTimeout.isNegative()) {
			throw new IllegalArgumentException("The idle timeout must not be negative, was " + idleTimeout);
		}
		if (drainTimeout.isNegative()) {
			throw new IllegalArgumentException("The drain timeout must not be negative, was " + drainTimeout);
		}
		this.executor = executor;
		this.idleTimeout = idleTimeout;
		this.drainedAfterRefusal = drainedAfterRefusal;
		this.drainTimeout = drainTimeout;
	}

	/**
	 * Returns the decoded body; nothing is read until it is subscribed to.
	 * @param body the encoded body
	 * @param decoding opens the decoded stream over the encoded one
	 * @return the decoded body
	 */
	public Flux<DataBuffer> decode(Flux<DataBuffer> body, Decoding decoding) {
		return decode(body, () -> {
		}, "encoded", decoding);
	}

	/**
	 * Returns the decoded body; nothing is read until it is subscribed to.
	 * @param body the encoded body
	 * @param afterDemand runs on the decoder's thread each time it has asked for more of the
	 * body
	 * @param coding the body's codings, as its {@code Content-Encoding} names them, for a
	 * timeout's message
	 * @param decoding opens the decoded stream over the encoded one
	 * @return the decoded body
	 */
	public Flux<DataBuffer> decode(Flux<DataBuffer> body, Runnable afterDemand, String coding, Decoding decoding) {
		return decode(body, afterDemand, null, coding, decoding);
	}

	/**
	 * Returns the decoded body; nothing is read until it is subscribed to.
	 * @param body the encoded body
	 * @param afterDemand runs on the decoder's thread each time it has asked for more of the
	 * body
	 * @param whileStarved runs on the decoder's thread at intervals while it waits for bytes it
	 * has asked for, for a transport that may miss the moment they arrive, or {@code null}
	 * @param coding the body's codings, as its {@code Content-Encoding} names them, for a
	 * timeout's message
	 * @param decoding opens the decoded stream over the encoded one
	 * @return the decoded body
	 */
	public Flux<DataBuffer> decode(Flux<DataBuffer> body, Runnable afterDemand, @Nullable Runnable whileStarved,
			String coding, Decoding decoding) {
		return Flux.defer(() -> {
			DataBufferInputStream input = new DataBufferInputStream(body, PREFETCH, afterDemand, whileStarved,
					this.idleTimeout, coding);
			return Flux
				.from(DataBufferUtils.outputStreamPublisher((output) -> copy(decoding, input, output),
						this.bufferFactory, this.executor, CHUNK_SIZE))
				.doFinally((signal) -> input.close())
				.onErrorMap(ReactiveBodyDecoder::isWrapper, ReactiveBodyDecoder::unwrap);
		});
	}

	private void copy(Decoding decoding, DataBufferInputStream input, OutputStream output) {
		try (InputStream decoded = decoding.open(new FilterInputStream(input) {

			@Override
			public void close() {
				// closed below, once what is left of a refused body has been drained
			}

		})) {
			byte[] chunk = new byte[CHUNK_SIZE];
			int n;
			while ((n = decoded.read(chunk)) != -1) {
				output.write(chunk, 0, n);
				output.flush();
			}
		}
		catch (ContentTooLargeException | CorruptContentException ex) {
			if (this.drainedAfterRefusal > 0) {
				BodyDrain.drain(input, this.drainedAfterRefusal, this.drainTimeout);
			}
			throw new UncheckedIOException(ex);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		finally {
			input.close();
		}
	}

	private static boolean isWrapper(Throwable failure) {
		return failure instanceof UncheckedIOException;
	}

	private static Throwable unwrap(Throwable failure) {
		Throwable cause = failure.getCause();
		if (cause instanceof DataBufferInputStream.UpstreamException upstream && upstream.getCause() != null) {
			return upstream.getCause();
		}
		return (cause != null) ? cause : failure;
	}

	/**
	 * Opens the decoded stream over an encoded one.
	 */
	@FunctionalInterface
	public interface Decoding {

		/**
		 * Opens the decoded stream; closing it closes {@code encoded}.
		 * @param encoded the encoded body
		 * @return the decoded body
		 * @throws IOException if the decoder cannot start
		 */
		InputStream open(InputStream encoded) throws IOException;

	}

}
