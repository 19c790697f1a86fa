package io.restcompress.server.autoconfigure;

import io.restcompress.codec.ContentCodecs;
import io.restcompress.decision.CompressionDecisions;
import io.restcompress.internal.server.ResponseEncodingRules;
import io.restcompress.server.ServerCompressionSettings;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The server's settings and response rules, shared by the servlet and the reactive
 * auto-configurations.
 */
@Configuration(proxyBeanMethods = false)
class ServerRulesConfiguration {

	@Bean
	@ConditionalOnMissingBean
	ServerCompressionSettings serverCompressionSettings(ServerCompressionProperties properties, ContentCodecs codecs) {
		return ServerCompressionSettingsFactory.create(properties, codecs);
	}

	@Bean
	@ConditionalOnMissingBean
	ResponseEncodingRules responseEncodingRules(ServerCompressionSettings settings,
			ServerCompressionProperties properties, ObjectProvider<CompressionDecisions> decisions) {
		return ResponseEncodingRulesFactory.create(settings, properties, decisions.getIfAvailable());
	}

}
