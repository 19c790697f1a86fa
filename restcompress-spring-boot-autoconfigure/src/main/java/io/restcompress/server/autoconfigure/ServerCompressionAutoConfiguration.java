package io.restcompress.server.autoconfigure;

import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.autoconfigure.ContentCodecAutoConfiguration;
import io.restcompress.decision.autoconfigure.DecisionAutoConfiguration;
import io.restcompress.internal.server.ExchangeCodings;
import io.restcompress.internal.server.ResponseBodyCopies;
import io.restcompress.internal.server.ResponseEncodingRules;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.server.CompressionHandlerInterceptor;
import io.restcompress.server.ContentCodingFilter;
import io.restcompress.server.ContentDecodingExceptionResolver;
import io.restcompress.server.ServerCompressionSettings;
import jakarta.servlet.DispatcherType;
import org.apache.coyote.http11.AbstractHttp11Protocol;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingFilterBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.tomcat.TomcatProtocolHandlerCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.DispatcherServlet;

/**
 * Auto-configuration of the server side in a servlet web application: the
 * {@link ContentCodingFilter} and, with Spring MVC, the {@code @LzfCompressed} interceptor.
 */
@AutoConfiguration(after = { ContentCodecAutoConfiguration.class, DecisionAutoConfiguration.class })
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(OncePerRequestFilter.class)
@ConditionalOnBooleanProperty(name = "restcompress.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "restcompress.server.enabled", matchIfMissing = true)
@ConditionalOnBean(ContentCodecs.class)
@EnableConfigurationProperties(ServerCompressionProperties.class)
@Import(ServerRulesConfiguration.class)
public final class ServerCompressionAutoConfiguration {

	@Bean
	@ConditionalOnMissingFilterBean(ContentCodingFilter.class)
	FilterRegistrationBean<ContentCodingFilter> contentCodingFilter(ServerCompressionSettings settings,
			ObjectProvider<CompressionRecorder> recorder, ServerCompressionProperties properties,
			ResponseEncodingRules rules) {
		ContentCodingFilter filter = new ContentCodingFilter(settings,
				recorder.getIfAvailable(() -> CompressionRecorder.NONE), rules);
		FilterRegistrationBean<ContentCodingFilter> registration = new FilterRegistrationBean<>(filter);
		registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC, DispatcherType.ERROR);
		registration.setOrder(properties.getFilterOrder());
		return registration;
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ AbstractHttp11Protocol.class, TomcatProtocolHandlerCustomizer.class })
	static class TomcatConfiguration {

		@Bean
		TomcatDoubleEncodingGuard tomcatDoubleEncodingGuard(ContentCodecs codecs) {
			return new TomcatDoubleEncodingGuard(codecs);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(DispatcherServlet.class)
	static class WebMvcConfiguration {

		@Bean
		@ConditionalOnMissingBean
		CompressionHandlerInterceptor compressionHandlerInterceptor(ServerCompressionSettings settings,
				ObjectProvider<ExchangeCodings> exchangeCodings, ObjectProvider<ResponseBodyCopies> bodyCopies) {
			return new CompressionHandlerInterceptor(settings, exchangeCodings.getIfAvailable(() -> ExchangeCodings.NONE),
					bodyCopies.getIfAvailable(() -> ResponseBodyCopies.NONE));
		}

		@Bean
		CompressionWebMvcConfigurer compressionWebMvcConfigurer(CompressionHandlerInterceptor interceptor) {
			return new CompressionWebMvcConfigurer(interceptor, new ContentDecodingExceptionResolver());
		}

	}

}
