package io.restcompress.codec;

/**
 * Thrown when encoded data is corrupt, truncated, or followed by bytes that belong to no
 * coded frame.
 */
public class CorruptContentException extends ContentDecodingException {

	public CorruptContentException(String coding, String message) {
		this(coding, message, null);
	}

	public CorruptContentException(String coding, String message, Throwable cause) {
		super(coding, "Corrupt " + coding + " data: " + message, cause);
	}

}
