package io.restcompress.websocket.autoconfigure;

import io.restcompress.websocket.PerMessageDeflatePolicy;

/**
 * Builds the {@link PerMessageDeflatePolicy} of the {@code restcompress.websocket.*} settings,
 * for every engine.
 */
final class DeflatePolicyFactory {

	private DeflatePolicyFactory() {
	}

	static PerMessageDeflatePolicy create(WebSocketCompressionProperties properties) {
		return new PerMessageDeflatePolicy(properties.isPermessageDeflate(), properties.isServerNoContextTakeover(),
				properties.isClientNoContextTakeover(), properties.getClientMaxWindowBits());
	}

}
