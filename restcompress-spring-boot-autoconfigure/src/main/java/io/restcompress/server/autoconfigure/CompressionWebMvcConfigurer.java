package io.restcompress.server.autoconfigure;

import java.util.List;

import io.restcompress.server.CompressionHandlerInterceptor;
import io.restcompress.server.ContentDecodingExceptionResolver;

import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Registers the interceptor that resolves {@code @LzfCompressed}, and the resolver that turns
 * request-body decoding failures into 400 and 413 problem responses ahead of Spring MVC's own.
 */
class CompressionWebMvcConfigurer implements WebMvcConfigurer {

	private final CompressionHandlerInterceptor interceptor;

	private final ContentDecodingExceptionResolver exceptionResolver;

	CompressionWebMvcConfigurer(CompressionHandlerInterceptor interceptor,
			ContentDecodingExceptionResolver exceptionResolver) {
		this.interceptor = interceptor;
		this.exceptionResolver = exceptionResolver;
	}

	@Override
	public void addInterceptors(InterceptorRegistry registry) {
		registry.addInterceptor(this.interceptor);
	}

	@Override
	public void extendHandlerExceptionResolvers(List<HandlerExceptionResolver> resolvers) {
		resolvers.add(0, this.exceptionResolver);
	}

}
