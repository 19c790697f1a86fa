package io.restcompress.codec;

import java.io.IOException;

import org.jspecify.annotations.Nullable;

/**
 * Thrown while decoding a body that cannot be accepted. The server answers these with a 4xx
 * problem response rather than a server error.
 */
public abstract class ContentDecodingException extends IOException {

	private final String coding;

	protected ContentDecodingException(String coding, String message, @Nullable Throwable cause) {
		super(message, cause);
		this.coding = coding;
	}

	/**
	 * The coding of the body that failed to decode.
	 * @return the coding token
	 */
	public String getCoding() {
		return this.coding;
	}

}
