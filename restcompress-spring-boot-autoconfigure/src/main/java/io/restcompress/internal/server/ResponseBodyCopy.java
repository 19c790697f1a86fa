package io.restcompress.internal.server;

import org.apache.commons.logging.LogFactory;

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
	 * @param fields the response's header fields
	 */
	void completed(int status, ResponseFields fields);

	/**
	 * Ends the copy as {@link #completed} does, logging a failure to keep it instead of
	 * throwing it: the response it copies is complete and fine whatever becomes of the copy.
	 * @param status the response's status code
	 * @param fields the response's header fields
	 */
	default void completedQuietly(int status, ResponseFields fields) {
		try {
			completed(status, fields);
		}
		catch (RuntimeException ex) {
			LogFactory.getLog(ResponseBodyCopy.class).warn("Could not keep the copy of a response body", ex);
		}
	}

}
