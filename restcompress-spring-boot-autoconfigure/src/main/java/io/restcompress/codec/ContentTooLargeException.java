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
	 * The limit that was exceeded, in bytes.
	 * @return the limit, or {@code -1} if the message describes it
	 */
	public long getLimit() {
		return this.limit;
	}

}
