package io.restcompress.sample.reactive;

import java.util.Map;
import java.util.function.Consumer;

import io.restcompress.websocket.ReactorNettyWebSocketCompression;
import reactor.netty.http.server.WebsocketServerSpec;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.unit.DataSize;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.reactive.handler.SimpleUrlHandlerMapping;
import org.springframework.web.reactive.socket.WebSocketHandler;
import org.springframework.web.reactive.socket.WebSocketMessage;
import org.springframework.web.reactive.socket.server.RequestUpgradeStrategy;
import org.springframework.web.reactive.socket.server.support.HandshakeWebSocketService;
import org.springframework.web.reactive.socket.server.support.WebSocketHandlerAdapter;
import org.springframework.web.reactive.socket.server.upgrade.ReactorNettyRequestUpgradeStrategy;

/**
 * {@code /ws/echo}: echoes text and binary messages (not pongs, as the servlet sample does not),
 * negotiating permessage-deflate (RFC 7692)
 * by the {@code restcompress.websocket.*} settings, or by Reactor Netty's defaults when
 * restcompress is switched off.
 */
@Configuration(proxyBeanMethods = false)
class WebSocketConfiguration {

	@Bean
	HandlerMapping webSocketMapping() {
		WebSocketHandler echo = (session) -> session.send(session.receive()
			.filter((message) -> message.getType() == WebSocketMessage.Type.TEXT
					|| message.getType() == WebSocketMessage.Type.BINARY)
			.map(WebSocketMessage::retain));
		return new SimpleUrlHandlerMapping(Map.of("/ws/echo", echo), -1);
	}

	/**
	 * The upgrade, with {@code sample.websocket.max-message-size} (default 1MB) as the largest
	 * message the echo endpoint takes, text or binary, as on the servlet sample. Without
	 * restcompress, Reactor Netty's own permessage-deflate is limited to it too: Netty inflates a
	 * compressed frame without limit unless told otherwise.
	 * @param compression restcompress's WebSocket compression, if it is on
	 * @param maxMessageSize the largest message
	 * @return the handler adapter
	 */
	@Bean
	WebSocketHandlerAdapter webSocketHandlerAdapter(ObjectProvider<ReactorNettyWebSocketCompression> compression,
			@Value("${sample.websocket.max-message-size:1MB}") DataSize maxMessageSize) {
		int limit = Math.toIntExact(maxMessageSize.toBytes());
		Consumer<WebsocketServerSpec.Builder> frames = (spec) -> spec.maxFramePayloadLength(limit);
		ReactorNettyWebSocketCompression restcompress = compression.getIfAvailable();
		RequestUpgradeStrategy strategy = (restcompress != null) ? restcompress.upgradeStrategy(frames)
				: new ReactorNettyRequestUpgradeStrategy(() -> {
					WebsocketServerSpec.Builder spec = WebsocketServerSpec.builder()
						.compress(true)
						.maxDecompressionBufferSize(limit);
					frames.accept(spec);
					return spec;
				});
		return new WebSocketHandlerAdapter(new HandshakeWebSocketService(strategy));
	}

}
