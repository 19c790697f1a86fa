package io.restcompress.websocket.autoconfigure;

import io.restcompress.websocket.PerMessageDeflatePolicy;

/**
 * Builds the {@link PerMessageDeflatePolicy} of the {@code restcompress.websocket.*} settings,
 * for every engine, and checks the windows they name.
 */
final class DeflatePolicyFactory {

	private DeflatePolicyFactory() {
	}

	static PerMessageDeflatePolicy create(WebSocketCompressionProperties properties) {
		return new PerMessageDeflatePolicy(properties.isPermessageDeflate(), properties.isServerNoContextTakeover(),
				properties.isClientNoContextTakeover(),
				PerMessageDeflatePolicy.checkWindowBits("restcompress.websocket.client-max-window-bits",
						properties.getClientMaxWindowBits()));
	}

	static int serverMaxWindowBits(WebSocketCompressionProperties properties) {
		return PerMessageDeflatePolicy.checkWindowBits("restcompress.websocket.server-max-window-bits",
				properties.getServerMaxWindowBits());
	}

}
