package io.restcompress.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.UnsupportedEncodingException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentDecoding;
import io.restcompress.codec.ContentDecodingException;
import io.restcompress.codec.ContentTooLargeException;
import io.restcompress.internal.BodyDrain;
import io.restcompress.internal.ReadsInFlight;
import io.restcompress.internal.server.ContainerReadFailures;
import io.restcompress.internal.server.RequestDecodingRules;

import org.jspecify.annotations.Nullable;

import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

/**
 * Presents a request with an encoded body as the application should see it: the body decoded
 * by the {@link ContentDecoding} pipeline as it is read (at most the configured number of
 * bytes), and no {@code Content-Encoding} or {@code Content-Length}. The parameters of a form
 * {@code POST} come from the decoded body, not from the container, which would parse the bytes
 * as they were sent, held to the form limits as the container holds an unencoded form: a larger
 * body is answered with 413, too many parameters or a malformed one with 400.
 */
final class DecodingRequestWrapper extends HttpServletRequestWrapper {

	/** The request attribute that holds the wrapper, for an error page's dispatch. */
	static final String ATTRIBUTE = DecodingRequestWrapper.class.getName();

	/** The largest form whose parameters can be read: one less than the largest array. */
	private static final int LARGEST_FORM = Integer.MAX_VALUE - 9;

	private final List<ContentCodec> decoders;

	private final ServerCompressionSettings settings;

	private final ContentDecoding.Listener listener;

	private @Nullable DecodedInputStream body;

	private @Nullable ContainerReadFailures containerBody;

	private boolean inputStreamTaken;

	private @Nullable BufferedReader reader;

	private @Nullable Map<String, String[]> formParameters;

	private @Nullable Boolean form;

	/**
	 * @param decoders the codecs that undo the body's codings, in decoding order (the last one
	 * applied first), not empty
	 * @param settings the decoded-size and form limits
	 * @param listener receives what decoding reports
	 */
	DecodingRequestWrapper(HttpServletRequest request, List<ContentCodec> decoders,
			ServerCompressionSettings settings, ContentDecoding.Listener listener) {
		super(request);
		this.decoders = decoders;
		this.settings = settings;
		this.listener = listener;
	}

	@Override
	public ServletInputStream getInputStream() throws IOException {
		if (this.reader != null) {
			throw new IllegalStateException("getReader() has already been called for this request");
		}
		this.inputStreamTaken = true;
		return decodedBody();
	}

	@Override
	public BufferedReader getReader() throws IOException {
		if (this.reader == null) {
			if (this.inputStreamTaken) {
				throw new IllegalStateException("getInputStream() has already been called for this request");
			}
			this.reader = new BufferedReader(new InputStreamReader(decodedBody(), charset()));
		}
		return this.reader;
	}

	private DecodedInputStream decodedBody() throws IOException {
		if (this.body == null) {
			this.containerBody = new ContainerReadFailures(super.getInputStream(), this.decoders.get(0).coding());
			this.body = new DecodedInputStream(
					ContentDecoding.open(this.containerBody, this.decoders, decodedLimit(), this.listener));
		}
		return this.body;
	}

	/**
	 * The container's read failure, if one ended the body (its read timeout, or an end before
	 * the declared length): the container then answers through an error dispatch.
	 * @return the failure, or {@code null}
	 */
	@Nullable ContentDecodingException readFailure() {
		return (this.containerBody != null) ? this.containerBody.failure() : null;
	}

	/**
	 * Reads and drops what is left of the body as sent, up to
	 * {@link RequestDecodingRules#MAX_DRAINED_BODY} and for at most the drain timeout, through
	 * the container read the decoders use: a read that fails (the body ends before its declared
	 * length) becomes the {@link #readFailure()} that the container's error dispatch is answered
	 * with.
	 * @return whether the body was read to its end
	 */
	boolean drainRest() {
		return this.containerBody != null
				&& BodyDrain.drain(this.containerBody, RequestDecodingRules.MAX_DRAINED_BODY, this.settings.drainTimeout());
	}

	@Override
	public @Nullable String getParameter(String name) {
		if (!isFormPost()) {
			return super.getParameter(name);
		}
		String[] values = formParameters().get(name);
		return (values != null) ? values[0] : null;
	}

	@Override
	public Map<String, String[]> getParameterMap() {
		return isFormPost() ? formParameters() : super.getParameterMap();
	}

	@Override
	public Enumeration<String> getParameterNames() {
		return isFormPost() ? Collections.enumeration(formParameters().keySet()) : super.getParameterNames();
	}

	@Override
	public String @Nullable [] getParameterValues(String name) {
		if (!isFormPost()) {
			return super.getParameterValues(name);
		}
		String[] values = formParameters().get(name);
		return (values != null) ? values.clone() : null;
	}

	/**
	 * The most bytes the body may decode to. A {@code PUT}, {@code PATCH} or {@code DELETE}
	 * form is held to the form limit as well, since Spring's {@code FormContentFilter} reads it
	 * into parameters through the stream; a {@code POST} form only when its parameters are read
	 * ({@link #formBody}), as the container's own limit holds unencoded ones, so that an
	 * application may stream a large one.
	 */
	private long decodedLimit() {
		long limit = this.settings.maxDecodedRequestSize();
		return (isForm() && !isFormPost()) ? Math.min(limit, this.settings.maxFormSize()) : limit;
	}

	private boolean isFormPost() {
		return "POST".equals(getMethod()) && isForm();
	}

	private boolean isForm() {
		if (this.form == null) {
			String contentType = getContentType();
			boolean form;
			try {
				form = contentType != null && MediaType.APPLICATION_FORM_URLENCODED
					.equalsTypeAndSubtype(MediaType.parseMediaType(contentType));
			}
			catch (InvalidMediaTypeException ex) {
				form = false;
			}
			this.form = form;
		}
		return this.form;
	}

	/**
	 * The query's parameters, then the decoded body's unless the application has read the body
	 * itself, as a container gives them. A failure is thrown unchecked, with the decoding
	 * failure as its cause, which the filter answers.
	 */
	private Map<String, String[]> formParameters() {
		if (this.formParameters == null) {
			String coding = this.decoders.get(0).coding();
			FormParameters parameters = new FormParameters(coding, this.settings.maxFormParameters());
			try {
				String query = getQueryString();
				if (query != null) {
					parameters.add(query.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
				}
				if (this.body == null) {
					parameters.add(formBody(coding), formCharset(coding));
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			this.formParameters = parameters.toMap();
		}
		return this.formParameters;
	}

	private byte[] formBody(String coding) throws IOException {
		int limit = (int) Math.min(this.settings.maxFormSize(), LARGEST_FORM);
		byte[] body = decodedBody().readNBytes(limit + 1);
		if (body.length > limit) {
			ContentDecodingException failure = this.listener.failed(new ContentTooLargeException(coding,
					"Decoded " + coding + " form body exceeds the limit of " + limit
							+ " bytes (restcompress.server.request.max-form-size)"));
			decodedBody().fail(failure);
			throw failure;
		}
		return body;
	}

	private Charset formCharset(String coding) throws FormParameters.InvalidFormException {
		try {
			return charset();
		}
		catch (UnsupportedEncodingException ex) {
			throw new FormParameters.InvalidFormException(coding, "unknown charset '" + ex.getMessage() + "'");
		}
	}

	/**
	 * The charset of the body: the request's character encoding, else ISO-8859-1, as the
	 * servlet specification says.
	 */
	private Charset charset() throws UnsupportedEncodingException {
		String encoding = getCharacterEncoding();
		try {
			return (encoding != null) ? Charset.forName(encoding) : StandardCharsets.ISO_8859_1;
		}
		catch (IllegalArgumentException ex) {
			throw new UnsupportedEncodingException(encoding);
		}
	}

	/**
	 * Returns an error page's view of the request: the container's request for the error
	 * dispatch, with this wrapper's decoded body, parameters and header fields.
	 * @param errorDispatch the request the container dispatches to the error page
	 * @return the request
	 */
	HttpServletRequest forErrorDispatch(HttpServletRequest errorDispatch) {
		return new ErrorDispatchRequest(errorDispatch, this);
	}

	/**
	 * Closes the decoders and releases what they hold.
	 */
	void release() {
		if (this.body != null) {
			this.body.release();
		}
	}

	@Override
	public int getContentLength() {
		return -1;
	}

	@Override
	public long getContentLengthLong() {
		return -1;
	}

	@Override
	public @Nullable String getHeader(String name) {
		return hidden(name) ? null : super.getHeader(name);
	}

	@Override
	public Enumeration<String> getHeaders(String name) {
		return hidden(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
	}

	@Override
	public Enumeration<String> getHeaderNames() {
		return Collections.enumeration(
				Collections.list(super.getHeaderNames()).stream().filter((name) -> !hidden(name)).toList());
	}

	@Override
	public int getIntHeader(String name) {
		return hidden(name) ? -1 : super.getIntHeader(name);
	}

	private static boolean hidden(String name) {
		return ContentDecoding.describesEncodedBody(name);
	}

	/**
	 * The container's request for an error page's dispatch, reading the body, its parameters and
	 * the hidden header fields through the wrapper of the request that failed.
	 */
	private static final class ErrorDispatchRequest extends HttpServletRequestWrapper {

		private final DecodingRequestWrapper decoded;

		ErrorDispatchRequest(HttpServletRequest errorDispatch, DecodingRequestWrapper decoded) {
			super(errorDispatch);
			this.decoded = decoded;
		}

		@Override
		public ServletInputStream getInputStream() throws IOException {
			return this.decoded.getInputStream();
		}

		@Override
		public BufferedReader getReader() throws IOException {
			return this.decoded.getReader();
		}

		@Override
		public @Nullable String getParameter(String name) {
			return this.decoded.getParameter(name);
		}

		@Override
		public Map<String, String[]> getParameterMap() {
			return this.decoded.getParameterMap();
		}

		@Override
		public Enumeration<String> getParameterNames() {
			return this.decoded.getParameterNames();
		}

		@Override
		public String @Nullable [] getParameterValues(String name) {
			return this.decoded.getParameterValues(name);
		}

		@Override
		public int getContentLength() {
			return this.decoded.getContentLength();
		}

		@Override
		public long getContentLengthLong() {
			return this.decoded.getContentLengthLong();
		}

		@Override
		public @Nullable String getHeader(String name) {
			return this.decoded.getHeader(name);
		}

		@Override
		public Enumeration<String> getHeaders(String name) {
			return this.decoded.getHeaders(name);
		}

		@Override
		public Enumeration<String> getHeaderNames() {
			return this.decoded.getHeaderNames();
		}

		@Override
		public int getIntHeader(String name) {
			return this.decoded.getIntHeader(name);
		}

	}

	/**
	 * The decoded body. It may be released on a container thread (an async exchange that timed
	 * out or failed) while an application thread is inside a read: the decoders are then closed
	 * when that read returns, never under it ({@link ReadsInFlight}).
	 */
	private static final class DecodedInputStream extends ServletInputStream {

		private final InputStream delegate;

		private final ReadsInFlight reads;

		private volatile boolean finished;

		private volatile @Nullable IOException failure;

		DecodedInputStream(InputStream delegate) {
			this.delegate = delegate;
			this.reads = new ReadsInFlight(delegate);
		}

		/**
		 * Fails every later read with {@code failure}, as the decoders fail every read after
		 * their own first failure.
		 */
		void fail(IOException failure) {
			this.failure = failure;
		}

		@Override
		public int read() throws IOException {
			throwIfFailed();
			if (!this.reads.begin()) {
				return -1;
			}
			try {
				int b = this.delegate.read();
				this.finished = b == -1;
				return b;
			}
			finally {
				this.reads.end();
			}
		}

		@Override
		public int read(byte[] bytes, int offset, int length) throws IOException {
			throwIfFailed();
			if (!this.reads.begin()) {
				return -1;
			}
			try {
				int n = this.delegate.read(bytes, offset, length);
				this.finished = n == -1;
				return n;
			}
			finally {
				this.reads.end();
			}
		}

		private void throwIfFailed() throws IOException {
			IOException failed = this.failure;
			if (failed != null) {
				throw failed;
			}
		}

		/**
		 * Closes the decoders, at once or when the read in progress returns; the body then reads
		 * as ended, as the container's own stream does for an error page after the application
		 * read it.
		 */
		void release() {
			this.finished = true;
			this.reads.release();
		}

		/**
		 * Closes the decoders as {@link #release()} does: an application thread that closes the
		 * body while another reads it, or before the exchange releases it, closes them once, and
		 * only after that read.
		 */
		@Override
		public void close() {
			release();
		}

		@Override
		public boolean isFinished() {
			return this.finished;
		}

		@Override
		public boolean isReady() {
			return true;
		}

		@Override
		public void setReadListener(ReadListener readListener) {
			throw new UnsupportedOperationException("Non-blocking reads of an encoded request body are not supported");
		}

	}

}
