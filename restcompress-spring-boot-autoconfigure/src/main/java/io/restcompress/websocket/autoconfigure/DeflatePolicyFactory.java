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
				windowBits("restcompress.websocket.client-max-window-bits", properties.getClientMaxWindowBits()));
	}

	static int serverMaxWindowBits(WebSocketCompressionProperties properties) {
		return windowBits("restcompress.websocket.server-max-window-bits", properties.getServerMaxWindowBits());
	}

	private static int windowBits(String property, int bits) {
		if (bits < 9 || bits > 15) {
			throw new IllegalArgumentException(property + " must be 9 to 15 (RFC 7692), was " + bits);
		}
		return bits;
	}

}
