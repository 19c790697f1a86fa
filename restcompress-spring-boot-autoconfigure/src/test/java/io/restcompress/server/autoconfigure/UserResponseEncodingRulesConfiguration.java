package io.restcompress.server.autoconfigure;

import io.restcompress.internal.server.ResponseEncodingRules;
import io.restcompress.server.ServerCompressionSettings;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A user's own {@link ResponseEncodingRules}, which both servers' filters take instead of the
 * auto-configured ones.
 */
@Configuration(proxyBeanMethods = false)
class UserResponseEncodingRulesConfiguration {

	@Bean
	ResponseEncodingRules userRules(ServerCompressionSettings settings) {
		return new ResponseEncodingRules(settings);
	}

}
