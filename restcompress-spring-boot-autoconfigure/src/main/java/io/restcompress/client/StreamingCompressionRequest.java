package io.restcompress.client;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.util.List;

import io.restcompress.codec.CodecStreams;
import io.restcompress.codec.ContentCodec;
import io.restcompress.internal.SizeThreshold;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.StreamingHttpOutputMessage;
import org.springframework.http.client.AbstractClientHttpRequest;
import org.springframework.http.client.ClientHttpRequest;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.util.FastByteArrayOutputStream;
import org.springframework.util.StreamUtils;

/**
 * A request of {@link StreamingCompressionRequestFactory}: collects the application's headers
 * and body, then sends them through a request of the HTTP library, the body encoded as it is
 * written.
 */
final class StreamingCompressionRequest extends AbstractClientHttpRequest implements StreamingHttpOutputMessage {

	/**
	 * Sent after the part of a body that failed, whose encoder was not finished: not the start
	 * of an lzf chunk ({@code ZV}); with no bit set, not the start of a last deflate block or a
	 * last brotli meta-block; and short of the checksums of gzip, zlib and zstd and of lz4's end
	 * mark, four bytes or more.
	 */
	static final int POISON = 0;

	private final URI uri;

	private final HttpMethod method;

	private final ClientHttpRequestFactory requestFactory;

	private final ClientCompression compression;

	private @Nullable Body body;

	private @Nullable FastByteArrayOutputStream bufferedBody;

	StreamingCompressionRequest(URI uri, HttpMethod method, ClientHttpRequestFactory requestFactory,
			ClientCompression compression) {
		this.uri = uri;
		this.method = method;
		this.requestFactory = requestFactory;
		this.compression = compression;
	}

	@Override
	public HttpMethod getMethod() {
		return this.method;
	}

	@Override
	public URI getURI() {
		return this.uri;
	}

	@Override
	public void setBody(Body body) {
		assertNotExecuted();
		this.body = body;
	}

	/**
	 * Collects a body written to {@link #getBody()} (the way of {@code RestTemplate}'s request
	 * callbacks and of a library that is not streaming) to send it at execution.
	 */
	@Override
	protected OutputStream getBodyInternal(HttpHeaders headers) {
		if (this.bufferedBody == null) {
			this.bufferedBody = new FastByteArrayOutputStream(1024);
		}
		return this.bufferedBody;
	}

	@Override
	protected ClientHttpResponse executeInternal(HttpHeaders headers) throws IOException {
		RequestBody requestBody = RequestBody.of(this.body, this.bufferedBody, headers);
		if (ClientCompression.skipRequested(getAttributes())) {
			return send(headers, requestBody, RequestDecision.UNTOUCHED);
		}
		List<ContentCodec> offered = this.compression.accepting(this.uri, headers);
		Decided decided = decide(headers, requestBody);
		RequestBody sentBody = decided.body();
		return BlockingExchanges.exchange(this.compression, this.uri, this.method, headers, offered,
				decided.decision(), sentBody.length(), sentBody.repeatable(), (sent) -> send(headers, sentBody, sent));
	}

	/**
	 * Decides on the body, measuring one of unknown length that can be written again up to the
	 * threshold. One found empty (and still empty when written again) is then sent as no body,
	 * as an empty buffered body is: the JDK's {@code HttpClient} sometimes fails an HTTP/1.1
	 * request whose streamed body ends as soon as it starts, with a
	 * {@code NullPointerException} in {@code Http1Exchange}.
	 */
	private Decided decide(HttpHeaders headers, RequestBody requestBody) throws IOException {
		long length = requestBody.length();
		if (length >= 0) {
			return new Decided(this.compression.requests().decide(this.uri, headers, length), requestBody);
		}
		RequestDecision decision = this.compression.requests().decide(this.uri, headers);
		long threshold = this.compression.minRequestSize();
		String contentType = headers.getFirst(HttpHeaders.CONTENT_TYPE);
		if (decision.compresses() && requestBody.repeatable()) {
			long toDecide = SizeThreshold.bytesToDecide(threshold);
			long probed = ThresholdProbe.sizeUpTo(requestBody.body(), toDecide);
			RequestDecision forBody = decision.forBody((probed < toDecide) ? probed : -1, threshold, contentType);
			return new Decided(forBody, (probed == 0) ? checkedEmpty(requestBody.body()) : requestBody);
		}
		return new Decided(decision.forBody(-1, threshold, contentType), requestBody);
	}

	/**
	 * Writes a body that the probe found empty a second time, as sending it would, to hold it to
	 * its promise of writing the same bytes each time: one that writes something now fails the
	 * request rather than go out empty.
	 */
	private static RequestBody checkedEmpty(Body body) throws IOException {
		if (ThresholdProbe.sizeUpTo(body, 1) > 0) {
			throw new IllegalStateException("The request body was empty when it was measured and not when it was "
					+ "written again to send it; a body that can be written again must write the same bytes each time");
		}
		return RequestBody.NONE;
	}

	private ClientHttpResponse send(HttpHeaders headers, RequestBody requestBody, RequestDecision decision)
			throws IOException {
		ClientHttpRequest request = this.requestFactory.createRequest(this.uri, this.method);
		request.getHeaders().putAll(headers);
		request.getAttributes().putAll(getAttributes());
		Body body = requestBody.body();
		if (body != null) {
			ContentCodec codec = decision.codec();
			if (codec != null) {
				request.getHeaders().remove(HttpHeaders.CONTENT_LENGTH);
				request.getHeaders().set(HttpHeaders.CONTENT_ENCODING, codec.coding());
				write(request, encoded(body, decision, codec), requestBody.repeatable());
			}
			else {
				if (requestBody.length() >= 0 && !headers.containsHeader(HttpHeaders.CONTENT_LENGTH)) {
					request.getHeaders().setContentLength(requestBody.length());
				}
				write(request, counted(body, decision), requestBody.repeatable());
			}
		}
		return request.execute();
	}

	/**
	 * Encodes the body into the library's stream. A body that fails is not finished: the
	 * encoder's last bytes would make what was sent a complete, valid encoding of part of the
	 * body, and the encoding would be recorded as done; its codec is released. What was sent
	 * may still end where a coded frame or chunk ends, which lzf cannot tell from the end of its
	 * body, and some libraries end the request's body cleanly when its writing fails
	 * ({@code HttpURLConnection} under Spring's {@code SimpleClientHttpRequestFactory}): one
	 * byte that no coding can take as the end of its data ({@value #POISON}) follows, so that
	 * the origin finds the body corrupt rather than complete. Nothing more is written.
	 */
	private Body encoded(Body body, RequestDecision decision, ContentCodec codec) {
		return (target) -> {
			CodecStreams.Completion recorder = this.compression.encodedRecorder(decision, codec);
			boolean[] finishing = new boolean[1];
			AbandonableStream library = new AbandonableStream(target);
			OutputStream encoder = CodecStreams.measuredEncoder(codec, library, (identity, encoded, nanos) -> {
				if (finishing[0]) {
					recorder.completed(identity, encoded, nanos);
				}
			});
			try {
				body.writeTo(StreamUtils.nonClosing(encoder));
			}
			catch (IOException | RuntimeException | Error ex) {
				library.abandon(ex);
				try {
					encoder.close();
				}
				catch (IOException suppressed) {
					ex.addSuppressed(suppressed);
				}
				throw ex;
			}
			finishing[0] = true;
			encoder.close();
		};
	}

	/**
	 * Counts a body sent as it is, for the skip meter, when it has a reason to be counted.
	 */
	private Body counted(Body body, RequestDecision decision) {
		if (decision.reason() == null) {
			return body;
		}
		return (target) -> {
			CountingStream counting = new CountingStream(target);
			body.writeTo(counting);
			this.compression.requests().recordSentAsItIs(decision, counting.count);
		};
	}

	private static void write(ClientHttpRequest request, Body body, boolean repeatable) throws IOException {
		if (request instanceof StreamingHttpOutputMessage streaming) {
			streaming.setBody(new Body() {

				@Override
				public void writeTo(OutputStream outputStream) throws IOException {
					body.writeTo(outputStream);
				}

				@Override
				public boolean repeatable() {
					return repeatable;
				}

			});
		}
		else {
			body.writeTo(request.getBody());
		}
	}

	/**
	 * The application's body: a {@link Body} it set, or the bytes it wrote to
	 * {@link #getBody()}, which can be written again.
	 */
	private record RequestBody(@Nullable Body body, long length, boolean repeatable) {

		static final RequestBody NONE = new RequestBody(null, 0, true);

		static RequestBody of(@Nullable Body body, @Nullable FastByteArrayOutputStream buffered, HttpHeaders headers) {
			if (body != null) {
				return new RequestBody(body, headers.getContentLength(), body.repeatable());
			}
			if (buffered != null && buffered.size() > 0) {
				return new RequestBody(buffered::writeTo, buffered.size(), true);
			}
			return NONE;
		}

	}

	/**
	 * The decision on a body, and the body to send.
	 */
	private record Decided(RequestDecision decision, RequestBody body) {

	}

	/**
	 * Passes writes on to the library's stream, which it never closes, until abandoned; then
	 * drops them.
	 */
	private static final class AbandonableStream extends OutputStream {

		private OutputStream target;

		AbandonableStream(OutputStream target) {
			this.target = target;
		}

		/**
		 * Writes a byte that makes what was sent a corrupt encoding, whatever coded frame it
		 * ended in, then drops every later write; a failure to write the byte is added to
		 * {@code failure}.
		 */
		void abandon(Throwable failure) {
			try {
				this.target.write(POISON);
				this.target.flush();
			}
			catch (IOException | RuntimeException | Error ex) {
				failure.addSuppressed(ex);
			}
			this.target = OutputStream.nullOutputStream();
		}

		@Override
		public void write(int b) throws IOException {
			this.target.write(b);
		}

		@Override
		public void write(byte[] b, int off, int len) throws IOException {
			this.target.write(b, off, len);
		}

		@Override
		public void flush() throws IOException {
			this.target.flush();
		}

		@Override
		public void close() {
		}

	}

	private static final class CountingStream extends OutputStream {

		private final OutputStream target;

		private long count;

		CountingStream(OutputStream target) {
			this.target = target;
		}

		@Override
		public void write(int b) throws IOException {
			this.target.write(b);
			this.count++;
		}

		@Override
		public void write(byte[] b, int off, int len) throws IOException {
			this.target.write(b, off, len);
			this.count += len;
		}

		@Override
		public void flush() throws IOException {
			this.target.flush();
		}

		@Override
		public void close() throws IOException {
			this.target.close();
		}

	}

}
