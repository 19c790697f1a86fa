package io.restcompress.client.autoconfigure;

import io.restcompress.client.ApacheHttpClientRedirects;
import io.restcompress.client.JettyHttpClientRedirects;

import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.http.client.HttpComponentsClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.JettyClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.autoconfigure.ClientHttpRequestFactoryBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Has the HTTP libraries that can say where each hop of a redirect went report it when Spring
 * Boot builds them, so that what an answer teaches is kept for the origin that sent it.
 */
final class RedirectReportingConfigurations {

	private RedirectReportingConfigurations() {
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "org.springframework.boot.http.client.ClientHttpRequestFactoryBuilder",
			"org.apache.hc.client5.http.impl.classic.HttpClientBuilder" })
	static class ApacheHttpClient {

		@Bean
		ClientHttpRequestFactoryBuilderCustomizer<HttpComponentsClientHttpRequestFactoryBuilder> restCompressApacheHttpClientRedirectsCustomizer() {
			return (builder) -> builder.withHttpClientCustomizer(ApacheHttpClientRedirects::reported);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "org.springframework.boot.http.client.ClientHttpRequestFactoryBuilder",
			"org.eclipse.jetty.client.HttpClient" })
	static class JettyClient {

		@Bean
		ClientHttpRequestFactoryBuilderCustomizer<JettyClientHttpRequestFactoryBuilder> restCompressJettyRedirectsCustomizer() {
			return (builder) -> builder.withHttpClientCustomizer(JettyHttpClientRedirects::reported);
		}

	}

}
