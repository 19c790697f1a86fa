package io.restcompress.client;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;

/**
 * Counts the bytes of a {@code WebClient} request body as the application writes it, so that a
 * resend after a {@code 415} can tell a body that could be written only once: one read from an
 * {@code InputStream} is empty the second time, and resent so, the origin would take the empty
 * body for the request's. A resend whose body is empty where the first, completely written one
 * was not fails before it ends, so the request is aborted instead. Lengths are not compared
 * otherwise: a body written again in full may differ in length (a multipart body gets a new
 * boundary of random length each time). A body whose first writing had not ended when the
 * {@code 415} came (a server may answer before it has read the body) is not resent at all: a
 * body read from an {@code InputStream} would go out again as the rest of the stream, which no
 * check tells from a whole body.
 */
final class BodyTally {

	private final long expected;

	private volatile long written = -1;

	private volatile boolean counted;

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
	 * Whether the body this tally counts was written to its end, or there was none.
	 * @return {@code true} if it ended
	 */
	boolean ended() {
		return this.written >= 0 || !this.counted;
	}

	/**
	 * Returns the length of the body this tally counted to its end.
	 * @return the length, or {@code -1} if the body has not ended
	 */
	long written() {
		return this.written;
	}

	/**
	 * Counts a body's buffers and checks its length when it ends.
	 * @param body the body as the application writes it
	 * @return the same buffers, failing at the end if a resend's body is empty and the first was not
	 */
	Flux<DataBuffer> counting(Flux<? extends DataBuffer> body) {
		this.counted = true;
		return Flux.defer(() -> {
			long[] size = new long[1];
			return body.<DataBuffer>map((buffer) -> {
				size[0] += buffer.readableByteCount();
				return buffer;
			}).concatWith(Mono.defer(() -> ended(size[0])));
		});
	}

	private Mono<DataBuffer> ended(long size) {
		if (this.expected > 0 && size == 0) {
			return Mono.error(new IllegalStateException("The request body could not be written again to resend it "
					+ "after a 415 that named other codings: it was empty the second time, " + this.expected
					+ " bytes the first; a body that is sent again must be one that can be written twice"));
		}
		this.written = size;
		return Mono.empty();
	}

}
