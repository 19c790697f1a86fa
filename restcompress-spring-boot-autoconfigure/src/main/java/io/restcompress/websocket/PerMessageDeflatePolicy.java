package io.restcompress.websocket;

import java.util.ArrayList;
import java.util.List;

/**
 * The permessage-deflate (RFC 7692) settings of a server, with one meaning on every engine:
 * {@link PerMessageDeflateNegotiator} decides each handshake by them, on the servlet engines
 * and, through {@link ReactorNettyWebSocketCompression}, on Reactor Netty.
 *
 * @param enabled whether permessage-deflate may be negotiated at all
 * @param serverNoContextTakeover whether the server resets its compressor after each message
 * @param clientNoContextTakeover whether the client is asked to reset its compressor after each
 * message
 * @param clientMaxWindowBits the largest window the client may compress with, 9 to 15
 */
public record PerMessageDeflatePolicy(boolean enabled, boolean serverNoContextTakeover,
		boolean clientNoContextTakeover, int clientMaxWindowBits) {

	/** The extension's name. */
	public static final String NAME = "permessage-deflate";

	static final String SERVER_NO_CONTEXT_TAKEOVER = "server_no_context_takeover";

	static final String CLIENT_NO_CONTEXT_TAKEOVER = "client_no_context_takeover";

	static final String SERVER_MAX_WINDOW_BITS = "server_max_window_bits";

	static final String CLIENT_MAX_WINDOW_BITS = "client_max_window_bits";

	/** The JDK's Deflater always compresses with this window. */
	static final int JDK_WINDOW_BITS = 15;

	/** The defaults of RFC 7692: context takeover on both sides, full windows. */
	public static final PerMessageDeflatePolicy DEFAULT = new PerMessageDeflatePolicy(true, false, false, 15);

	public PerMessageDeflatePolicy {
		checkWindowBits("clientMaxWindowBits", clientMaxWindowBits);
	}

	/**
	 * Checks an LZ77 window size in bits, as RFC 7692 allows them.
	 * @param name the setting's name, for the message
	 * @param bits the window bits
	 * @return the window bits
	 * @throws IllegalArgumentException if they are not 9 to 15
	 */
	public static int checkWindowBits(String name, int bits) {
		if (bits < 9 || bits > 15) {
			throw new IllegalArgumentException(name + " must be 9 to 15 (RFC 7692), was " + bits);
		}
		return bits;
	}

	/**
	 * Returns a message for each setting of this policy, or of the server's window, that
	 * {@code engine} cannot honour.
	 * @param engine the engine
	 * @param serverMaxWindowBits the window the server should compress with at most
	 * @return the messages, empty if every setting is honoured
	 */
	public List<String> unhonouredSettings(WebSocketEngine engine, int serverMaxWindowBits) {
		List<String> warnings = new ArrayList<>(2);
		if (!this.enabled) {
			return warnings;
		}
		if (serverMaxWindowBits < JDK_WINDOW_BITS) {
			warnings.add("restcompress.websocket.server-max-window-bits=" + serverMaxWindowBits + " is not honoured on "
					+ engine + ": the JDK's Deflater always compresses with a 15-bit window");
		}
		if (this.clientMaxWindowBits < JDK_WINDOW_BITS && !engine.answersClientMaxWindowBits()) {
			warnings.add("restcompress.websocket.client-max-window-bits=" + this.clientMaxWindowBits
					+ " is not honoured on " + engine
					+ ": the engine leaves client_max_window_bits out of its answer, so clients compress with 15 bits");
		}
		return warnings;
	}

}
