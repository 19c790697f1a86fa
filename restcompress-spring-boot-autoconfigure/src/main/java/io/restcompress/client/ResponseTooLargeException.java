package io.restcompress.client;

import io.restcompress.codec.ContentTooLargeException;

/**
 * Thrown while reading a response body that decodes to more than the client's limit
 * ({@code restcompress.client.max-decoded-size}, or
 * {@link ClientCompression.Builder#maxDecodedSize(long)}).
 */
public class ResponseTooLargeException extends ContentTooLargeException {

	private final String origin;

	/**
	 * Creates an exception.
	 * @param coding the coding of the response body
	 * @param limit the limit in bytes
	 * @param origin the origin that sent the response
	 */
	public ResponseTooLargeException(String coding, long limit, String origin) {
		super(coding, limit, "Decoded " + coding + " response from " + origin + " exceeds the client limit of " + limit
				+ " bytes (restcompress.client.max-decoded-size)");
		this.origin = origin;
	}

	/**
	 * The origin that sent the response.
	 * @return its scheme, host and port
	 */
	public String getOrigin() {
		return this.origin;
	}

}
