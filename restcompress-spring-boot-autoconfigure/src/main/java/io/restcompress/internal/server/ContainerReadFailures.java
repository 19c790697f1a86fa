package io.restcompress.internal.server;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.time.Duration;

import io.restcompress.codec.ContentDecodingException;
import io.restcompress.codec.ContentTimeoutException;
import io.restcompress.codec.CorruptContentException;
import org.jspecify.annotations.Nullable;

/**
 * An encoded request body as the server delivers it, on whose read failures the server's own
 * become decoding failures, the same on every stack: a read timeout a
 * {@link ContentTimeoutException} naming the coding and the time the read waited ({@code 408}),
 * and a body that ends before its declared length, because the client closed its side of the
 * connection, a {@link CorruptContentException} naming the coding ({@code 400}, as a truncated
 * coded frame gets). A servlet container answers either with an error dispatch of its own, which
 * the servlet filter turns into the problem response for {@link #failure()}; on a reactive server
 * the failure fails the decoded body, as any decoding failure does.
 * <p>
 * Tomcat reports the timeout of an HTTP/1.1 connection as a {@code ClientAbortException} around
 * a {@link SocketTimeoutException}, that of an HTTP/2 stream
 * ({@code Http2Protocol.streamReadTimeout}) as one around a {@code CloseNowException} around the
 * {@code StreamException} with which it resets the stream once the response is sent, and an
 * early end as one around an {@link EOFException}. Reactor Netty reports nothing for an early
 * end: {@code io.restcompress.internal.reactive.Http1ResponsesInFlight} fails the body with an
 * {@link EOFException}. Netty fails an HTTP/2 body that breaks the protocol (more or less data
 * than its {@code Content-Length}) with a {@code StreamException}, which becomes a
 * {@link CorruptContentException} too: the request was malformed ({@code 400}) and the
 * application's error handling would otherwise answer {@code 500}.
 */
public final class ContainerReadFailures extends FilterInputStream {

	private static final String TOMCAT_CLOSE_NOW = "org.apache.coyote.CloseNowException";

	private static final String TOMCAT_HTTP2_STREAM_FAILURE = "org.apache.coyote.http2.StreamException";

	private static final String NETTY_HTTP2_STREAM_FAILURE = "io.netty.handler.codec.http2.Http2Exception$StreamException";

	private final String coding;

	private volatile @Nullable ContentDecodingException failure;

	/**
	 * Wraps the body as the server delivers it.
	 * @param container the encoded body
	 * @param coding the coding to name in a failure: the outermost
	 */
	public ContainerReadFailures(InputStream container, String coding) {
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
			throw failure(start, ex);
		}
	}

	@Override
	public int read(byte[] bytes, int offset, int length) throws IOException {
		long start = System.nanoTime();
		try {
			return super.read(bytes, offset, length);
		}
		catch (IOException ex) {
			throw failure(start, ex);
		}
	}

	/**
	 * The container's read failure that ended the body, if it timed out or the body ended
	 * early.
	 * @return the failure, or {@code null}
	 */
	public @Nullable ContentDecodingException failure() {
		return this.failure;
	}

	/**
	 * Returns the failure of a read to throw: a decoding failure when the container's read
	 * timed out or the body ended early, the failure itself otherwise.
	 */
	private IOException failure(long start, IOException ex) {
		ContentDecodingException failure = null;
		if (CodingProblem.cause(ex, EOFException.class) != null) {
			failure = new CorruptContentException(this.coding,
					"the body ended before its declared length, the connection closed", ex);
		}
		else if (isReadTimeout(ex)) {
			failure = new ContentTimeoutException(this.coding, Duration.ofNanos(System.nanoTime() - start), ex);
		}
		else {
			Throwable malformed = causeNamed(ex, NETTY_HTTP2_STREAM_FAILURE);
			if (malformed != null) {
				failure = new CorruptContentException(this.coding,
						"the HTTP/2 stream carrying the body was malformed: " + malformed.getMessage(), ex);
			}
		}
		if (failure == null) {
			return ex;
		}
		this.failure = failure;
		return failure;
	}

	private static boolean isReadTimeout(IOException ex) {
		if (CodingProblem.cause(ex, SocketTimeoutException.class) != null) {
			return true;
		}
		Throwable closeNow = causeNamed(ex, TOMCAT_CLOSE_NOW);
		return closeNow != null && closeNow.getCause() != null
				&& closeNow.getCause().getClass().getName().equals(TOMCAT_HTTP2_STREAM_FAILURE);
	}

	private static @Nullable Throwable causeNamed(Throwable ex, String className) {
		for (Throwable failure = ex; failure != null; failure = failure.getCause()) {
			if (failure.getClass().getName().equals(className)) {
				return failure;
			}
		}
		return null;
	}

}
