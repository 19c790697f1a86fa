package io.restcompress.metrics;

/**
 * Which side of an HTTP exchange did the work.
 */
public enum Side {

	/** The application served the exchange. */
	SERVER,

	/** The application made the call. */
	CLIENT

}
