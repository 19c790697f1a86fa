package io.restcompress.client;

/**
 * When the clients compress request bodies that reach the size threshold.
 */
public enum RequestCompression {

	/**
	 * Only to an origin whose responses advertised the coding in {@code Accept-Encoding}
	 * (RFC 7694).
	 */
	AUTO,

	/**
	 * To every origin, unless an origin advertised that it does not accept the coding.
	 */
	ALWAYS,

	/**
	 * Never.
	 */
	NEVER

}
