package io.restcompress.websocket.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of permessage-deflate (RFC 7692) on WebSocket endpoints that use restcompress's
 * handshake handler.
 */
@ConfigurationProperties("restcompress.websocket")
public class WebSocketCompressionProperties {

	/**
	 * Whether restcompress provides its WebSocket handshake handler (servlet) or Reactor Netty
	 * mapping (WebFlux).
	 */
	private boolean enabled = true;

	/**
	 * Whether permessage-deflate is accepted from clients that offer it.
	 */
	private boolean permessageDeflate = true;

	/**
	 * Whether the server resets its compressor after each message, so that every message
	 * decodes on its own at the cost of ratio.
	 */
	private boolean serverNoContextTakeover;

	/**
	 * Whether clients are asked to reset their compressor after each message.
	 */
	private boolean clientNoContextTakeover;

	/**
	 * Largest LZ77 window, in bits (9 to 15), that clients may compress with; below 15,
	 * clients that cannot limit their window get no compression.
	 */
	private int clientMaxWindowBits = 15;

	/**
	 * Largest LZ77 window, in bits (9 to 15), that the server compresses with; the JDK's
	 * Deflater always uses 15, so a smaller value is reported at startup and not honoured.
	 */
	private int serverMaxWindowBits = 15;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public boolean isPermessageDeflate() {
		return this.permessageDeflate;
	}

	public void setPermessageDeflate(boolean permessageDeflate) {
		this.permessageDeflate = permessageDeflate;
	}

	public boolean isServerNoContextTakeover() {
		return this.serverNoContextTakeover;
	}

	public void setServerNoContextTakeover(boolean serverNoContextTakeover) {
		this.serverNoContextTakeover = serverNoContextTakeover;
	}

	public boolean isClientNoContextTakeover() {
		return this.clientNoContextTakeover;
	}

	public void setClientNoContextTakeover(boolean clientNoContextTakeover) {
		this.clientNoContextTakeover = clientNoContextTakeover;
	}

	public int getClientMaxWindowBits() {
		return this.clientMaxWindowBits;
	}

	public void setClientMaxWindowBits(int clientMaxWindowBits) {
		this.clientMaxWindowBits = clientMaxWindowBits;
	}

	public int getServerMaxWindowBits() {
		return this.serverMaxWindowBits;
	}

	public void setServerMaxWindowBits(int serverMaxWindowBits) {
		this.serverMaxWindowBits = serverMaxWindowBits;
	}

}
