package io.restcompress.websocket;

import java.util.List;
import java.util.function.Consumer;

import reactor.netty.http.server.WebsocketServerSpec;

import org.springframework.web.reactive.socket.server.RequestUpgradeStrategy;

/**
 * Permessage-deflate (RFC 7692) on Reactor Netty by a {@link PerMessageDeflatePolicy}, decided
 * as on the servlet engines: the {@linkplain #upgradeStrategy(Consumer) upgrade strategy} shows
 * Netty's handshaker only the offer the policy accepts, written so that Netty grants it as it
 * stands, and records each session with a {@link WebSocketMessageRecorder}. Netty compresses
 * with a 15-bit window only; {@link #unhonouredSettings()} names what that leaves unhonoured.
 * Use the upgrade strategy in the application's {@code HandshakeWebSocketService}.
 */
public final class ReactorNettyWebSocketCompression {

	private final PerMessageDeflatePolicy policy;

	private final int serverMaxWindowBits;

	private final WebSocketMessageRecorder recorder;

	/**
	 * Creates the mapping, recording nothing.
	 * @param policy the negotiation policy
	 * @param serverMaxWindowBits the window the server should compress with at most
	 */
	public ReactorNettyWebSocketCompression(PerMessageDeflatePolicy policy, int serverMaxWindowBits) {
		this(policy, serverMaxWindowBits, WebSocketMessageRecorder.NONE);
	}

	/**
	 * Creates the mapping.
	 * @param policy the negotiation policy
	 * @param serverMaxWindowBits the window the server should compress with at most
	 * @param recorder receives each session's negotiated parameters and messages
	 */
	public ReactorNettyWebSocketCompression(PerMessageDeflatePolicy policy, int serverMaxWindowBits,
			WebSocketMessageRecorder recorder) {
		PerMessageDeflatePolicy.checkWindowBits("serverMaxWindowBits", serverMaxWindowBits);
		this.policy = policy;
		this.serverMaxWindowBits = serverMaxWindowBits;
		this.recorder = recorder;
	}

	/**
	 * Returns a new server specification that lets Netty's handshaker grant what the policy
	 * accepts. A specification alone does not apply the policy: Netty then decides by its own
	 * rules; {@link #upgradeStrategy(Consumer)} applies it. Reactor Netty inflates a compressed
	 * frame without limit unless {@code maxDecompressionBufferSize} is set: set it, or use
	 * {@link #upgradeStrategy(Consumer)}, which derives it from the frame payload limit when it
	 * is not set.
	 * @return the specification's builder, for further settings such as the frame size
	 */
	public WebsocketServerSpec.Builder serverSpec() {
		return WebsocketServerSpec.builder()
			.compress(this.policy.enabled())
			.compressionAllowServerNoContext(true)
			.compressionPreferredClientNoContext(true);
	}

	/**
	 * Returns an upgrade strategy that negotiates permessage-deflate by the policy, records
	 * each session, and builds each session's specification with {@link #serverSpec()} and then
	 * {@code customizer}. With compression on, the frame payload limit the customizer sets
	 * ({@code maxFramePayloadLength}, 64 KB unless it sets one) limits each message as the
	 * application receives it, decoded: a larger message closes the session with {@code 1009}
	 * (message too big), as the servlet engines do. So that a message of the limit passes
	 * whatever its frames' deflate overhead, a frame on the wire may exceed the limit by
	 * {@code 1/64} and 1 KB. Unless the customizer sets {@code maxDecompressionBufferSize}
	 * itself, a compressed frame inflates to at most twice that frame limit, the headroom
	 * Netty's inflater needs to take every frame of up to the limit; a frame that would inflate
	 * further closes the session.
	 * @param customizer further settings, applied after the compression settings
	 * @return the upgrade strategy
	 */
	public RequestUpgradeStrategy upgradeStrategy(Consumer<WebsocketServerSpec.Builder> customizer) {
		return new NegotiatingReactorNettyUpgradeStrategy(() -> {
			WebsocketServerSpec.Builder builder = serverSpec();
			customizer.accept(builder);
			return builder;
		}, new PerMessageDeflateNegotiator(this.policy), this.recorder);
	}

	/**
	 * Returns a message for each setting that Reactor Netty cannot honour.
	 * @return the messages, empty if every setting is honoured
	 */
	public List<String> unhonouredSettings() {
		return this.policy.unhonouredSettings(WebSocketEngine.REACTOR_NETTY, this.serverMaxWindowBits);
	}

}
