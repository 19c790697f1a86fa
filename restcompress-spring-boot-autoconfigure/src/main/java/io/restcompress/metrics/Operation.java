package io.restcompress.metrics;

/**
 * What a codec did to a body.
 */
public enum Operation {

	/** The body was encoded before it was sent. */
	ENCODE,

	/** The body was decoded after it was received. */
	DECODE

}
