package io.restcompress.server.autoconfigure;

import java.time.Duration;

import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.autoconfigure.ContentCodecAutoConfiguration;
import io.restcompress.decision.autoconfigure.DecisionAutoConfiguration;
import io.restcompress.internal.reactive.DecoderThreads;
import io.restcompress.internal.reactive.DecoderThreadsFactory;
import io.restcompress.internal.reactive.Http1ResponsesInFlight;
import io.restcompress.internal.server.ExchangeCodings;
import io.restcompress.internal.server.ResponseBodyCopies;
import io.restcompress.internal.server.ResponseEncodingRules;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.server.ServerCompressionSettings;
import io.restcompress.server.reactive.ContentCodingWebFilter;
import io.restcompress.server.reactive.ContentDecodingHttpHandler;
import reactor.core.publisher.Flux;
import reactor.netty.http.server.HttpServer;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.util.Assert;
import org.springframework.web.server.WebFilter;

/**
 * Auto-configuration of the server side in a reactive web application: the
 * {@link ContentCodingWebFilter} for responses and the {@link ContentDecodingHttpHandler} for
 * request bodies, with the same settings and rules as the servlet filter.
 */
@AutoConfiguration(after = { ContentCodecAutoConfiguration.class, DecisionAutoConfiguration.class })
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass({ WebFilter.class, Flux.class })
@ConditionalOnBooleanProperty(name = "restcompress.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "restcompress.server.enabled", matchIfMissing = true)
@ConditionalOnBean(ContentCodecs.class)
@EnableConfigurationProperties(ServerCompressionProperties.class)
@Import(ServerRulesConfiguration.class)
public final class ReactiveServerCompressionAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	ContentCodingWebFilter contentCodingWebFilter(ServerCompressionSettings settings,
			ObjectProvider<CompressionRecorder> recorder, ServerCompressionProperties properties,
			ResponseEncodingRules rules, ObjectProvider<ExchangeCodings> exchangeCodings,
			ObjectProvider<ResponseBodyCopies> bodyCopies) {
		ContentCodingWebFilter filter = new ContentCodingWebFilter(settings,
				recorder.getIfAvailable(() -> CompressionRecorder.NONE), rules,
				exchangeCodings.getIfAvailable(() -> ExchangeCodings.NONE),
				bodyCopies.getIfAvailable(() -> ResponseBodyCopies.NONE));
		filter.setOrder(properties.getFilterOrder());
		return filter;
	}

	@Bean
	@ConditionalOnBooleanProperty(name = "restcompress.server.request.enabled", matchIfMissing = true)
	@ConditionalOnMissingBean
	ContentDecodingHttpHandler.Decorator contentDecodingHttpHandlerDecorator(ServerCompressionSettings settings,
			ObjectProvider<CompressionRecorder> recorder, ServerCompressionProperties properties,
			ResponseEncodingRules rules) {
		CompressionRecorder compressionRecorder = rules
			.decodingRecorder(recorder.getIfAvailable(() -> CompressionRecorder.NONE));
		DecoderThreads threads = DecoderThreadsFactory.create("restcompress-server-decoder",
				"restcompress.server.request.decoder-threads", properties.getRequest().getDecoderThreads());
		Duration idleTimeout = properties.getRequest().getDecoderIdleTimeout();
		Assert.isTrue(!idleTimeout.isNegative(),
				() -> "restcompress.server.request.decoder-idle-timeout must not be negative, was " + idleTimeout);
		return new ContentDecodingHttpHandler.Decorator(settings, compressionRecorder, threads, idleTimeout);
	}

	/**
	 * On Reactor Netty, HTTP/1.1 connections end only once the responses in flight on them are
	 * written: restcompress writes eligible responses (and decodes request bodies)
	 * asynchronously, and Reactor Netty would otherwise cut such a response short when its client
	 * half-closes the connection after its request, or when a pipelined request behind it asks
	 * to close.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ NettyServerCustomizer.class, HttpServer.class })
	static final class ReactorNettyConnectionConfiguration {

		/**
		 * How long a connection whose client half-closed it may go without a write while a
		 * response is in flight, so that a client that went away cannot keep it open.
		 */
		static final Duration IDLE_AFTER_HALF_CLOSE = Duration.ofSeconds(30);

		@Bean
		NettyServerCustomizer restcompressHttp1ResponsesInFlight() {
			return (server) -> server.doOnChannelInit(
					(observer, channel, remoteAddress) -> Http1ResponsesInFlight.install(channel, IDLE_AFTER_HALF_CLOSE));
		}

	}

}
