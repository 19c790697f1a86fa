package io.restcompress.sample;

/**
 * What {@code /api/stream} does after writing and flushing each line: by default it waits
 * 50 ms, so that the lines visibly arrive one by one.
 */
@FunctionalInterface
public interface StreamPacing {

	/**
	 * Called after a line has been written and flushed.
	 * @param line the index of the line, from 0
	 * @throws InterruptedException if the thread is interrupted while waiting
	 */
	void afterLine(int line) throws InterruptedException;

}
