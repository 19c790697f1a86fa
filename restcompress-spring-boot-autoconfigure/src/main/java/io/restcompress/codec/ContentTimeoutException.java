package io.restcompress.codec;

import java.time.Duration;

/**
 * Thrown when an encoded body stops arriving for longer than its reader waits for the next
 * bytes: the peer stalled part-way through, holding the decoder.
 */
public class ContentTimeoutException extends ContentDecodingException {

	private final Duration timeout;

	public ContentTimeoutException(String coding, Duration timeout) {
		super(coding, "No more of the " + coding + " body arrived within " + timeout.toMillis()
				+ " ms; stopped waiting for it", null);
		this.timeout = timeout;
	}

	/**
	 * How long the reader waited for the next bytes.
	 * @return the timeout
	 */
	public Duration getTimeout() {
		return this.timeout;
	}

}
