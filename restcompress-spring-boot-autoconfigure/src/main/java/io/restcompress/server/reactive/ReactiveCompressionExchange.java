package io.restcompress.server.reactive;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import io.restcompress.codec.AcceptEncoding;
import io.restcompress.codec.ContentCodec;
import io.restcompress.internal.server.ExchangeCodings;
import io.restcompress.internal.server.HandlerCompression;
import io.restcompress.internal.server.HandlerCompressionResolver;
import io.restcompress.internal.server.RequestFieldValues;
import io.restcompress.internal.server.ResponseBodyCopies;
import io.restcompress.internal.server.ResponseBodyCopy;
import io.restcompress.internal.server.ResponseEncodingDecision;
import io.restcompress.internal.server.ResponseEncodingRules;
import io.restcompress.internal.server.ResponseFields;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.Side;
import io.restcompress.metrics.SkipReason;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.http.server.reactive.ServerHttpRequest;

/**
 * The state of one reactive exchange that the response rules read: the client's
 * {@code Accept-Encoding}, parsed when first needed, and what the handler allows and where its
 * body is copied to, looked up when the response is decided (after the handler was mapped).
 */
final class ReactiveCompressionExchange {

	private static final AcceptEncoding IDENTITY_ONLY = AcceptEncoding.parse("identity");

	private final ResponseEncodingRules rules;

	private final Handlers handlers;

	private final CompressionRecorder recorder;

	private final ServerWebExchange exchange;

	private final boolean head;

	private @Nullable AcceptEncoding acceptEncoding;

	private @Nullable HandlerCompression handler;

	private boolean bodyCopyOpened;

	private @Nullable ResponseBodyCopy bodyCopy;

	ReactiveCompressionExchange(ResponseEncodingRules rules, Handlers handlers, CompressionRecorder recorder,
			ServerWebExchange exchange) {
		this.rules = rules;
		this.handlers = handlers;
		this.recorder = recorder;
		this.exchange = exchange;
		this.head = exchange.getRequest().getMethod() == HttpMethod.HEAD;
	}

	boolean isHead() {
		return this.head;
	}

	/**
	 * Whether the request is a WebSocket handshake (RFC 6455, section 4.1), which the server
	 * answers with a protocol switch; a request that merely offers another protocol (the
	 * JDK's client offers {@code h2c} on {@code http} URIs) is not.
	 */
	boolean isWebSocketHandshake() {
		HttpHeaders headers = this.exchange.getRequest().getHeaders();
		String upgrade = headers.getFirst(HttpHeaders.UPGRADE);
		return upgrade != null && upgrade.toLowerCase(Locale.ROOT).contains("websocket")
				&& headers.containsHeader("Sec-WebSocket-Key");
	}

	long minResponseSize() {
		return this.rules.minResponseSize();
	}

	CompressionRecorder recorder() {
		return this.recorder;
	}

	ResponseEncodingDecision decide(int status, ResponseFields fields, long identityLength) {
		return this.rules.decide(handler(), status, fields, identityLength, this::acceptEncoding, this::peerAddress);
	}

	/**
	 * The request's {@code If-None-Match} field values as the client sent them, suffixes
	 * included (the request the application sees has them stripped).
	 */
	List<String> ifNoneMatch() {
		return ReceivedFields.get(this.exchange.getRequest(), HttpHeaders.IF_NONE_MATCH);
	}

	ResponseEncodingDecision decideNotModified(ResponseFields fields) {
		return this.rules.decideNotModified(handler(), fields, acceptEncoding(), peerAddress());
	}

	@Nullable SkipReason ineligibility(int status, ResponseFields fields) {
		return this.rules.ineligibility(handler(), status, fields);
	}

	void varyPartialContent(int status, ResponseFields fields) {
		this.rules.varyPartialContent(handler(), status, fields);
	}

	void skipped(@Nullable SkipReason reason) {
		this.recorder.skipped(Side.SERVER, Direction.RESPONSE, (reason != null) ? reason : SkipReason.STATUS_OR_METHOD);
	}

	/**
	 * Where the body is copied to as it is written, if anywhere; asked of the handler when the
	 * body is first written, and never of one whose responses are not encoded.
	 */
	@Nullable ResponseBodyCopy bodyCopy() {
		if (!this.bodyCopyOpened) {
			this.bodyCopyOpened = true;
			HandlerCompression allowed = handler();
			this.bodyCopy = (allowed != null) ? this.handlers.bodyCopy(this.exchange, allowed) : null;
		}
		return this.bodyCopy;
	}

	/**
	 * Sets the header fields that the handler's codings add to each of its responses on a
	 * response that will answer an error, without those only a success carries.
	 * @param fields the response's header fields
	 */
	void failed(ResponseFields fields) {
		handler();
		this.handlers.keepOnlyOnSuccess(HttpStatus.INTERNAL_SERVER_ERROR.value(), fields);
	}

	/**
	 * What the handler allows, with the codings the exchange adds, once the request has been
	 * mapped to a handler; resolved once.
	 */
	private @Nullable HandlerCompression handler() {
		if (this.handler == null) {
			this.handler = this.handlers.of(this.exchange);
		}
		return this.handler;
	}

	/**
	 * The codings the client accepts; only {@code identity} for an HTTP/1.0 client of a server
	 * that would send it an encoded body in chunks it cannot read.
	 */
	private AcceptEncoding acceptEncoding() {
		if (this.acceptEncoding == null) {
			ServerHttpRequest request = this.exchange.getRequest();
			this.acceptEncoding = ReceivedFields.chunksForHttp10(request) ? IDENTITY_ONLY
					: AcceptEncoding.parse(request.getHeaders().getOrEmpty(HttpHeaders.ACCEPT_ENCODING));
		}
		return this.acceptEncoding;
	}

	/**
	 * The peer's address as text: the resolved address, or, for a forwarded client (Spring's
	 * forwarded-header handling gives an unresolved address), the host string, which is matched
	 * only as an address literal.
	 */
	private @Nullable String peerAddress() {
		InetSocketAddress remote = this.exchange.getRequest().getRemoteAddress();
		if (remote == null) {
			return null;
		}
		return (remote.getAddress() != null) ? remote.getAddress().getHostAddress() : remote.getHostString();
	}

	/**
	 * Finds what the handler of an exchange allows: a functional route's
	 * {@link CompressionRoutes filter}, else the annotations of the handler method the request
	 * was mapped to; {@code null} if no handler was mapped.
	 */
	static final class Handlers {

		private final HandlerCompressionResolver resolver;

		private final ExchangeCodings exchangeCodings;

		private final ResponseBodyCopies bodyCopies;

		private final List<ContentCodec> serverCodecs;

		private final Map<CompressionRoutes.RouteCompression, HandlerCompression> routes = new ConcurrentHashMap<>();

		Handlers(HandlerCompressionResolver resolver, ExchangeCodings exchangeCodings, ResponseBodyCopies bodyCopies,
				List<ContentCodec> serverCodecs) {
			this.resolver = resolver;
			this.exchangeCodings = exchangeCodings;
			this.bodyCopies = bodyCopies;
			this.serverCodecs = serverCodecs;
		}

		@Nullable ResponseBodyCopy bodyCopy(ServerWebExchange exchange, HandlerCompression allowed) {
			Object handler = handler(exchange);
			if (handler == null) {
				return null;
			}
			ServerHttpRequest request = exchange.getRequest();
			return this.bodyCopies.openFor(allowed, handler, request.getMethod().name(), requestFields(request));
		}

		private static Function<String, @Nullable String> requestFields(ServerHttpRequest request) {
			HttpHeaders headers = request.getHeaders();
			return (name) -> RequestFieldValues.combined(name, headers.get(name));
		}

		@Nullable HandlerCompression of(ServerWebExchange exchange) {
			Object handler = handler(exchange);
			HandlerCompression allowed;
			if (exchange.getAttribute(CompressionRoutes.ATTRIBUTE) instanceof CompressionRoutes.RouteCompression route) {
				allowed = this.routes.computeIfAbsent(route, (declared) -> declared.allowed()
						? this.resolver.of(declared.encodings(), "a functional route") : HandlerCompression.EXCLUDED);
			}
			else if (handler != null) {
				allowed = this.resolver.resolve(handler);
			}
			else {
				return null;
			}
			if (!allowed.allowed() || handler == null || !this.exchangeCodings.offersFor(handler)) {
				return allowed;
			}
			ResponseFields response = ResponseFields.of(exchange.getResponse().getHeaders());
			List<ContentCodec> offered = this.exchangeCodings.offer(handler, exchange.getRequest().getPath().value(),
					() -> exchange.getRequest().getPath().contextPath().value(), requestFields(exchange.getRequest()),
					response);
			HttpStatusCode status = exchange.getResponse().getStatusCode();
			keepOnlyOnSuccess((status != null) ? status.value() : 200, response);
			return allowed.withFirst(offered, this.serverCodecs);
		}

		void keepOnlyOnSuccess(int status, ResponseFields response) {
			ExchangeCodings.keepOnlyOnSuccess(this.exchangeCodings.successOnlyFields(), status, response);
		}

		/**
		 * The handler the hooks look at: what a route's filter put in its place, else the
		 * mapped handler.
		 */
		private static @Nullable Object handler(ServerWebExchange exchange) {
			Object route = exchange.getAttribute(CompressionRoutes.HANDLER_ATTRIBUTE);
			return (route != null) ? route : exchange.getAttribute(HandlerMapping.BEST_MATCHING_HANDLER_ATTRIBUTE);
		}

	}

}
