package io.restcompress.websocket;

import java.util.Locale;

/**
 * The engines whose permessage-deflate implementation restcompress knows, and what each can
 * honour. All compress with the JDK's {@link java.util.zip.Deflater}, which has no window-size
 * parameter and always uses a 15-bit window.
 */
public enum WebSocketEngine {

	/** Apache Tomcat: echoes {@code server_max_window_bits=15} and {@code client_max_window_bits}. */
	TOMCAT(true, true),

	/** Eclipse Jetty: accepts both window parameters but leaves them out of its answer. */
	JETTY(false, false),

	/**
	 * Reactor Netty: shown only the offer the policy accepts, Netty's handshaker grants it
	 * and repeats {@code client_max_window_bits} below 15; an accepted
	 * {@code server_max_window_bits=15}, which Netty would decline, is kept from it and added
	 * to the response by restcompress.
	 */
	REACTOR_NETTY(true, true),

	/** Another engine: restcompress only adds or removes offers and context-takeover parameters. */
	OTHER(false, false);

	private final boolean answersServerMaxWindowBits;

	private final boolean answersClientMaxWindowBits;

	WebSocketEngine(boolean answersServerMaxWindowBits, boolean answersClientMaxWindowBits) {
		this.answersServerMaxWindowBits = answersServerMaxWindowBits;
		this.answersClientMaxWindowBits = answersClientMaxWindowBits;
	}

	/**
	 * Whether the engine, on its own or with restcompress's help, answers an offer of
	 * {@code server_max_window_bits=15} with that parameter, as RFC 7692 requires of a server
	 * that accepts it.
	 * @return whether offers naming a server window may be accepted
	 */
	public boolean answersServerMaxWindowBits() {
		return this.answersServerMaxWindowBits;
	}

	/**
	 * Whether the engine passes a {@code client_max_window_bits} value chosen by the server
	 * on to the client.
	 * @return whether the client's window can be limited
	 */
	public boolean answersClientMaxWindowBits() {
		return this.answersClientMaxWindowBits;
	}

	/**
	 * Returns the engine that reports {@code serverInfo}, as {@code ServletContext.getServerInfo()}
	 * does.
	 * @param serverInfo the server's name and version
	 * @return the engine
	 */
	public static WebSocketEngine fromServerInfo(String serverInfo) {
		String name = serverInfo.toLowerCase(Locale.ROOT);
		if (name.contains("tomcat")) {
			return TOMCAT;
		}
		if (name.contains("jetty")) {
			return JETTY;
		}
		return OTHER;
	}

}
