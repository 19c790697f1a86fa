package io.restcompress.server;

import java.io.IOException;
import java.util.Collections;
import java.util.List;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentDecodingException;
import io.restcompress.internal.BodyDrain;
import io.restcompress.internal.RecordingDecodingListener;
import io.restcompress.internal.server.CodingProblem;
import io.restcompress.internal.server.RequestDecodingRules;
import io.restcompress.internal.server.ResponseEncodingRules;
import io.restcompress.internal.server.VaryHeader;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.Side;
import io.restcompress.metrics.SkipReason;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ServletRequestPathUtils;
import org.springframework.web.util.WebUtils;

/**
 * Content coding for every exchange: decodes request bodies lazily as the application reads
 * them (415 for unsupported codings), and encodes responses that the handler, the response and
 * the client's {@code Accept-Encoding} allow. Runs again on async dispatches to complete
 * streamed responses.
 */
public class ContentCodingFilter extends OncePerRequestFilter {

	private final ServerCompressionSettings settings;

	private final CompressionRecorder recorder;

	private final ResponseEncodingRules rules;

	private final CompressionRecorder decodingRecorder;

	private final RequestDecodingRules requestRules;

	public ContentCodingFilter(ServerCompressionSettings settings, CompressionRecorder recorder) {
		this(settings, recorder, new ResponseEncodingRules(settings));
	}

	public ContentCodingFilter(ServerCompressionSettings settings, CompressionRecorder recorder,
			ResponseEncodingRules rules) {
		this.settings = settings;
		this.recorder = recorder;
		this.rules = rules;
		this.decodingRecorder = rules.decodingRecorder(recorder);
		this.requestRules = new RequestDecodingRules(settings, recorder);
	}

	@Override
	protected boolean shouldNotFilterAsyncDispatch() {
		return false;
	}

	@Override
	protected boolean shouldNotFilterErrorDispatch() {
		return false;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (request.getDispatcherType() == DispatcherType.ERROR) {
			errorDispatch(request, response, chain);
			return;
		}
		CompressionExchange exchange = CompressionExchange.find(request);
		if (exchange != null) {
			process(request, response, chain, exchange);
			return;
		}
		RequestDecodingRules.Admission admission = this.requestRules.admit(contentEncoding(request),
				request::getContentType, () -> hasBody(request));
		CodingProblem refusal = admission.refusal();
		if (refusal != null) {
			if (RequestDecodingRules.closesAfterRefusal(drainRefusedBody(request), overHttp1(request))) {
				response.setHeader(HttpHeaders.CONNECTION, "close");
			}
			ProblemResponses.write(request, response, refusal);
			return;
		}
		String advertised = this.requestRules.advertisedCodings();
		if (advertised != null) {
			response.setHeader(HttpHeaders.ACCEPT_ENCODING, advertised);
		}
		boolean excluded = isExcluded(request);
		exchange = new CompressionExchange(this.rules, request, !excluded);
		exchange.attachTo(request);
		HttpServletRequest decodingRequest = request(request, admission.decoders());
		HttpServletResponse encodingResponse = response;
		if (excluded) {
			this.recorder.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.DISABLED);
		}
		else {
			EncodingResponseWrapper encoding = new EncodingResponseWrapper(decodingRequest, response, exchange,
					this.recorder);
			decodingRequest = new AsyncCompletionRequestWrapper(decodingRequest, encoding);
			encodingResponse = encoding;
		}
		process(decodingRequest, encodingResponse, chain, exchange);
	}

	/**
	 * Reads and drops a refused request's body as {@link RequestDecodingRules#drainsRefusedBody}
	 * says, for at most the drain timeout.
	 * @return whether the body was read to its end
	 */
	private boolean drainRefusedBody(HttpServletRequest request) {
		if (!RequestDecodingRules.drainsRefusedBody(request.getContentLengthLong(),
				request.getHeader(HttpHeaders.EXPECT) != null, overHttp1(request))) {
			return false;
		}
		try {
			return BodyDrain.drain(request.getInputStream(), RequestDecodingRules.MAX_DRAINED_BODY,
					this.settings.drainTimeout());
		}
		catch (IOException | RuntimeException ex) {
			return false;
		}
	}

	private void process(HttpServletRequest request, HttpServletResponse response, FilterChain chain,
			CompressionExchange exchange) throws ServletException, IOException {
		EncodingResponseWrapper encoding = WebUtils.getNativeResponse(response, EncodingResponseWrapper.class);
		DecodingRequestWrapper decoding = WebUtils.getNativeRequest(request, DecodingRequestWrapper.class);
		try {
			chain.doFilter(request, response);
		}
		catch (IOException | ServletException | RuntimeException ex) {
			exchange.dropBodyCopy();
			if (encoding != null) {
				encoding.failedUncommitted();
			}
			release(encoding, decoding);
			if (encoding != null) {
				encoding.failed();
			}
			if (!response.isCommitted()) {
				exchange.statusSet(HttpServletResponse.SC_INTERNAL_SERVER_ERROR, new ServletResponseFields(response));
			}
			ContentDecodingException failure = decodingFailure(ex);
			if (failure == null || response.isCommitted()) {
				throw ex;
			}
			ProblemResponses.decodingFailed(request, unwrap(response, encoding), failure);
			return;
		}
		if (request.isAsyncStarted()) {
			exchange.dropBodyCopy();
			request.getAsyncContext().addListener(new ReleasingListener(encoding, decoding));
			return;
		}
		if (encoding != null && encoding.failedWrite() != null) {
			exchange.dropBodyCopy();
			release(encoding, decoding);
			return;
		}
		try {
			if (encoding != null) {
				encoding.finish();
			}
		}
		catch (IOException ex) {
			exchange.dropBodyCopy();
			if (encoding.failedWrite() == null) {
				encoding.failed();
				throw ex;
			}
		}
		finally {
			release(encoding, decoding);
		}
		exchange.endBodyCopy(response);
	}

	private static HttpServletResponse unwrap(HttpServletResponse response,
			@Nullable EncodingResponseWrapper encoding) {
		return (encoding != null) ? (HttpServletResponse) encoding.getResponse() : response;
	}

	private static void release(@Nullable EncodingResponseWrapper encoding, @Nullable DecodingRequestWrapper decoding) {
		if (encoding != null) {
			encoding.abandon();
		}
		if (decoding != null) {
			decoding.release();
		}
	}

	private static List<String> contentEncoding(HttpServletRequest request) {
		return (request.getHeader(HttpHeaders.CONTENT_ENCODING) != null)
				? Collections.list(request.getHeaders(HttpHeaders.CONTENT_ENCODING)) : List.of();
	}

	/**
	 * Shows an error page the request's decoded body and parameters, not the bytes as they were
	 * sent, which the container would otherwise parse, and releases any decoder it opens. The
	 * error dispatch that the container starts when its read of an encoded body timed out, or
	 * the body ended before its declared length, is answered with the {@code 408} or
	 * {@code 400} problem naming the coding instead.
	 */
	private void errorDispatch(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		keepVary(request, response);
		if (!(request.getAttribute(DecodingRequestWrapper.ATTRIBUTE) instanceof DecodingRequestWrapper decoding)) {
			chain.doFilter(request, response);
			return;
		}
		try {
			ContentDecodingException readFailure = decoding.readFailure();
			if (readFailure != null) {
				ProblemResponses.decodingFailed(request, response, readFailure);
				return;
			}
			chain.doFilter(decoding.forErrorDispatch(request), response);
		}
		finally {
			decoding.release();
		}
	}

	/**
	 * Names again in {@code Vary} the request fields that the handler's response must name
	 * ({@code Available-Dictionary} for a dictionary handler), which Jetty removes with the other
	 * representation fields before it dispatches to an error page.
	 */
	private static void keepVary(HttpServletRequest request, HttpServletResponse response) {
		CompressionExchange exchange = CompressionExchange.find(request);
		if (exchange == null || exchange.keptInVary().isEmpty() || response.isCommitted()) {
			return;
		}
		List<String> lines = List.copyOf(response.getHeaders(HttpHeaders.VARY));
		List<String> kept = VaryHeader.keeping(lines, exchange.keptInVary());
		if (!kept.equals(lines)) {
			response.setHeader(HttpHeaders.VARY, String.join(", ", kept));
		}
	}

	/**
	 * Wraps the request to decode its body and to strip coding suffixes from its conditional
	 * fields, as far as it needs either.
	 */
	private HttpServletRequest request(HttpServletRequest request, List<ContentCodec> bodyDecoders) {
		HttpServletRequest wrapped = request;
		if (!bodyDecoders.isEmpty()) {
			DecodingRequestWrapper decoding = new DecodingRequestWrapper(wrapped, bodyDecoders, this.settings,
					new RecordingDecodingListener(this.decodingRecorder, Side.SERVER, Direction.REQUEST));
			request.setAttribute(DecodingRequestWrapper.ATTRIBUTE, decoding);
			wrapped = decoding;
		}
		if (ConditionalRequestWrapper.applies(request)) {
			wrapped = new ConditionalRequestWrapper(wrapped, this.settings.codecs().all());
		}
		return wrapped;
	}

	private static boolean hasBody(HttpServletRequest request) {
		return RequestDecodingRules.hasBody(request.getContentLengthLong(),
				request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null, overHttp1(request));
	}

	private static boolean overHttp1(HttpServletRequest request) {
		return RequestDecodingRules.isHttp1(request.getProtocol());
	}

	private boolean isExcluded(HttpServletRequest request) {
		return !this.settings.excludedPaths().isEmpty()
				&& this.settings.excludes(ServletRequestPathUtils.parseAndCache(request).pathWithinApplication());
	}

	static @Nullable ContentDecodingException decodingFailure(Throwable ex) {
		return CodingProblem.decodingFailure(ex);
	}

	/**
	 * Completes or releases the wrappers of an async exchange when the container ends it, so
	 * that codec resources are freed even if the client went away, which an error the container
	 * reports may be the first sign of.
	 */
	private static final class ReleasingListener implements AsyncListener {

		private final @Nullable EncodingResponseWrapper encoding;

		private final @Nullable DecodingRequestWrapper decoding;

		private volatile boolean failed;

		ReleasingListener(@Nullable EncodingResponseWrapper encoding, @Nullable DecodingRequestWrapper decoding) {
			this.encoding = encoding;
			this.decoding = decoding;
		}

		/**
		 * Finishes a body that no dispatch back through the filter finished (the application
		 * completed the request from its own thread, through an {@code AsyncContext} that
		 * {@link AsyncCompletionRequestWrapper} did not hand out), then releases the wrappers.
		 * Tomcat reports the completion before it ends the response, Jetty after, when this
		 * finishes nothing. A body that the container reported as failed
		 * is not finished. One whose request timed out is: the application may have written its
		 * answer to the timeout in a listener of its own and completed the request (on a timeout
		 * the container writes its error page only when nothing completed the request first).
		 */
		@Override
		public void onComplete(AsyncEvent event) {
			try {
				if (this.encoding != null && !this.failed) {
					this.encoding.finishUnfinished();
				}
			}
			catch (IOException | RuntimeException ex) {
				// the client went away (counted by the wrapper), or the container ended the response
			}
			finally {
				release(this.encoding, this.decoding);
			}
		}

		@Override
		public void onTimeout(AsyncEvent event) {
		}

		@Override
		public void onError(AsyncEvent event) {
			this.failed = true;
			if (this.encoding != null) {
				this.encoding.containerFailed(event.getThrowable());
			}
			release(this.encoding, this.decoding);
		}

		@Override
		public void onStartAsync(AsyncEvent event) {
			event.getAsyncContext().addListener(this);
		}

	}

}
