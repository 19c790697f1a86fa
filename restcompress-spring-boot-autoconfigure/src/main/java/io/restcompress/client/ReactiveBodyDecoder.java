package io.restcompress.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.Executor;

import io.restcompress.codec.ContentCodec;
import reactor.core.publisher.Flux;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferFactory;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;

/**
 * Decodes a {@code Flux<DataBuffer>} incrementally through a bounded bridge: the codec's
 * decoder runs on a thread of {@code executor}, reading from a {@link DataBufferInputStream}
 * that holds at most {@value #PREFETCH} upstream buffers, and writes decoded chunks of at most
 * {@value #CHUNK_SIZE} bytes that are published only on demand. Event-loop threads never
 * block: they only queue buffers and wake the decoder. Cancelling closes the bridge, which
 * cancels the upstream and releases what it holds.
 */
final class ReactiveBodyDecoder {

	static final int PREFETCH = 4;

	static final int CHUNK_SIZE = 16 * 1024;

	private final ClientCompression compression;

	private final Executor executor;

	private final DataBufferFactory bufferFactory = DefaultDataBufferFactory.sharedInstance;

	ReactiveBodyDecoder(ClientCompression compression, Executor executor) {
		this.compression = compression;
		this.executor = executor;
	}

	Flux<DataBuffer> decode(Flux<DataBuffer> body, List<ContentCodec> decoders) {
		return Flux.defer(() -> {
			DataBufferInputStream input = new DataBufferInputStream(body, PREFETCH);
			return Flux
				.from(DataBufferUtils.outputStreamPublisher(
						(output) -> copy(this.compression.decodingStream(input, decoders), output), this.bufferFactory,
						this.executor, CHUNK_SIZE))
				.doOnCancel(input::close)
				.onErrorMap(ReactiveBodyDecoder::isWrapper, ReactiveBodyDecoder::unwrap);
		});
	}

	private static void copy(InputStream decoded, OutputStream output) {
		try (decoded) {
			byte[] chunk = new byte[CHUNK_SIZE];
			int n;
			while ((n = decoded.read(chunk)) != -1) {
				output.write(chunk, 0, n);
				output.flush();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
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

}
