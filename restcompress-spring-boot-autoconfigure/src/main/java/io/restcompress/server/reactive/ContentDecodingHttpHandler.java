package io.restcompress.server.reactive;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentDecoding;
import io.restcompress.internal.RecordingDecodingListener;
import io.restcompress.internal.reactive.ReactiveBodyDecoder;
import io.restcompress.internal.server.CodingProblem;
import io.restcompress.internal.server.ContainerReadFailures;
import io.restcompress.internal.server.EntityTags;
import io.restcompress.internal.server.RequestDecodingRules;
import io.restcompress.internal.server.ResponseFields;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.Side;
import io.restcompress.server.ServerCompressionSettings;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.HttpHandlerDecoratorFactory;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.http.server.reactive.ServerHttpResponse;

/**
 * Decodes request bodies lazily as the application reads them, before WebFlux creates the
 * exchange, so that everything that reads the request (handlers, conditional requests) sees
 * the decoded body without {@code Content-Encoding} and conditional fields without the coding
 * suffixes of the entity tags the server sent. Answers 415 with {@code Accept-Encoding} (RFC
 * 7694) for codings it cannot decode and advertises the ones it can on every response. The
 * decoders run on the decoder executor, never on an event loop; a body that fails to decode,
 * stops arriving for longer than the idle timeout, or ends before its declared length, fails
 * the read with a {@code ContentDecodingException}, which {@link ContentCodingWebFilter}
 * answers.
 */
public final class ContentDecodingHttpHandler implements HttpHandler {

	private final HttpHandler delegate;

	private final ServerCompressionSettings settings;

	private final CompressionRecorder recorder;

	private final ReactiveBodyDecoder decoder;

	private final RequestDecodingRules rules;

	private final Duration idleTimeout;

	/**
	 * Creates a handler that decodes the requests passed to {@code delegate}.
	 * @param delegate the application's handler
	 * @param settings the server's settings
	 * @param recorder records what the handler does
	 * @param decoderExecutor runs one blocking task per request body being decoded
	 * @param idleTimeout the longest a decoder waits for the next bytes of a body before the
	 * request is answered with {@code 408}, or zero to wait as long as it takes
	 */
	public ContentDecodingHttpHandler(HttpHandler delegate, ServerCompressionSettings settings,
			CompressionRecorder recorder, Executor decoderExecutor, Duration idleTimeout) {
		this.delegate = delegate;
		this.settings = settings;
		this.recorder = recorder;
		this.decoder = new ReactiveBodyDecoder(decoderExecutor, idleTimeout, RequestDecodingRules.MAX_DRAINED_BODY,
				settings.drainTimeout());
		this.idleTimeout = idleTimeout;
		this.rules = new RequestDecodingRules(settings, recorder);
	}

	@Override
	public Mono<Void> handle(ServerHttpRequest request, ServerHttpResponse response) {
		HttpHeaders headers = request.getHeaders();
		RequestDecodingRules.Admission admission = this.rules.admit(headers.getOrEmpty(HttpHeaders.CONTENT_ENCODING),
				() -> headers.getFirst(HttpHeaders.CONTENT_TYPE), () -> hasBody(request));
		CodingProblem refusal = admission.refusal();
		if (refusal != null) {
			boolean overHttp1 = ReceivedFields.overHttp1(request);
			if (!RequestDecodingRules.drainsRefusedBody(headers.getContentLength(), holdsBodyBack(request), overHttp1)) {
				return problem(request, response, refusal, overHttp1);
			}
			return drained(request).flatMap((bodyRead) -> problem(request, response, refusal,
					RequestDecodingRules.closesAfterRefusal(bodyRead, overHttp1)));
		}
		String advertised = this.rules.advertisedCodings();
		if (advertised != null) {
			response.getHeaders().set(HttpHeaders.ACCEPT_ENCODING, advertised);
		}
		return this.delegate.handle(decoding(request, admission.decoders()), response);
	}

	private ServerHttpRequest decoding(ServerHttpRequest request, List<ContentCodec> decoders) {
		HttpHeaders headers = request.getHeaders();
		if (decoders.isEmpty() && !hasConditionalFields(headers)) {
			return request;
		}
		ServerHttpRequest mutated = request.mutate().headers((mutable) -> {
			EntityTags.CONDITIONAL_FIELDS.forEach((name) -> stripCodings(mutable, name));
			if (!decoders.isEmpty()) {
				ContentDecoding.ENCODED_BODY_FIELDS.forEach(mutable::remove);
			}
		}).build();
		if (decoders.isEmpty()) {
			return mutated;
		}
		ReactorNettyChannels.decodesBody(request);
		Runnable wakeUp = ServletRequestBodies.wakeUp(request);
		Runnable afterDemand = (wakeUp != null) ? wakeUp : ReactorNettyChannels.afterDemand(request);
		return new DecodedRequest(mutated, decodedBody(ServletRequestBodies.body(request), afterDemand, wakeUp,
				decoders.get(0).coding(), decoders));
	}

	private static boolean hasConditionalFields(HttpHeaders headers) {
		for (String name : EntityTags.CONDITIONAL_FIELDS) {
			if (headers.containsHeader(name)) {
				return true;
			}
		}
		return false;
	}

	private void stripCodings(HttpHeaders headers, String name) {
		List<String> values = headers.get(name);
		if (values != null) {
			headers.put(name, values.stream()
				.map((value) -> EntityTags.withoutCodings(name, value, this.settings.codecs().all()))
				.toList());
		}
	}

	private Flux<DataBuffer> decodedBody(Flux<DataBuffer> body, Runnable afterDemand, @Nullable Runnable whileStarved,
			String coding, List<ContentCodec> decoders) {
		RecordingDecodingListener listener = new RecordingDecodingListener(this.recorder, Side.SERVER,
				Direction.REQUEST);
		return this.decoder.decode(body, afterDemand, whileStarved, coding,
				(encoded) -> ContentDecoding.open(new ContainerReadFailures(encoded, coding), decoders,
						this.settings.maxDecodedRequestSize(), listener));
	}

	/**
	 * Answers with a problem; {@code closeConnection} when the rest of a request body will not
	 * be read, so an HTTP/1.x connection cannot carry another request (HTTP/2 has no
	 * {@code Connection} field, and a response with one is malformed, RFC 9113 section 8.2.2).
	 * The response is completed here: in front of WebFlux's own handler nothing else would, and
	 * a {@code HEAD} response, whose body is dropped unwritten, would go out with the server's
	 * default status.
	 */
	static Mono<Void> problem(ServerHttpRequest request, ServerHttpResponse response, CodingProblem problem,
			boolean closeConnection) {
		byte[] body = problem.body(request.getPath().value());
		response.setStatusCode(problem.status());
		HttpHeaders headers = response.getHeaders();
		problem.applyTo(ResponseFields.of(headers));
		headers.setContentLength(body.length);
		if (closeConnection && ReceivedFields.overHttp1(request)) {
			headers.set(HttpHeaders.CONNECTION, "close");
		}
		return response.writeWith(Mono.fromSupplier(() -> response.bufferFactory().wrap(body)))
			.then(Mono.defer(response::setComplete));
	}

	/**
	 * Whether the client waits for {@code 100 Continue} before it sends the body: not on a
	 * servlet container, which has already sent it (Tomcat's default
	 * {@code continueResponseTiming}), so that the body is coming and is read rather than left
	 * in the connection as it closes.
	 */
	private static boolean holdsBodyBack(ServerHttpRequest request) {
		return request.getHeaders().containsHeader(HttpHeaders.EXPECT)
				&& !ServletRequestBodies.onServletContainer(request);
	}

	/**
	 * Reads and drops a refused request's body as {@link RequestDecodingRules#drainsRefusedBody}
	 * says, and tells whether it ended within the limit and the drain timeout. A body whose
	 * next bytes do not come within the decoders' idle timeout is left unread, and one whose
	 * connection's input ends before it does is refused all the same.
	 */
	private Mono<Boolean> drained(ServerHttpRequest request) {
		Duration drainTimeout = this.settings.drainTimeout();
		if (drainTimeout.isZero()) {
			return Mono.just(false);
		}
		ReactorNettyChannels.decodesBody(request);
		Flux<Long> sizes = ServletRequestBodies.body(request).map(ContentDecodingHttpHandler::releasedSize);
		if (!this.idleTimeout.isZero()) {
			sizes = sizes.timeout(this.idleTimeout);
		}
		return sizes.scan(0L, Long::sum)
			.takeUntil((read) -> read > RequestDecodingRules.MAX_DRAINED_BODY)
			.last()
			.map((read) -> read <= RequestDecodingRules.MAX_DRAINED_BODY)
			.timeout(drainTimeout)
			.onErrorReturn(false);
	}

	private static long releasedSize(DataBuffer buffer) {
		long size = buffer.readableByteCount();
		DataBufferUtils.release(buffer);
		return size;
	}

	private static boolean hasBody(ServerHttpRequest request) {
		HttpHeaders headers = request.getHeaders();
		return RequestDecodingRules.hasBody(headers.getContentLength(),
				headers.containsHeader(HttpHeaders.TRANSFER_ENCODING), ReceivedFields.overHttp1(request));
	}

	private static final class DecodedRequest extends ServerHttpRequestDecorator {

		private final Flux<DataBuffer> body;

		DecodedRequest(ServerHttpRequest delegate, Flux<DataBuffer> body) {
			super(delegate);
			this.body = body;
		}

		@Override
		public Flux<DataBuffer> getBody() {
			return this.body;
		}

	}

	/**
	 * Decorates the application's {@link HttpHandler} with a {@link ContentDecodingHttpHandler}.
	 * The auto-configuration registers one as a bean, which an application replaces by declaring
	 * its own.
	 */
	public static final class Decorator implements HttpHandlerDecoratorFactory {

		private final ServerCompressionSettings settings;

		private final CompressionRecorder recorder;

		private final Executor decoderExecutor;

		private final Duration idleTimeout;

		/**
		 * Creates a decorator whose handlers decode with these settings.
		 * @param settings the server's settings
		 * @param recorder records what the handlers do
		 * @param decoderExecutor runs one blocking task per request body being decoded
		 * @param idleTimeout the longest a decoder waits for the next bytes of a body, or zero
		 * to wait as long as it takes
		 */
		public Decorator(ServerCompressionSettings settings, CompressionRecorder recorder, Executor decoderExecutor,
				Duration idleTimeout) {
			this.settings = settings;
			this.recorder = recorder;
			this.decoderExecutor = decoderExecutor;
			this.idleTimeout = idleTimeout;
		}

		@Override
		public HttpHandler apply(HttpHandler handler) {
			return new ContentDecodingHttpHandler(handler, this.settings, this.recorder, this.decoderExecutor,
					this.idleTimeout);
		}

	}

}
