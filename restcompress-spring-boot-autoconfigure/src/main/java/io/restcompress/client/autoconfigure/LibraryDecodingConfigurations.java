package io.restcompress.client.autoconfigure;

import io.restcompress.client.ReactorNettyResponseStreams;
import org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.util.component.LifeCycle;

import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.http.client.HttpComponentsClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.JdkClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.JettyClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.ReactorClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.autoconfigure.ClientHttpRequestFactoryBuilderCustomizer;
import org.springframework.boot.http.client.autoconfigure.reactive.ClientHttpConnectorBuilderCustomizer;
import org.springframework.boot.http.client.reactive.HttpComponentsClientHttpConnectorBuilder;
import org.springframework.boot.http.client.reactive.JettyClientHttpConnectorBuilder;
import org.springframework.boot.http.client.reactive.ReactorClientHttpConnectorBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Switches off the response decoding of the HTTP libraries behind Spring Boot's
 * auto-configured clients, so that restcompress decodes every response: one decoder per body,
 * every coding accepted, one {@code Accept-Encoding}, one set of meters. The JDK's HttpClient
 * (through Spring's factory) and Reactor Netty decode gzip and deflate themselves; Jetty decodes
 * gzip and adds its own {@code Accept-Encoding}; Apache HttpClient 5, classic and (since 5.6)
 * async, decodes gzip and deflate and fails on codings it does not know, such as {@code lzf}.
 * Reactor Netty's {@code WebClient} connector also gets {@link ReactorNettyResponseStreams}, so
 * that HTTP/2 response bodies decoded on another thread do not stall.
 */
final class LibraryDecodingConfigurations {

	private LibraryDecodingConfigurations() {
	}

	@Configuration(proxyBeanMethods = false)
	static class JdkHttpClient {

		@Bean
		ClientHttpRequestFactoryBuilderCustomizer<JdkClientHttpRequestFactoryBuilder> restCompressJdkHttpClientDecodingCustomizer() {
			return (builder) -> builder.withCustomizer((factory) -> factory.enableCompression(false));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(HttpClientBuilder.class)
	static class ApacheHttpClient {

		@Bean
		ClientHttpRequestFactoryBuilderCustomizer<HttpComponentsClientHttpRequestFactoryBuilder> restCompressApacheHttpClientDecodingCustomizer() {
			return (builder) -> builder.withHttpClientCustomizer(HttpClientBuilder::disableContentCompression);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder",
			"org.apache.hc.core5.reactive.ReactiveDataConsumer" })
	static class ApacheAsyncHttpClient {

		@Bean
		ClientHttpConnectorBuilderCustomizer<HttpComponentsClientHttpConnectorBuilder> restCompressApacheConnectorDecodingCustomizer() {
			return (builder) -> builder.withHttpClientCustomizer(HttpAsyncClientBuilder::disableContentCompression);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.eclipse.jetty.client.HttpClient")
	static class JettyClient {

		@Bean
		ClientHttpRequestFactoryBuilderCustomizer<JettyClientHttpRequestFactoryBuilder> restCompressJettyDecodingCustomizer() {
			return (builder) -> builder.withHttpClientCustomizer(JettyClient::withoutDecoders);
		}

		@Bean
		ClientHttpConnectorBuilderCustomizer<JettyClientHttpConnectorBuilder> restCompressJettyConnectorDecodingCustomizer() {
			return (builder) -> builder.withHttpClientCustomizer(JettyClient::withoutDecoders);
		}

		/**
		 * Jetty installs its decoders when it starts with none, so they are removed once it
		 * has started.
		 */
		private static void withoutDecoders(HttpClient client) {
			client.addEventListener(new LifeCycle.Listener() {

				@Override
				public void lifeCycleStarted(LifeCycle started) {
					client.getContentDecoderFactories().clear();
				}

			});
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "reactor.netty.http.client.HttpClient")
	static class ReactorNetty {

		@Bean
		ClientHttpRequestFactoryBuilderCustomizer<ReactorClientHttpRequestFactoryBuilder> restCompressReactorNettyDecodingCustomizer() {
			return (builder) -> builder.withHttpClientCustomizer((client) -> client.compress(false));
		}

		@Bean
		ClientHttpConnectorBuilderCustomizer<ReactorClientHttpConnectorBuilder> restCompressReactorNettyConnectorDecodingCustomizer() {
			return (builder) -> builder
				.withHttpClientCustomizer((client) -> ReactorNettyResponseStreams.flushing(client.compress(false)));
		}

	}

}
