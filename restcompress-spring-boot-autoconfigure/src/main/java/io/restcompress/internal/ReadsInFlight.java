package io.restcompress.internal;

import java.io.Closeable;
import java.io.IOException;

/**
 * Closes the decoders of a body once, and never under a read in progress. A body may be
 * released on one thread (an exchange that timed out, failed, or that the application closed)
 * while another thread is inside a read, and a pooled codec hands its native context to the
 * next body once closed: the decoders are then closed when that read returns, on the thread
 * that read.
 */
public final class ReadsInFlight {

	private final Closeable decoders;

	private int reads;

	private boolean released;

	private boolean closed;

	/**
	 * Creates the guard of one body.
	 * @param decoders closes the body's decoders
	 */
	public ReadsInFlight(Closeable decoders) {
		this.decoders = decoders;
	}

	/**
	 * Begins a read, unless the body was released.
	 * @return {@code true} if the read may go on, in which case {@link #end()} must follow it;
	 * {@code false} if the body was released
	 */
	public synchronized boolean begin() {
		if (this.released) {
			return false;
		}
		this.reads++;
		return true;
	}

	/**
	 * Ends a read begun with {@link #begin()}, closing the decoders if the body was released
	 * meanwhile and no other read is in progress.
	 */
	public void end() {
		boolean close;
		synchronized (this) {
			this.reads--;
			close = this.released && this.reads == 0 && !this.closed;
			this.closed |= close;
		}
		if (close) {
			closeDecoders();
		}
	}

	/**
	 * Releases the body: its decoders are closed at once, or when the read in progress returns.
	 * Later reads do not begin.
	 * @return {@code true} if a read was in progress, which may be waiting for bytes that the
	 * caller should make stop coming
	 */
	public boolean release() {
		boolean close;
		boolean reading;
		synchronized (this) {
			this.released = true;
			reading = this.reads > 0;
			close = !reading && !this.closed;
			this.closed |= close;
		}
		if (close) {
			closeDecoders();
		}
		return reading;
	}

	/**
	 * Whether the body was released.
	 * @return {@code true} once {@link #release()} was called
	 */
	public synchronized boolean released() {
		return this.released;
	}

	private void closeDecoders() {
		try {
			this.decoders.close();
		}
		catch (IOException ex) {
			// the body is over; nothing is left to tell
		}
	}

}
