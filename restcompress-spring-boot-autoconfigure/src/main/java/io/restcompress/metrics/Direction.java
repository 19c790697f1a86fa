package io.restcompress.metrics;

/**
 * Which message of an HTTP exchange a body belongs to.
 */
public enum Direction {

	/** The request body. */
	REQUEST,

	/** The response body. */
	RESPONSE

}
