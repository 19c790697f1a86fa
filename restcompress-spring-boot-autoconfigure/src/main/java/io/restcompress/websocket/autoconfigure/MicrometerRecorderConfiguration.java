package io.restcompress.websocket.autoconfigure;

import io.micrometer.core.instrument.MeterRegistry;
import io.restcompress.websocket.MicrometerWebSocketMessageRecorder;
import io.restcompress.websocket.WebSocketMessageRecorder;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Micrometer {@link WebSocketMessageRecorder} of servlet and reactive WebSocket sessions
 * alike.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean(MeterRegistry.class)
@ConditionalOnBooleanProperty(name = "restcompress.metrics.enabled", matchIfMissing = true)
class MicrometerRecorderConfiguration {

	@Bean
	@ConditionalOnMissingBean
	WebSocketMessageRecorder micrometerWebSocketMessageRecorder(MeterRegistry registry) {
		return new MicrometerWebSocketMessageRecorder(registry);
	}

}
