package io.restcompress.server.reactive;

import io.restcompress.codec.ContentDecodingException;
import io.restcompress.internal.reactive.DecoderThreads;
import io.restcompress.internal.server.CodingProblem;
import io.restcompress.internal.server.ExchangeCodings;
import io.restcompress.internal.server.ResponseBodyCopies;
import io.restcompress.internal.server.HandlerCompressionResolver;
import io.restcompress.internal.server.ResponseEncodingRules;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.Side;
import io.restcompress.metrics.SkipReason;
import io.restcompress.server.ServerCompressionSettings;
import reactor.core.publisher.Mono;

import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * Encodes the responses of reactive exchanges that the handler, the response and the client's
 * {@code Accept-Encoding} allow, by the same rules as the servlet filter, on the thread that
 * delivers each buffer; and answers a request body that fails to decode as the application
 * reads it (see {@link ContentDecodingHttpHandler}) with 413, 408 or 400, and one that no
 * decoder thread can take (every thread busy, the queue full) with 503 and {@code Retry-After}.
 */
public class ContentCodingWebFilter implements WebFilter, Ordered {

	/** The seconds a client is asked to wait when every decoder thread is busy. */
	private static final String RETRY_AFTER_BUSY = "1";

	private final ServerCompressionSettings settings;

	private final CompressionRecorder recorder;

	private final ResponseEncodingRules rules;

	private final ReactiveCompressionExchange.Handlers handlers;

	private int order;

	/**
	 * Creates the filter.
	 * @param settings the server's settings
	 * @param recorder records what the filter does
	 * @param rules the response rules
	 */
	public ContentCodingWebFilter(ServerCompressionSettings settings, CompressionRecorder recorder,
			ResponseEncodingRules rules) {
		this(settings, recorder, rules, ExchangeCodings.NONE);
	}

	/**
	 * Creates the filter.
	 * @param settings the server's settings
	 * @param recorder records what the filter does
	 * @param rules the response rules
	 * @param exchangeCodings the codings an exchange may add ahead of its handler's
	 */
	public ContentCodingWebFilter(ServerCompressionSettings settings, CompressionRecorder recorder,
			ResponseEncodingRules rules, ExchangeCodings exchangeCodings) {
		this(settings, recorder, rules, exchangeCodings, ResponseBodyCopies.NONE);
	}

	/**
	 * Creates the filter.
	 * @param settings the server's settings
	 * @param recorder records what the filter does
	 * @param rules the response rules
	 * @param exchangeCodings the codings an exchange may add ahead of its handler's
	 * @param bodyCopies which response bodies are copied as written
	 */
	public ContentCodingWebFilter(ServerCompressionSettings settings, CompressionRecorder recorder,
			ResponseEncodingRules rules, ExchangeCodings exchangeCodings, ResponseBodyCopies bodyCopies) {
		this.settings = settings;
		this.recorder = recorder;
		this.rules = rules;
		this.handlers = new ReactiveCompressionExchange.Handlers(new HandlerCompressionResolver(settings),
				exchangeCodings, bodyCopies, settings.responseCodecs());
	}

	@Override
	public int getOrder() {
		return this.order;
	}

	/**
	 * Sets the filter's order among the web filters.
	 * @param order the order
	 */
	public void setOrder(int order) {
		this.order = order;
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		if (isExcluded(exchange.getRequest())) {
			this.recorder.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.DISABLED);
			return chain.filter(exchange)
				.onErrorResume((ex) -> decodingFailed(exchange, exchange.getResponse(), ex));
		}
		EncodingServerHttpResponse response = new EncodingServerHttpResponse(exchange.getResponse(),
				new ReactiveCompressionExchange(this.rules, this.handlers, this.recorder, exchange));
		ServerWebExchange encoding = exchange.mutate().response(response).build();
		return chain.filter(encoding).doOnSuccess((done) -> response.chainCompleted()).onErrorResume((ex) -> {
			response.chainFailed();
			return decodingFailed(encoding, exchange.getResponse(), ex);
		});
	}

	private Mono<Void> decodingFailed(ServerWebExchange exchange, ServerHttpResponse response, Throwable ex) {
		if (response.isCommitted()) {
			return Mono.error(ex);
		}
		ContentDecodingException failure = CodingProblem.decodingFailure(ex);
		if (failure != null) {
			return ContentDecodingHttpHandler.problem(exchange.getRequest(), response,
					CodingProblem.decodingFailed(failure), true);
		}
		DecoderThreads.Busy busy = CodingProblem.cause(ex, DecoderThreads.Busy.class);
		if (busy != null) {
			response.getHeaders().set(HttpHeaders.RETRY_AFTER, RETRY_AFTER_BUSY);
			String coding = exchange.getRequest().getHeaders().getFirst(HttpHeaders.CONTENT_ENCODING);
			return ContentDecodingHttpHandler.problem(exchange.getRequest(), response,
					CodingProblem.decodersBusy((coding != null) ? coding : "", String.valueOf(busy.getMessage())), true);
		}
		return Mono.error(ex);
	}


	private boolean isExcluded(ServerHttpRequest request) {
		return !this.settings.excludedPaths().isEmpty()
				&& this.settings.excludes(request.getPath().pathWithinApplication());
	}

}
