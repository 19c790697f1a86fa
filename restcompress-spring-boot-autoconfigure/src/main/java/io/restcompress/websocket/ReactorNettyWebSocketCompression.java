package io.restcompress.websocket;

import java.util.List;
import java.util.function.Consumer;

import reactor.netty.http.server.WebsocketServerSpec;

import org.springframework.web.reactive.socket.server.RequestUpgradeStrategy;
import org.springframework.web.reactive.socket.server.upgrade.ReactorNettyRequestUpgradeStrategy;

/**
 * Permessage-deflate (RFC 7692) on Reactor Netty by a {@link PerMessageDeflatePolicy}, as far
 * as Netty's handshaker lets it: compression on or off, and the context resets that clients
 * ask for granted. Netty declines offers that name {@code server_max_window_bits}, never adds
 * {@code client_max_window_bits} to its answer and never asks for a context reset on its own;
 * {@link #unhonouredSettings()} names the settings this leaves unhonoured. Use
 * {@link #upgradeStrategy(Consumer)} in the application's {@code HandshakeWebSocketService}.
 */
public final class ReactorNettyWebSocketCompression {

	private final PerMessageDeflatePolicy policy;

	private final int serverMaxWindowBits;

	/**
	 * Creates the mapping.
	 * @param policy the negotiation policy
	 * @param serverMaxWindowBits the window the server should compress with at most
	 */
	public ReactorNettyWebSocketCompression(PerMessageDeflatePolicy policy, int serverMaxWindowBits) {
		PerMessageDeflatePolicy.checkWindowBits("serverMaxWindowBits", serverMaxWindowBits);
		this.policy = policy;
		this.serverMaxWindowBits = serverMaxWindowBits;
	}

	/**
	 * Returns a new server specification with the policy's compression settings. Reactor Netty
	 * inflates a compressed frame without limit unless {@code maxDecompressionBufferSize} is
	 * set: set it, or use {@link #upgradeStrategy(Consumer)}, which derives it from the frame
	 * payload limit when it is not set.
	 * @return the specification's builder, for further settings such as the frame size
	 */
	public WebsocketServerSpec.Builder serverSpec() {
		return WebsocketServerSpec.builder()
			.compress(this.policy.enabled())
			.compressionAllowServerNoContext(true)
			.compressionPreferredClientNoContext(true);
	}

	/**
	 * Returns an upgrade strategy that builds each session's specification with
	 * {@link #serverSpec()} and then {@code customizer}. Unless the customizer sets
	 * {@code maxDecompressionBufferSize} itself, a compressed frame inflates to at most twice the
	 * frame payload limit ({@code maxFramePayloadLength}, 64 KB unless the customizer sets it),
	 * the headroom Netty's inflater needs to take every frame of up to that limit; a frame that
	 * would inflate further closes the session.
	 * @param customizer further settings, applied after the compression settings
	 * @return the upgrade strategy
	 */
	public RequestUpgradeStrategy upgradeStrategy(Consumer<WebsocketServerSpec.Builder> customizer) {
		return new ReactorNettyRequestUpgradeStrategy(() -> {
			WebsocketServerSpec.Builder builder = serverSpec();
			customizer.accept(builder);
			WebsocketServerSpec spec = builder.build();
			if (spec.maxDecompressionBufferSize() <= 0) {
				builder.maxDecompressionBufferSize(decompressionLimit(spec.maxFramePayloadLength()));
			}
			return builder;
		});
	}

	/**
	 * Netty's inflater fails as soon as its buffer, at the limit, has less room than twice the
	 * compressed bytes it has still to read, even if they would fit; twice the payload limit
	 * lets every frame that inflates to at most the payload limit through.
	 */
	private static int decompressionLimit(int maxFramePayloadLength) {
		return (int) Math.min(Integer.MAX_VALUE, 2L * maxFramePayloadLength + 1);
	}

	/**
	 * Returns a message for each setting that Reactor Netty cannot honour.
	 * @return the messages, empty if every setting is honoured
	 */
	public List<String> unhonouredSettings() {
		return this.policy.unhonouredSettings(WebSocketEngine.REACTOR_NETTY, this.serverMaxWindowBits);
	}

}
