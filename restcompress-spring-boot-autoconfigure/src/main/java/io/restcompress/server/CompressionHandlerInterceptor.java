package io.restcompress.server;

import io.restcompress.internal.server.HandlerCompressionResolver;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Tells each exchange of Spring MVC what its handler allows, as
 * {@link HandlerCompressionResolver} resolves it.
 */
public class CompressionHandlerInterceptor implements HandlerInterceptor {

	private final HandlerCompressionResolver resolver;

	public CompressionHandlerInterceptor(ServerCompressionSettings settings) {
		this.resolver = new HandlerCompressionResolver(settings);
	}

	@Override
	public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
		CompressionExchange exchange = CompressionExchange.find(request);
		if (exchange != null) {
			exchange.handledBy(this.resolver.resolve(handler));
		}
		return true;
	}

}
