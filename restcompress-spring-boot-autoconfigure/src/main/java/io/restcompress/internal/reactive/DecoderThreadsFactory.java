package io.restcompress.internal.reactive;


/**
 * Creates the {@link DecoderThreads} of a reactive client or server, failing at startup on a
 * limit that cannot work.
 */
public final class DecoderThreadsFactory {

	/** The most bodies that wait for a decoder thread before new ones are refused. */
	static final int MAX_QUEUED = 1024;

	private DecoderThreadsFactory() {
	}

	/**
	 * Creates the decoder threads.
	 * @param name the prefix of the threads' names
	 * @param property the property that sets the limit, for the startup failure
	 * @param maxThreads the most threads
	 * @return the threads
	 */
	public static DecoderThreads create(String name, String property, int maxThreads) {
		if (maxThreads < 1) {
			throw new IllegalArgumentException(property + " must be at least 1, was " + maxThreads);
		}
		return new DecoderThreads(name, maxThreads, MAX_QUEUED);
	}

}
