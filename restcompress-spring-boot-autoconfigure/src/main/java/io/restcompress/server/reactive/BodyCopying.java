package io.restcompress.server.reactive;

import java.nio.ByteBuffer;
import java.util.function.IntSupplier;

import io.restcompress.internal.server.ResponseBodyCopy;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;

/**
 * Feeds the buffers of a response body to its {@link ResponseBodyCopy} as they pass, without
 * consuming them, and ends the copy with the response's status once the body is complete.
 */
final class BodyCopying {

	private static final Log logger = LogFactory.getLog(BodyCopying.class);

	private BodyCopying() {
	}

	static Publisher<? extends DataBuffer> of(Publisher<? extends DataBuffer> body, @Nullable ResponseBodyCopy copy,
			IntSupplier status) {
		if (copy == null) {
			return body;
		}
		if (body instanceof Mono<? extends DataBuffer> single) {
			// a whole body in one buffer; the server may cancel once it has it, before completion
			return single.doOnNext((buffer) -> {
				write(copy, buffer);
				complete(copy, status);
			});
		}
		return Flux.from(body).doOnNext((buffer) -> write(copy, buffer)).doOnComplete(() -> complete(copy, status));
	}

	private static void write(ResponseBodyCopy copy, DataBuffer buffer) {
		try (DataBuffer.ByteBufferIterator readable = buffer.readableByteBuffers()) {
			while (readable.hasNext()) {
				ByteBuffer part = readable.next();
				byte[] chunk = new byte[part.remaining()];
				part.get(chunk);
				copy.write(chunk, 0, chunk.length);
			}
		}
	}

	/**
	 * Ends the copy; a failure to keep it is logged, since the response itself is fine.
	 */
	private static void complete(ResponseBodyCopy copy, IntSupplier status) {
		try {
			copy.completed(status.getAsInt());
		}
		catch (RuntimeException ex) {
			logger.warn("Could not keep a response body", ex);
		}
	}

}
