package io.restcompress.sample.reactive;

import java.util.Map;

import reactor.netty.http.server.WebsocketServerSpec;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.reactive.handler.SimpleUrlHandlerMapping;
import org.springframework.web.reactive.socket.WebSocketHandler;
import org.springframework.web.reactive.socket.WebSocketMessage;
import org.springframework.web.reactive.socket.server.support.HandshakeWebSocketService;
import org.springframework.web.reactive.socket.server.support.WebSocketHandlerAdapter;
import org.springframework.web.reactive.socket.server.upgrade.ReactorNettyRequestUpgradeStrategy;

/**
 * {@code /ws/echo}: echoes text and binary messages, with permessage-deflate (RFC 7692) unless
 * {@code sample.websocket.compress=false}.
 */
@Configuration(proxyBeanMethods = false)
class WebSocketConfiguration {

	@Bean
	HandlerMapping webSocketMapping() {
		WebSocketHandler echo = (session) -> session.send(session.receive().map(WebSocketMessage::retain));
		return new SimpleUrlHandlerMapping(Map.of("/ws/echo", echo), -1);
	}

	@Bean
	WebSocketHandlerAdapter webSocketHandlerAdapter(@Value("${sample.websocket.compress:true}") boolean compress) {
		return new WebSocketHandlerAdapter(new HandshakeWebSocketService(new ReactorNettyRequestUpgradeStrategy(
				() -> WebsocketServerSpec.builder().compress(compress).maxFramePayloadLength(1024 * 1024))));
	}

}
