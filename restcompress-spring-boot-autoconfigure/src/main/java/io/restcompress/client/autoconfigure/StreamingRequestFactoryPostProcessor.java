package io.restcompress.client.autoconfigure;

import io.restcompress.client.ClientCompression;
import io.restcompress.client.StreamingCompressionRequestFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.http.client.ClientHttpRequestFactoryBuilder;

/**
 * Makes every request factory that a {@link ClientHttpRequestFactoryBuilder} bean builds (the
 * ones Boot's {@code RestClient.Builder} and {@code RestTemplateBuilder} start from) a
 * {@link StreamingCompressionRequestFactory}. The builder is wrapped once it is initialized,
 * so that Boot's customizers of the HTTP library's own builder have been applied to it.
 */
final class StreamingRequestFactoryPostProcessor implements BeanPostProcessor {

	private final ObjectProvider<ClientCompression> compression;

	StreamingRequestFactoryPostProcessor(ObjectProvider<ClientCompression> compression) {
		this.compression = compression;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof ClientHttpRequestFactoryBuilder<?> builder) {
			return (ClientHttpRequestFactoryBuilder<StreamingCompressionRequestFactory>) (settings) -> new StreamingCompressionRequestFactory(
					builder.build(settings), this.compression.getObject());
		}
		return bean;
	}

}
