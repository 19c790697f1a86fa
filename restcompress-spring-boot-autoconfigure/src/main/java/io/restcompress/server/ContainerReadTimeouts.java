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
 * it can answer with the same {@code 408} problem a WebFlux server gives. Tomcat reports the
 * timeout of an HTTP/1.1 connection as a {@code ClientAbortException} around a
 * {@link SocketTimeoutException}, and that of an HTTP/2 stream
 * ({@code Http2Protocol.streamReadTimeout}) as one around a {@code CloseNowException} around the
 * {@code StreamException} with which it resets the stream once the response is sent.
 */
final class ContainerReadTimeouts extends FilterInputStream {

	private static final String TOMCAT_CLOSE_NOW = "org.apache.coyote.CloseNowException";

	private static final String TOMCAT_HTTP2_STREAM_FAILURE = "org.apache.coyote.http2.StreamException";

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
	 * container's read timed out, the failure itself otherwise.
	 */
	private IOException timedOut(long start, IOException ex) {
		if (!isReadTimeout(ex)) {
			return ex;
		}
		ContentTimeoutException timeout = new ContentTimeoutException(this.coding,
				Duration.ofNanos(System.nanoTime() - start), ex);
		this.timeout = timeout;
		return timeout;
	}

	private static boolean isReadTimeout(IOException ex) {
		for (Throwable failure = ex; failure != null; failure = failure.getCause()) {
			if (failure instanceof SocketTimeoutException || (failure.getClass().getName().equals(TOMCAT_CLOSE_NOW)
					&& failure.getCause() != null
					&& failure.getCause().getClass().getName().equals(TOMCAT_HTTP2_STREAM_FAILURE))) {
				return true;
			}
		}
		return false;
	}

}
