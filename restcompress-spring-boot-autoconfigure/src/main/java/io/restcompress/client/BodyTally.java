package io.restcompress.client;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;

/**
 * Counts the bytes of a {@code WebClient} request body as the application writes it, so that a
 * resend after a {@code 415} can check that the body was written again in full: a body that
 * can be written only once (an {@code InputStream} read into buffers, a hot publisher) would
 * otherwise be resent empty or cut short, and the origin would take that for the body. A
 * resend whose body differs in length from the first, completely written one fails before
 * it ends, so the request is aborted instead.
 */
final class BodyTally {

	private final long expected;

	private volatile long written = -1;

	private BodyTally(long expected) {
		this.expected = expected;
	}

	/**
	 * Returns a tally for a first attempt, which expects nothing.
	 * @return the tally
	 */
	static BodyTally first() {
		return new BodyTally(-1);
	}

	/**
	 * Returns the tally of a resend, which expects this attempt's length if its body was
	 * written to its end.
	 * @return the tally
	 */
	BodyTally forResend() {
		return new BodyTally(this.written);
	}

	/**
	 * Counts a body's buffers and checks its length when it ends.
	 * @param body the body as the application writes it
	 * @return the same buffers, failing at the end if a resend's body is not as long as the first
	 */
	Flux<DataBuffer> counting(Flux<? extends DataBuffer> body) {
		return Flux.defer(() -> {
			long[] size = new long[1];
			return body.<DataBuffer>map((buffer) -> {
				size[0] += buffer.readableByteCount();
				return buffer;
			}).concatWith(Mono.defer(() -> ended(size[0])));
		});
	}

	private Mono<DataBuffer> ended(long size) {
		if (this.expected >= 0 && size != this.expected) {
			return Mono.error(new IllegalStateException("The request body could not be written again to resend it "
					+ "after a 415 that named other codings: " + size + " bytes instead of " + this.expected
					+ "; a body that is sent again must be one that can be written twice"));
		}
		this.written = size;
		return Mono.empty();
	}

}
