package io.restcompress.internal;

import java.io.IOException;
import java.io.InputStream;

/**
 * Reads and drops what is left of a request body the server answers without using, so that the
 * answer does not leave it unread in the connection: the servlet filter's and the WebFlux
 * decoder's drains, over a servlet input stream or a decoder's input.
 */
public final class BodyDrain {

	private BodyDrain() {
	}

	/**
	 * Reads and drops what is left of a body, up to {@code limit} bytes; a read that fails
	 * (the body ended early, or stopped arriving) ends it.
	 * @param body the body
	 * @param limit the most bytes read and dropped
	 * @return whether the body ended within the limit
	 */
	public static boolean drain(InputStream body, long limit) {
		byte[] buffer = new byte[8192];
		long left = limit + 1;
		try {
			int read;
			while (left > 0 && (read = body.read(buffer, 0, (int) Math.min(buffer.length, left))) != -1) {
				left -= read;
			}
			return left > 0;
		}
		catch (IOException | RuntimeException ex) {
			return false;
		}
	}

}
