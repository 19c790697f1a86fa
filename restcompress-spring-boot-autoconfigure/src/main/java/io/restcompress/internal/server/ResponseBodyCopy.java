package io.restcompress.internal.server;

/**
 * The copy of one response's body, fed as the application writes it. Used by one exchange at a
 * time.
 */
public interface ResponseBodyCopy {

	/**
	 * Copies bytes of the body.
	 * @param bytes the bytes
	 * @param offset where they start
	 * @param length how many
	 */
	void write(byte[] bytes, int offset, int length);

	/**
	 * Forgets what was copied: the application is writing the body anew.
	 */
	void reset();

	/**
	 * Ends the copy of a body that is complete.
	 * @param status the response's status code
	 */
	void completed(int status);

}
