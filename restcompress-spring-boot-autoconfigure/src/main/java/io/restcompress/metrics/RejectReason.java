package io.restcompress.metrics;

/**
 * Why an encoded body was refused.
 */
public enum RejectReason {

	/** Its coding is not supported (415). */
	UNSUPPORTED_CODING,

	/** Its data is corrupt, truncated or followed by garbage (400). */
	CORRUPT,

	/** It decodes to more than the limit (413). */
	TOO_LARGE,

	/** It stopped arriving part-way for longer than the decoder waits (408). */
	TIMEOUT

}
