package io.restcompress.client;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import io.restcompress.codec.ContentCodec;
import io.restcompress.internal.ReadsInFlight;

import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.util.StreamUtils;

/**
 * A response whose body is decoded as it is read, without the {@code Content-Encoding} and
 * {@code Content-Length} of the encoded body. Closing it ends the decoder and then closes the
 * original response, which drains what is left so that the connection can be reused; a body
 * whose reading failed (corrupt, or past the decoded-size limit) is abandoned instead, its
 * connection closed, since what is left of it may be endless. Closing the body the application
 * reads does the same: {@code RestClient} leaves the response open when it hands the body over
 * as an {@code InputStream}, and closing that stream is then the only release of the exchange.
 */
final class DecodedClientHttpResponse implements ClientHttpResponse {

	private static final String CLOSED = "The response body was closed";

	private final ClientHttpResponse response;

	private final ClientCompression.ResponseReading reading;

	private final ClientCompression compression;

	private final URI uri;

	private final HttpHeaders headers;

	private @Nullable FailureWatchingInputStream body;

	private @Nullable InputStream received;

	private volatile boolean failed;

	private final AtomicBoolean closed = new AtomicBoolean();

	/**
	 * Returns a response of a {@code RestTemplate} or {@code RestClient} request as the
	 * application reads it: decoded and kept as a dictionary as {@code compression} says, or as
	 * it is.
	 * @param compression the shared policy
	 * @param uri the request's URI
	 * @param method the request's method
	 * @param response the response as received
	 * @param offered the dictionary codings the request offered
	 * @return the response to hand to the application
	 * @throws IOException if the status cannot be read
	 */
	static ClientHttpResponse readable(ClientCompression compression, URI uri, HttpMethod method,
			ClientHttpResponse response, List<ContentCodec> offered) throws IOException {
		ClientCompression.ResponseReading reading = compression.responseReading(uri, method,
				response.getStatusCode().value(), response.getHeaders(), offered);
		return reading.untouched() ? response : new DecodedClientHttpResponse(response, reading, compression, uri);
	}

	DecodedClientHttpResponse(ClientHttpResponse response, ClientCompression.ResponseReading reading,
			ClientCompression compression, URI uri) {
		this.response = response;
		this.reading = reading;
		this.compression = compression;
		this.uri = uri;
		this.headers = reading.decoders().isEmpty() ? response.getHeaders()
				: HttpHeaders.readOnlyHttpHeaders(ClientCompression.decodedHeaders(response.getHeaders()));
	}

	@Override
	public HttpStatusCode getStatusCode() throws IOException {
		return this.response.getStatusCode();
	}

	@Override
	public String getStatusText() throws IOException {
		return this.response.getStatusText();
	}

	@Override
	public HttpHeaders getHeaders() {
		return this.headers;
	}

	@Override
	public InputStream getBody() throws IOException {
		if (this.body == null) {
			this.received = this.response.getBody();
			this.body = new FailureWatchingInputStream(this.compression
				.readingStream(StreamUtils.nonClosing(this.received), this.reading, this.uri));
		}
		return this.body;
	}

	@Override
	public void close() {
		if (!this.closed.compareAndSet(false, true)) {
			return;
		}
		try {
			closeBody();
		}
		finally {
			this.response.close();
		}
	}

	/**
	 * Closes the decoders and, if a read failed or is still in progress on another thread,
	 * abandons the received body, so that the HTTP library neither drains what is left (it may
	 * be endless, or stalled) nor reads it on this thread while another does.
	 */
	private void closeBody() {
		boolean reading = this.body != null && this.body.release();
		try {
			if ((this.failed || reading) && this.received != null) {
				ReceivedBodies.abandon(this.received);
			}
		}
		catch (IOException ex) {
			// the original response is closed after this either way
		}
	}

	/**
	 * The body as the application reads it. A read that failed makes closing the response
	 * abandon its body. The response may be closed on another thread while a read is in progress
	 * (an application's timeout): the decoders are then closed when that read returns, never
	 * under it ({@link ReadsInFlight}), and later reads fail.
	 */
	private final class FailureWatchingInputStream extends FilterInputStream {

		private final ReadsInFlight reads;

		FailureWatchingInputStream(InputStream in) {
			super(in);
			this.reads = new ReadsInFlight(in);
		}

		@Override
		public int read() throws IOException {
			return (int) guarded(() -> this.in.read());
		}

		@Override
		public int read(byte[] bytes, int offset, int length) throws IOException {
			return (int) guarded(() -> this.in.read(bytes, offset, length));
		}

		@Override
		public long skip(long n) throws IOException {
			return guarded(() -> this.in.skip(n));
		}

		/**
		 * Runs a read within the guard, noting a failure. A library whose stream was aborted
		 * under the read (the response closed on another thread) may fail it with a runtime
		 * exception, which is reported as the closed body it is.
		 */
		private long guarded(Read read) throws IOException {
			if (!this.reads.begin()) {
				throw new IOException(CLOSED);
			}
			try {
				return read.run();
			}
			catch (IOException ex) {
				DecodedClientHttpResponse.this.failed = true;
				throw ex;
			}
			catch (RuntimeException ex) {
				DecodedClientHttpResponse.this.failed = true;
				if (this.reads.released()) {
					throw new IOException(CLOSED, ex);
				}
				throw ex;
			}
			finally {
				this.reads.end();
			}
		}

		@Override
		public void close() {
			DecodedClientHttpResponse.this.close();
		}

		/**
		 * Releases the decoders, at once or when the read in progress returns.
		 * @return {@code true} if a read was in progress
		 */
		boolean release() {
			return this.reads.release();
		}

	}

	@FunctionalInterface
	private interface Read {

		long run() throws IOException;

	}

}
