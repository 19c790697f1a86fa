package io.restcompress.websocket.autoconfigure;

import io.restcompress.websocket.ReactorNettyWebSocketCompression;
import io.restcompress.websocket.WebSocketMessageRecorder;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import reactor.netty.http.server.WebsocketServerSpec;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.reactive.socket.server.upgrade.ReactorNettyRequestUpgradeStrategy;

/**
 * Auto-configuration of {@link ReactorNettyWebSocketCompression}, the
 * {@code restcompress.websocket.*} settings for WebSocket endpoints of WebFlux applications on
 * Reactor Netty, with the sessions' meters when Micrometer is present. Settings Netty cannot
 * honour are logged once at startup.
 */
@AutoConfiguration(afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass({ ReactorNettyRequestUpgradeStrategy.class, WebsocketServerSpec.class })
@ConditionalOnBooleanProperty(name = "restcompress.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "restcompress.websocket.enabled", matchIfMissing = true)
@EnableConfigurationProperties(WebSocketCompressionProperties.class)
@Import(MicrometerRecorderConfiguration.class)
public final class ReactiveWebSocketCompressionAutoConfiguration {

	private static final Log logger = LogFactory.getLog(ReactiveWebSocketCompressionAutoConfiguration.class);

	@Bean
	@ConditionalOnMissingBean
	ReactorNettyWebSocketCompression reactorNettyWebSocketCompression(WebSocketCompressionProperties properties,
			ObjectProvider<WebSocketMessageRecorder> recorder) {
		ReactorNettyWebSocketCompression compression = new ReactorNettyWebSocketCompression(
				DeflatePolicyFactory.create(properties), DeflatePolicyFactory.serverMaxWindowBits(properties),
				recorder.getIfAvailable(() -> WebSocketMessageRecorder.NONE));
		compression.unhonouredSettings().forEach(logger::warn);
		return compression;
	}

}
