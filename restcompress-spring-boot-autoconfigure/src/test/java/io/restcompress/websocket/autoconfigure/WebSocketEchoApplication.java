package io.restcompress.websocket.autoconfigure;

import io.restcompress.websocket.CompressionHandshakeHandler;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.config.annotation.EnableWebSocket;
import org.springframework.web.socket.config.annotation.WebSocketConfigurer;
import org.springframework.web.socket.config.annotation.WebSocketHandlerRegistry;
import org.springframework.web.socket.handler.AbstractWebSocketHandler;

/**
 * An application with a WebSocket echo endpoint at {@code /echo} that uses the
 * auto-configured handshake handler.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
@EnableWebSocket
class WebSocketEchoApplication implements WebSocketConfigurer {

	private final CompressionHandshakeHandler handshakeHandler;

	WebSocketEchoApplication(CompressionHandshakeHandler handshakeHandler) {
		this.handshakeHandler = handshakeHandler;
	}

	@Override
	public void registerWebSocketHandlers(WebSocketHandlerRegistry registry) {
		registry.addHandler(new Echo(), "/echo").setHandshakeHandler(this.handshakeHandler);
	}

	static class Echo extends AbstractWebSocketHandler {

		@Override
		protected void handleTextMessage(WebSocketSession session, TextMessage message) throws Exception {
			session.sendMessage(new TextMessage(message.getPayload()));
		}

		@Override
		protected void handleBinaryMessage(WebSocketSession session, BinaryMessage message) throws Exception {
			session.sendMessage(new BinaryMessage(message.getPayload()));
		}

	}

}
