package io.restcompress.client.autoconfigure;

import java.time.Duration;

import io.restcompress.client.ClientCompression;
import io.restcompress.client.ClientCompressionExchangeFilter;
import io.restcompress.client.ClientCompressionInterceptor;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.autoconfigure.ContentCodecAutoConfiguration;
import io.restcompress.decision.CompressionDecisions;
import io.restcompress.decision.autoconfigure.DecisionAutoConfiguration;
import io.restcompress.internal.reactive.DecoderThreadsFactory;
import io.restcompress.metrics.CompressionRecorder;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.restclient.RestClientCustomizer;
import org.springframework.boot.restclient.RestTemplateCustomizer;
import org.springframework.boot.webclient.WebClientCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.ResourceLoader;
import org.springframework.util.Assert;

/**
 * Auto-configuration of restcompress for the clients: one shared {@link ClientCompression}
 * policy, an interceptor for {@code RestTemplate} and {@code RestClient} (or, with
 * {@code restcompress.client.request.streaming}, a request factory that streams request
 * bodies) and a filter for {@code WebClient}, each registered through Boot's customizer of that
 * client when the client module is on the classpath, the HTTP libraries' own response
 * decoding switched off unless {@code restcompress.client.library-decoding} is set, and the
 * redirects that Apache HttpClient 5 and Jetty's client follow reported to restcompress.
 */
@AutoConfiguration(after = { ContentCodecAutoConfiguration.class, DecisionAutoConfiguration.class },
		afterName = "org.springframework.boot.http.client.autoconfigure.imperative.ImperativeHttpClientAutoConfiguration")
@ConditionalOnBooleanProperty(name = "restcompress.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "restcompress.client.enabled", matchIfMissing = true)
@ConditionalOnClass(name = "org.springframework.http.client.ClientHttpRequestInterceptor")
@ConditionalOnBean(ContentCodecs.class)
@EnableConfigurationProperties(ClientCompressionProperties.class)
@Import({ ClientCompressionAutoConfiguration.LibraryDecodingConfiguration.class,
		RedirectReportingConfigurations.ApacheHttpClient.class,
		RedirectReportingConfigurations.JettyClient.class })
public final class ClientCompressionAutoConfiguration {

	private static final Log logger = LogFactory.getLog(ClientCompressionAutoConfiguration.class);

	@Bean
	@ConditionalOnMissingBean
	ClientCompression clientCompression(ContentCodecs codecs, ClientCompressionProperties properties,
			ObjectProvider<CompressionRecorder> recorder, ObjectProvider<CompressionDecisions> decisions,
			ResourceLoader resourceLoader) {
		return ClientCompressionFactory.create(codecs, properties,
				recorder.getIfAvailable(() -> CompressionRecorder.NONE), decisions.getIfAvailable(),
				resourceLoader.getClassLoader());
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty(name = "restcompress.client.library-decoding", havingValue = false,
			matchIfMissing = true)
	@ConditionalOnClass(name = "org.springframework.boot.http.client.ClientHttpRequestFactoryBuilder")
	@Import({ LibraryDecodingConfigurations.JdkHttpClient.class, LibraryDecodingConfigurations.ApacheHttpClient.class,
			LibraryDecodingConfigurations.ApacheAsyncHttpClient.class, LibraryDecodingConfigurations.JettyClient.class,
			LibraryDecodingConfigurations.ReactorNetty.class })
	static class LibraryDecodingConfiguration {

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.boot.restclient.RestClientCustomizer")
	@Conditional(InterceptorCondition.class)
	static class BlockingClientsConfiguration {

		@Bean
		@ConditionalOnMissingBean
		ClientCompressionInterceptor clientCompressionInterceptor(ClientCompression compression,
				ClientCompressionProperties properties) {
			if (properties.getRequest().isStreaming()) {
				logger.warn("restcompress.client.request.streaming is on, but there is no ClientHttpRequestFactoryBuilder "
						+ "bean declared as such to stream through (Boot defines none in a reactive web application, "
						+ "and one declared as a specific builder type cannot be wrapped): RestTemplate and RestClient "
						+ "use restcompress's interceptor, which Spring hands whole request bodies");
			}
			return new ClientCompressionInterceptor(compression);
		}

		@Bean
		RestClientCustomizer restCompressRestClientCustomizer(ClientCompressionInterceptor interceptor) {
			return (builder) -> builder.requestInterceptor(interceptor);
		}

		@Bean
		RestTemplateCustomizer restCompressRestTemplateCustomizer(ClientCompressionInterceptor interceptor) {
			return (restTemplate) -> restTemplate.getInterceptors().add(interceptor);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = StreamableRequestFactoryBuilderCondition.BUILDER)
	@ConditionalOnBooleanProperty("restcompress.client.request.streaming")
	@Conditional(StreamableRequestFactoryBuilderCondition.Streamable.class)
	static class StreamingBlockingClientsConfiguration {

		@Bean
		static BeanPostProcessor restCompressStreamingRequestFactories(ObjectProvider<ClientCompression> compression) {
			return new StreamingRequestFactoryPostProcessor(compression);
		}

	}

	/**
	 * The interceptor, unless request bodies stream: streaming is off, or there is no request
	 * factory builder bean to stream through (a reactive web application has none; one declared
	 * as a specific builder type cannot be wrapped), so that the blocking clients never go
	 * without restcompress.
	 */
	static final class InterceptorCondition extends AnyNestedCondition {

		InterceptorCondition() {
			super(ConfigurationPhase.REGISTER_BEAN);
		}

		@ConditionalOnBooleanProperty(name = "restcompress.client.request.streaming", havingValue = false,
				matchIfMissing = true)
		static class NotStreaming {

		}

		@Conditional(StreamableRequestFactoryBuilderCondition.NotStreamable.class)
		static class NoStreamableRequestFactoryBuilder {

		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "org.springframework.boot.webclient.WebClientCustomizer",
			"org.springframework.web.reactive.function.client.WebClient" })
	static class WebClientConfiguration {

		@Bean
		@ConditionalOnMissingBean
		ClientCompressionExchangeFilter clientCompressionExchangeFilter(ClientCompression compression,
				ClientCompressionProperties properties) {
			Duration idleTimeout = properties.getDecoderIdleTimeout();
			Assert.isTrue(!idleTimeout.isNegative(),
					() -> "restcompress.client.decoder-idle-timeout must not be negative, was " + idleTimeout);
			return new ClientCompressionExchangeFilter(compression, DecoderThreadsFactory.create(
					"restcompress-client-decoder", "restcompress.client.decoder-threads", properties.getDecoderThreads()),
					idleTimeout);
		}

		@Bean
		WebClientCustomizer restCompressWebClientCustomizer(ClientCompressionExchangeFilter filter) {
			return (builder) -> builder.filter(filter);
		}

	}

}
