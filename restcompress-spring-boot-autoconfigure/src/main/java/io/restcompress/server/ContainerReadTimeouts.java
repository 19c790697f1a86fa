package io.restcompress.server;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.time.Duration;

import io.restcompress.codec.ContentTimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * The container's stream of an encoded request body, on which the container's read timeout
 * becomes a {@link ContentTimeoutException} naming the coding and the time the read waited, so
 * that the decoders report it as a timeout and the error dispatch that the container starts for
 * it can answer with the same {@code 408} problem a WebFlux server gives.
 */
final class ContainerReadTimeouts extends FilterInputStream {

	private final String coding;

	private volatile @Nullable ContentTimeoutException timeout;

	ContainerReadTimeouts(InputStream container, String coding) {
		super(container);
		this.coding = coding;
	}

	@Override
	public int read() throws IOException {
		long start = System.nanoTime();
		try {
			return super.read();
		}
		catch (IOException ex) {
			throw timedOut(start, ex);
		}
	}

	@Override
	public int read(byte[] bytes, int offset, int length) throws IOException {
		long start = System.nanoTime();
		try {
			return super.read(bytes, offset, length);
		}
		catch (IOException ex) {
			throw timedOut(start, ex);
		}
	}

	/**
	 * The timeout that ended the body, if the container's read timed out.
	 * @return the timeout, or {@code null}
	 */
	@Nullable ContentTimeoutException timeout() {
		return this.timeout;
	}

	/**
	 * Returns the failure of a read to throw: a {@link ContentTimeoutException} when the
	 * container's read timed out (Tomcat throws its {@code ClientAbortException} around the
	 * {@link SocketTimeoutException}), the failure itself otherwise.
	 */
	private IOException timedOut(long start, IOException ex) {
		if (!(ex instanceof SocketTimeoutException || ex.getCause() instanceof SocketTimeoutException)) {
			return ex;
		}
		ContentTimeoutException timeout = new ContentTimeoutException(this.coding,
				Duration.ofNanos(System.nanoTime() - start), ex);
		this.timeout = timeout;
		return timeout;
	}

}
