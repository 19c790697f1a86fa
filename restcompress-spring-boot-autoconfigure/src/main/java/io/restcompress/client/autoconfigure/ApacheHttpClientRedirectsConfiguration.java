package io.restcompress.client.autoconfigure;

import io.restcompress.client.ApacheHttpClientRedirects;

import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.http.client.HttpComponentsClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.autoconfigure.ClientHttpRequestFactoryBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Has Apache HttpClient 5 (classic), when Spring Boot builds it, report the hops of the
 * redirects it follows, so that what an answer teaches is kept for the origin that sent it.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = { "org.springframework.boot.http.client.ClientHttpRequestFactoryBuilder",
		"org.apache.hc.client5.http.impl.classic.HttpClientBuilder" })
class ApacheHttpClientRedirectsConfiguration {

	@Bean
	ClientHttpRequestFactoryBuilderCustomizer<HttpComponentsClientHttpRequestFactoryBuilder> restCompressApacheHttpClientRedirectsCustomizer() {
		return (builder) -> builder.withHttpClientCustomizer(ApacheHttpClientRedirects::reported);
	}

}
