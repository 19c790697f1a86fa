package io.restcompress.codec;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when an encoded body stops arriving for longer than its reader waits for the next
 * bytes: the peer stalled part-way through, holding the decoder.
 */
public class ContentTimeoutException extends ContentDecodingException {

	private final Duration timeout;

	public ContentTimeoutException(String coding, Duration timeout) {
		this(coding, timeout, null);
	}

	/**
	 * Creates an exception for a body whose next bytes did not arrive within {@code timeout},
	 * as {@code cause}, the transport's own timeout, reported.
	 * @param coding the body's coding
	 * @param timeout how long the reader waited
	 * @param cause the transport's timeout, or {@code null}
	 */
	public ContentTimeoutException(String coding, Duration timeout, @Nullable Throwable cause) {
		super(coding, "No more of the " + coding + " body arrived within " + timeout.toMillis()
				+ " ms; stopped waiting for it", cause);
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
