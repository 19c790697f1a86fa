package io.restcompress.server.reactive;

import java.nio.ByteBuffer;
import java.util.function.IntSupplier;

import io.restcompress.internal.server.ResponseBodyCopy;
import io.restcompress.internal.server.ResponseFields;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;

/**
 * Feeds the buffers of a response body to its {@link ResponseBodyCopy} as they pass, without
 * consuming them, and ends the copy with the response's status and header fields once the body
 * is complete.
 */
final class BodyCopying {

	static final int MAX_CHUNK = 8192;

	private BodyCopying() {
	}

	static Publisher<? extends DataBuffer> of(Publisher<? extends DataBuffer> body, @Nullable ResponseBodyCopy copy,
			IntSupplier status, ResponseFields fields) {
		if (copy == null) {
			return body;
		}
		if (body instanceof Mono<? extends DataBuffer> single) {
			// a whole body in one buffer; the server may cancel once it has it, before completion
			return single.doOnNext((buffer) -> {
				write(copy, buffer);
				copy.completedQuietly(status.getAsInt(), fields);
			});
		}
		return Flux.from(body)
			.doOnNext((buffer) -> write(copy, buffer))
			.doOnComplete(() -> copy.completedQuietly(status.getAsInt(), fields));
	}

	/**
	 * Copies a buffer's readable bytes through a scratch array of at most
	 * {@value #MAX_CHUNK} bytes, whatever the buffer's size: a body written as one large buffer
	 * is not held twice more while it is copied.
	 */
	private static void write(ResponseBodyCopy copy, DataBuffer buffer) {
		byte[] chunk = new byte[Math.min(buffer.readableByteCount(), MAX_CHUNK)];
		try (DataBuffer.ByteBufferIterator readable = buffer.readableByteBuffers()) {
			while (readable.hasNext()) {
				ByteBuffer part = readable.next();
				while (part.hasRemaining()) {
					int length = Math.min(chunk.length, part.remaining());
					part.get(chunk, 0, length);
					copy.write(chunk, 0, length);
				}
			}
		}
	}

}
