package io.restcompress.websocket.autoconfigure;

import io.restcompress.websocket.WebSocketEngine;

/**
 * WebSocket compression on Jetty (run by the jetty execution, without Tomcat on the classpath).
 */
class WebSocketCompressionJettyTests extends AbstractWebSocketCompressionTests {

	@Override
	WebSocketEngine engine() {
		return WebSocketEngine.JETTY;
	}

}
