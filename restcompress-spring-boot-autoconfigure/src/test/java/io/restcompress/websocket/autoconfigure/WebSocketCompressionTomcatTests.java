package io.restcompress.websocket.autoconfigure;

import io.restcompress.websocket.WebSocketEngine;

/**
 * WebSocket compression on Tomcat.
 */
class WebSocketCompressionTomcatTests extends AbstractWebSocketCompressionTests {

	@Override
	WebSocketEngine engine() {
		return WebSocketEngine.TOMCAT;
	}

}
