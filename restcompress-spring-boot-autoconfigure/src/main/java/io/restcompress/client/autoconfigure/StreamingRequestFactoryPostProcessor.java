package io.restcompress.client.autoconfigure;

import io.restcompress.client.ClientCompression;
import io.restcompress.client.StreamingCompressionRequestFactory;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.http.client.ClientHttpRequestFactoryBuilder;

/**
 * Makes every request factory that a {@link ClientHttpRequestFactoryBuilder} bean builds (the
 * ones Boot's {@code RestClient.Builder} and {@code RestTemplateBuilder} start from) a
 * {@link StreamingCompressionRequestFactory}. The builder is wrapped once it is initialized,
 * so that Boot's customizers of the HTTP library's own builder have been applied to it. A
 * builder bean declared as a specific builder type (a {@code JdkClientHttpRequestFactoryBuilder}
 * method, say) is left as it is, with a warning: the wrapper is not of that type, and beans
 * that inject it by that type would fail.
 */
final class StreamingRequestFactoryPostProcessor implements BeanPostProcessor, BeanFactoryAware {

	private static final Log logger = LogFactory.getLog(StreamingRequestFactoryPostProcessor.class);

	private final ObjectProvider<ClientCompression> compression;

	private ConfigurableListableBeanFactory beanFactory;

	StreamingRequestFactoryPostProcessor(ObjectProvider<ClientCompression> compression) {
		this.compression = compression;
	}

	@Override
	public void setBeanFactory(BeanFactory beanFactory) throws BeansException {
		this.beanFactory = (ConfigurableListableBeanFactory) beanFactory;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (!(bean instanceof ClientHttpRequestFactoryBuilder<?> builder)) {
			return bean;
		}
		if (!declaredAsAnyBuilder(this.beanFactory, beanName)) {
			logger.warn("restcompress.client.request.streaming does not apply to the bean '" + beanName
					+ "': it is declared as a specific ClientHttpRequestFactoryBuilder type, which restcompress's "
					+ "wrapper is not; declare it as ClientHttpRequestFactoryBuilder<?> to stream request bodies");
			return bean;
		}
		ClientHttpRequestFactoryBuilder<StreamingCompressionRequestFactory> streaming = (settings) -> {
			return new StreamingCompressionRequestFactory(builder.build(settings), this.compression.getObject());
		};
		return streaming;
	}

	/**
	 * Whether a bean is declared as {@code ClientHttpRequestFactoryBuilder} itself, so that
	 * the wrapper can stand in for it.
	 * @param beanFactory the bean factory
	 * @param beanName the bean's name
	 * @return whether it is
	 */
	static boolean declaredAsAnyBuilder(ConfigurableListableBeanFactory beanFactory, String beanName) {
		if (!beanFactory.containsBeanDefinition(beanName)) {
			return false;
		}
		Class<?> declared = beanFactory.getMergedBeanDefinition(beanName).getResolvableType().resolve();
		return declared == ClientHttpRequestFactoryBuilder.class;
	}

}
