package io.restcompress.codec.autoconfigure;

import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.GzipCodec;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A user's own {@link ContentCodecs} bean, gzip only: with it, a condition on
 * {@code restcompress.enabled} can be tested without the codecs' auto-configuration backing off
 * first and hiding the outcome.
 */
@Configuration(proxyBeanMethods = false)
public class GzipOnlyCodecsConfiguration {

	@Bean
	ContentCodecs userContentCodecs() {
		return ContentCodecs.of(new GzipCodec(1));
	}

}
