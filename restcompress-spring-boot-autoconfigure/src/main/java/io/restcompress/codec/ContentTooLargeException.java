package io.restcompress.codec;

/**
 * Thrown when decoding would produce more bytes, or demand a larger window, than allowed.
 */
public class ContentTooLargeException extends ContentDecodingException {

	private final long limit;

	public ContentTooLargeException(String coding, long limit) {
		super(coding, "Decoded " + coding + " content exceeds the limit of " + limit + " bytes", null);
		this.limit = limit;
	}

	public ContentTooLargeException(String coding, String message) {
		super(coding, message, null);
		this.limit = -1;
	}

	/**
	 * Creates an exception with a message of its own for an exceeded limit.
	 * @param coding the coding of the body
	 * @param limit the limit in bytes
	 * @param message the message
	 */
	protected ContentTooLargeException(String coding, long limit, String message) {
		super(coding, message, null);
		this.limit = limit;
	}

	/**
	 * The limit that was exceeded, in bytes.
	 * @return the limit, or {@code -1} if the message describes it
	 */
	public long getLimit() {
		return this.limit;
	}

}
