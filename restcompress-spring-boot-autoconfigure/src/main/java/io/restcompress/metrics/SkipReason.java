package io.restcompress.metrics;

/**
 * Why a body went out without a content coding.
 */
public enum SkipReason {

	/** Smaller than the configured threshold. */
	BELOW_THRESHOLD,

	/** The peer accepts none of the enabled codings. */
	NOT_ACCEPTABLE,

	/** Its content type is not a compressible one, or it has none. */
	CONTENT_TYPE,

	/** It already has a content coding, or forbids transformation. */
	ALREADY_ENCODED,

	/** Its method or status never carries an encoded body (HEAD, 204, 206, 304, ranges). */
	STATUS_OR_METHOD,

	/** Its handler is not annotated for compression, or is excluded. */
	NOT_ANNOTATED,

	/** Compression is switched off for it (policy, opt-out or excluded path). */
	DISABLED,

	/**
	 * The adaptive decision predicted it to arrive sooner unencoded, or its peer is on a
	 * link where compression never pays (loopback, this host).
	 */
	ADAPTIVE

}
