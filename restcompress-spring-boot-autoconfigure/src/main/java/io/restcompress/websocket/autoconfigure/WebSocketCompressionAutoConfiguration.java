package io.restcompress.websocket.autoconfigure;

import io.restcompress.websocket.CompressionHandshakeHandler;
import io.restcompress.websocket.WebSocketMessageRecorder;
import io.restcompress.websocket.WellFormedExtensionsFilter;
import jakarta.websocket.server.ServerContainer;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingFilterBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.web.socket.server.standard.StandardWebSocketUpgradeStrategy;

/**
 * Auto-configuration of the {@link CompressionHandshakeHandler} that WebSocket endpoints
 * register to negotiate permessage-deflate by the {@code restcompress.websocket.*} settings, and
 * of the {@link WellFormedExtensionsFilter} that keeps a malformed extension offer from failing
 * a handshake.
 */
@AutoConfiguration(afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({ StandardWebSocketUpgradeStrategy.class, ServerContainer.class })
@ConditionalOnBooleanProperty(name = "restcompress.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "restcompress.websocket.enabled", matchIfMissing = true)
@EnableConfigurationProperties(WebSocketCompressionProperties.class)
@Import(MicrometerRecorderConfiguration.class)
public final class WebSocketCompressionAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	CompressionHandshakeHandler compressionHandshakeHandler(WebSocketCompressionProperties properties,
			ObjectProvider<WebSocketMessageRecorder> recorder) {
		return new CompressionHandshakeHandler(DeflatePolicyFactory.create(properties),
				DeflatePolicyFactory.serverMaxWindowBits(properties),
				recorder.getIfAvailable(() -> WebSocketMessageRecorder.NONE));
	}

	@Bean
	@ConditionalOnMissingFilterBean(WellFormedExtensionsFilter.class)
	FilterRegistrationBean<WellFormedExtensionsFilter> restCompressWebSocketExtensionsFilter() {
		FilterRegistrationBean<WellFormedExtensionsFilter> registration = new FilterRegistrationBean<>(
				new WellFormedExtensionsFilter());
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
		return registration;
	}

}
