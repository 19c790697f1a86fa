package io.restcompress.sample.reactive;

import java.util.Map;
import java.util.function.Consumer;

import io.restcompress.websocket.ReactorNettyWebSocketCompression;
import reactor.netty.http.server.WebsocketServerSpec;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.reactive.handler.SimpleUrlHandlerMapping;
import org.springframework.web.reactive.socket.WebSocketHandler;
import org.springframework.web.reactive.socket.WebSocketMessage;
import org.springframework.web.reactive.socket.server.RequestUpgradeStrategy;
import org.springframework.web.reactive.socket.server.support.HandshakeWebSocketService;
import org.springframework.web.reactive.socket.server.support.WebSocketHandlerAdapter;
import org.springframework.web.reactive.socket.server.upgrade.ReactorNettyRequestUpgradeStrategy;

/**
 * {@code /ws/echo}: echoes text and binary messages, negotiating permessage-deflate (RFC 7692)
 * by the {@code restcompress.websocket.*} settings, or by Reactor Netty's defaults when
 * restcompress is switched off.
 */
@Configuration(proxyBeanMethods = false)
class WebSocketConfiguration {

	/** Largest message the echo endpoint takes, text or binary. */
	static final int MAX_MESSAGE_SIZE = 1024 * 1024;

	@Bean
	HandlerMapping webSocketMapping() {
		WebSocketHandler echo = (session) -> session.send(session.receive().map(WebSocketMessage::retain));
		return new SimpleUrlHandlerMapping(Map.of("/ws/echo", echo), -1);
	}

	@Bean
	WebSocketHandlerAdapter webSocketHandlerAdapter(ObjectProvider<ReactorNettyWebSocketCompression> compression) {
		Consumer<WebsocketServerSpec.Builder> frames = (spec) -> spec.maxFramePayloadLength(MAX_MESSAGE_SIZE);
		ReactorNettyWebSocketCompression restcompress = compression.getIfAvailable();
		RequestUpgradeStrategy strategy = (restcompress != null) ? restcompress.upgradeStrategy(frames)
				: new ReactorNettyRequestUpgradeStrategy(() -> {
					WebsocketServerSpec.Builder spec = WebsocketServerSpec.builder().compress(true);
					frames.accept(spec);
					return spec;
				});
		return new WebSocketHandlerAdapter(new HandshakeWebSocketService(strategy));
	}

}
