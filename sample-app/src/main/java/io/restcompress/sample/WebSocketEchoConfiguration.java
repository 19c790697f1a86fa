package io.restcompress.sample;

import io.restcompress.websocket.CompressionHandshakeHandler;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.unit.DataSize;
import org.springframework.web.socket.config.annotation.EnableWebSocket;
import org.springframework.web.socket.config.annotation.WebSocketConfigurer;
import org.springframework.web.socket.config.annotation.WebSocketHandlerRegistration;
import org.springframework.web.socket.config.annotation.WebSocketHandlerRegistry;
import org.springframework.web.socket.server.standard.ServletServerContainerFactoryBean;

/**
 * The echo endpoint, negotiating permessage-deflate by the {@code restcompress.websocket.*}
 * settings.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSocket
class WebSocketEchoConfiguration implements WebSocketConfigurer {

	/** Largest message the echo endpoint takes by default, text or binary. */
	static final int MAX_MESSAGE_SIZE = 1024 * 1024;

	private final ObjectProvider<CompressionHandshakeHandler> handshakeHandler;

	WebSocketEchoConfiguration(ObjectProvider<CompressionHandshakeHandler> handshakeHandler) {
		this.handshakeHandler = handshakeHandler;
	}

	/**
	 * Registers the echo endpoint, with restcompress's handshake handler unless restcompress is
	 * switched off ({@code restcompress.enabled=false}), when the engine negotiates by itself.
	 */
	@Override
	public void registerWebSocketHandlers(WebSocketHandlerRegistry registry) {
		WebSocketHandlerRegistration registration = registry.addHandler(new EchoWebSocketHandler(), "/ws/echo")
			.setAllowedOrigins("*");
		this.handshakeHandler.ifAvailable(registration::setHandshakeHandler);
	}

	/**
	 * The engine's message buffers, which Tomcat allocates per session at their full size:
	 * {@code sample.websocket.max-message-size} (default 1MB) trades the largest message for
	 * memory per connection.
	 * @param maxMessageSize the largest message
	 * @return the container settings
	 */
	@Bean
	static ServletServerContainerFactoryBean webSocketContainer(
			@Value("${sample.websocket.max-message-size:1MB}") DataSize maxMessageSize) {
		ServletServerContainerFactoryBean container = new ServletServerContainerFactoryBean();
		container.setMaxTextMessageBufferSize(Math.toIntExact(maxMessageSize.toBytes()));
		container.setMaxBinaryMessageBufferSize(Math.toIntExact(maxMessageSize.toBytes()));
		return container;
	}

}
