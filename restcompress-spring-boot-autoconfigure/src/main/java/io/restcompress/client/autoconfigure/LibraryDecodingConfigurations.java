package io.restcompress.client.autoconfigure;

import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;

import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.http.client.HttpComponentsClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.JdkClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.ReactorClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.autoconfigure.ClientHttpRequestFactoryBuilderCustomizer;
import org.springframework.boot.http.client.autoconfigure.reactive.ClientHttpConnectorBuilderCustomizer;
import org.springframework.boot.http.client.reactive.ReactorClientHttpConnectorBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Switches off the response decoding of the HTTP libraries behind Spring Boot's
 * auto-configured clients, so that restcompress decodes every response: one decoder per body,
 * every coding accepted, one set of meters. The JDK's HttpClient (through Spring's factory) and
 * Reactor Netty decode gzip and deflate themselves; Apache HttpClient 5 does too and fails on
 * codings it does not know, such as {@code lzf}.
 */
final class LibraryDecodingConfigurations {

	private LibraryDecodingConfigurations() {
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(ClientHttpRequestFactoryBuilderCustomizer.class)
	static class JdkHttpClient {

		@Bean
		ClientHttpRequestFactoryBuilderCustomizer<JdkClientHttpRequestFactoryBuilder> restCompressJdkHttpClientDecodingCustomizer() {
			return (builder) -> builder.withCustomizer((factory) -> factory.enableCompression(false));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ ClientHttpRequestFactoryBuilderCustomizer.class, HttpClientBuilder.class })
	static class ApacheHttpClient {

		@Bean
		ClientHttpRequestFactoryBuilderCustomizer<HttpComponentsClientHttpRequestFactoryBuilder> restCompressApacheHttpClientDecodingCustomizer() {
			return (builder) -> builder.withHttpClientCustomizer(HttpClientBuilder::disableContentCompression);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "reactor.netty.http.client.HttpClient")
	static class ReactorNetty {

		@Bean
		@ConditionalOnClass(ClientHttpRequestFactoryBuilderCustomizer.class)
		ClientHttpRequestFactoryBuilderCustomizer<ReactorClientHttpRequestFactoryBuilder> restCompressReactorNettyDecodingCustomizer() {
			return (builder) -> builder.withHttpClientCustomizer((client) -> client.compress(false));
		}

		@Bean
		@ConditionalOnClass(ClientHttpConnectorBuilderCustomizer.class)
		ClientHttpConnectorBuilderCustomizer<ReactorClientHttpConnectorBuilder> restCompressReactorNettyConnectorDecodingCustomizer() {
			return (builder) -> builder.withHttpClientCustomizer((client) -> client.compress(false));
		}

	}

}
