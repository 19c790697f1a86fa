package io.restcompress.client;

import java.io.IOException;
import java.io.OutputStream;

import org.springframework.http.StreamingHttpOutputMessage;

/**
 * Measures a body of unknown length that can be written again, up to a threshold: the body is
 * written into a stream that counts its bytes and stops the writing once the threshold is
 * reached, so that at most the threshold is produced to find out.
 */
final class ThresholdProbe extends OutputStream {

	private final long threshold;

	private final Reached reached = new Reached();

	private long size;

	private ThresholdProbe(long threshold) {
		this.threshold = threshold;
	}

	/**
	 * Returns the body's size if it is below {@code threshold}, otherwise the threshold.
	 * @param body the body, written once into the probe
	 * @param threshold the size from which on the exact size does not matter, at least 1 so that
	 * an empty body is told from another ({@code SizeThreshold.bytesToDecide})
	 * @return the size, at most the threshold
	 * @throws IOException if writing the body fails for another reason
	 */
	static long sizeUpTo(StreamingHttpOutputMessage.Body body, long threshold) throws IOException {
		ThresholdProbe probe = new ThresholdProbe(threshold);
		try {
			body.writeTo(probe);
		}
		catch (IOException | RuntimeException ex) {
			if (!probe.stoppedBy(ex)) {
				throw ex;
			}
		}
		return Math.min(probe.size, threshold);
	}

	@Override
	public void write(int b) throws IOException {
		add(1);
	}

	@Override
	public void write(byte[] b, int off, int len) throws IOException {
		add(len);
	}

	private void add(long length) throws Reached {
		this.size += length;
		if (this.size >= this.threshold) {
			throw this.reached;
		}
	}

	/**
	 * Whether the writing ended because the threshold was reached: the probe's signal, as it is
	 * or wrapped by the code that wrote the body (a message converter, a JSON generator).
	 */
	private boolean stoppedBy(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause == this.reached) {
				return true;
			}
			for (Throwable suppressed : cause.getSuppressed()) {
				if (suppressed == this.reached) {
					return true;
				}
			}
		}
		return this.size >= this.threshold;
	}

	/** The probe's signal that the threshold is reached; carries no stack trace. */
	private static final class Reached extends IOException {

		Reached() {
			super("The body reached the compression threshold");
		}

		@Override
		public synchronized Throwable fillInStackTrace() {
			return this;
		}

	}

}
