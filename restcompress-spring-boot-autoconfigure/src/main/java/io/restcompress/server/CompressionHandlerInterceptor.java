package io.restcompress.server;

import java.util.List;
import java.util.function.Function;

import io.restcompress.codec.ContentCodec;
import io.restcompress.internal.server.ExchangeCodings;
import io.restcompress.internal.server.HandlerCompression;
import io.restcompress.internal.server.HandlerCompressionResolver;
import io.restcompress.internal.server.RequestFieldValues;
import io.restcompress.internal.server.ResponseBodyCopies;
import io.restcompress.internal.server.ServletApplicationPaths;
import io.restcompress.internal.server.VaryHeader;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Tells each exchange of Spring MVC what its handler allows, as
 * {@link HandlerCompressionResolver} resolves it, with the codings {@link ExchangeCodings} adds
 * for the exchange, and whether {@link ResponseBodyCopies} wants a copy of its body.
 */
public class CompressionHandlerInterceptor implements HandlerInterceptor {

	private final HandlerCompressionResolver resolver;

	private final ServerCompressionSettings settings;

	private final ExchangeCodings exchangeCodings;

	private final ResponseBodyCopies bodyCopies;

	public CompressionHandlerInterceptor(ServerCompressionSettings settings) {
		this(settings, ExchangeCodings.NONE, ResponseBodyCopies.NONE);
	}

	/**
	 * Creates the interceptor.
	 * @param settings the server's settings
	 * @param exchangeCodings the codings an exchange may add ahead of its handler's
	 * @param bodyCopies which response bodies are copied as written
	 */
	public CompressionHandlerInterceptor(ServerCompressionSettings settings, ExchangeCodings exchangeCodings,
			ResponseBodyCopies bodyCopies) {
		this.resolver = new HandlerCompressionResolver(settings);
		this.settings = settings;
		this.exchangeCodings = exchangeCodings;
		this.bodyCopies = bodyCopies;
	}

	/**
	 * Puts the codings the exchange offers for this handler first, and keeps in {@code Vary}
	 * what the offer added to it, whatever the handler sets {@code Vary} to.
	 */
	private HandlerCompression offer(HttpServletRequest request, HttpServletResponse response, Object handler,
			CompressionExchange exchange, HandlerCompression allowed) {
		List<String> varyBefore = List.copyOf(response.getHeaders(HttpHeaders.VARY));
		List<ContentCodec> offered = this.exchangeCodings.offer(handler, request.getRequestURI(),
				() -> ServletApplicationPaths.applicationPath(request), requestFields(request),
				new ServletResponseFields(response));
		exchange.keepOnlyOnSuccess(this.exchangeCodings.successOnlyFields());
		List<String> addedToVary = VaryHeader.added(varyBefore, response.getHeaders(HttpHeaders.VARY));
		if (!addedToVary.isEmpty()) {
			exchange.keepInVary(addedToVary);
		}
		return allowed.withFirst(offered, this.settings.responseCodecs());
	}

	private static Function<String, @Nullable String> requestFields(HttpServletRequest request) {
		return (name) -> RequestFieldValues.combined(name, request.getHeaders(name));
	}

	@Override
	public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
		CompressionExchange exchange = CompressionExchange.find(request);
		if (exchange != null) {
			HandlerCompression allowed = this.resolver.resolve(handler);
			if (exchange.isResponseEncodable()) {
				if (allowed.allowed() && this.exchangeCodings.offersFor(handler)) {
					allowed = offer(request, response, handler, exchange, allowed);
				}
				DispatcherType dispatch = request.getDispatcherType();
				if (dispatch == DispatcherType.REQUEST || dispatch == DispatcherType.FORWARD) {
					exchange.copyBodyTo(
							this.bodyCopies.openFor(allowed, handler, request.getMethod(), requestFields(request)));
				}
			}
			exchange.handledBy(allowed);
		}
		return true;
	}

}
