package io.restcompress.server.reactive;

import java.nio.ByteBuffer;

import io.restcompress.internal.server.ResponseBodyCopy;
import io.restcompress.internal.server.ResponseFields;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;

/**
 * Feeds the buffers of a response body to its {@link ResponseBodyCopy} as they pass, without
 * consuming them, and ends the copy with the response's status and header fields once the body
 * is complete and the response written: header fields added as the response commits (Spring
 * Security's {@code Cache-Control}, for one) are among them.
 */
final class BodyCopying {

	static final int MAX_CHUNK = 8192;

	private final ResponseBodyCopy copy;

	private volatile boolean whole;

	/**
	 * Starts copying a body.
	 * @param copy where the body goes
	 */
	BodyCopying(ResponseBodyCopy copy) {
		this.copy = copy;
	}

	/**
	 * Returns the body that copies its buffers as they pass.
	 * @param body the body written
	 * @return the body to write in its place
	 */
	Publisher<? extends DataBuffer> feeding(Publisher<? extends DataBuffer> body) {
		if (body instanceof Mono<? extends DataBuffer> single) {
			// a whole body in one buffer; the server may cancel once it has it, before completion
			return single.doOnNext((buffer) -> {
				write(this.copy, buffer);
				this.whole = true;
			});
		}
		return Flux.from(body).doOnNext((buffer) -> write(this.copy, buffer)).doOnComplete(() -> this.whole = true);
	}

	/**
	 * Ends the copy once the response is written, if the whole body went through.
	 * @param status the response's status
	 * @param fields the response's header fields
	 */
	void written(int status, ResponseFields fields) {
		if (this.whole) {
			this.copy.completedQuietly(status, fields);
		}
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
