package io.restcompress.websocket;

import java.util.List;
import java.util.function.Supplier;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.WebsocketServerSpec;

import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.web.reactive.socket.HandshakeInfo;
import org.springframework.web.reactive.socket.WebSocketHandler;
import org.springframework.web.reactive.socket.server.upgrade.ReactorNettyRequestUpgradeStrategy;
import org.springframework.web.server.ServerWebExchange;

/**
 * Reactor Netty's upgrade strategy with the handshake's permessage-deflate decided by
 * {@link PerMessageDeflateNegotiator}, as on the servlet engines: Netty's handshaker is shown
 * the policy's answer as the client's only offer, which it grants as it stands, or no offer
 * when the policy declines them all (a field that is not written as RFC 6455 specifies offers
 * nothing). The window parameters of the answer that Netty would decline or leave out are set
 * on the response, and Netty merges them into its answer, so that it reads as on Tomcat. When
 * the session's specification has compression off, the offers are left to Netty, which then
 * declines them. The session is recorded with what was negotiated.
 * <p>
 * With compression on, the configured frame payload limit is the limit of a decoded message
 * (see {@link ReactorNettyWebSocketCompression#upgradeStrategy}): Netty is given a frame limit
 * raised by deflate's overhead and an inflation limit of twice that, and a larger message
 * closes the session with {@code 1009}.
 */
final class NegotiatingReactorNettyUpgradeStrategy extends ReactorNettyRequestUpgradeStrategy {

	private static final String EXTENSIONS = HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS.toString();

	private final PerMessageDeflateNegotiator negotiator;

	private final WebSocketMessageRecorder recorder;

	private final Supplier<WebsocketServerSpec.Builder> configured;

	/**
	 * @param configured the specification as the application configured it
	 */
	NegotiatingReactorNettyUpgradeStrategy(Supplier<WebsocketServerSpec.Builder> configured,
			PerMessageDeflateNegotiator negotiator, WebSocketMessageRecorder recorder) {
		super(() -> withCompressedFrameLimits(configured.get()));
		this.configured = configured;
		this.negotiator = negotiator;
		this.recorder = recorder;
	}

	private static WebsocketServerSpec.Builder withCompressedFrameLimits(WebsocketServerSpec.Builder builder) {
		WebsocketServerSpec spec = builder.build();
		if (spec.compress()) {
			int frameLimit = compressedFrameLimit(spec.maxFramePayloadLength());
			builder.maxFramePayloadLength(frameLimit);
			if (spec.maxDecompressionBufferSize() <= 0) {
				builder.maxDecompressionBufferSize(decompressionLimit(frameLimit));
			}
		}
		return builder;
	}

	/**
	 * A frame limit that lets a message of the limit through in a compressed frame: deflate
	 * adds a few bytes per block to data it cannot compress.
	 */
	private static int compressedFrameLimit(int messageLimit) {
		return (int) Math.min(Integer.MAX_VALUE / 2, messageLimit + (messageLimit >> 6) + 1024L);
	}

	/**
	 * Netty's inflater fails as soon as its buffer, at the limit, has less room than twice the
	 * compressed bytes it has still to read, even if they would fit; twice the payload limit
	 * lets every frame that inflates to at most the payload limit through.
	 */
	private static int decompressionLimit(int frameLimit) {
		return 2 * frameLimit + 1;
	}

	@Override
	public Mono<Void> upgrade(ServerWebExchange exchange, WebSocketHandler handler, @Nullable String subProtocol,
			Supplier<HandshakeInfo> handshakeInfoFactory) {
		WebsocketServerSpec configured = this.configured.get().build();
		ExtensionOffer answer = null;
		HttpServerRequest request = ServerHttpRequestDecorator.getNativeRequest(exchange.getRequest());
		if (configured.compress()) {
			answer = negotiate(request.requestHeaders());
			ExtensionOffer leftOut = (answer != null) ? leftOutByNetty(answer) : null;
			if (leftOut != null) {
				exchange.getResponse().getHeaders().set(EXTENSIONS, leftOut.format());
			}
		}
		int messageLimit = configured.compress() ? configured.maxFramePayloadLength() : Integer.MAX_VALUE;
		Channel channel = (configured.compress() && request instanceof Connection connection) ? connection.channel()
				: null;
		return super.upgrade(exchange,
				new RecordingReactiveWebSocketHandler(handler, this.recorder, answer, messageLimit, channel),
				subProtocol, handshakeInfoFactory);
	}

	/**
	 * The window parameters of an answer that Netty's answer would leave out: a
	 * {@code server_max_window_bits}, which it is not shown, and a {@code client_max_window_bits}
	 * of 15, the default, which it does not repeat. Set on the response, they are merged into
	 * Netty's answer, which then names them as Tomcat's does.
	 */
	private static @Nullable ExtensionOffer leftOutByNetty(ExtensionOffer answer) {
		List<ExtensionOffer.Parameter> windows = answer.parameters()
			.stream()
			.filter((parameter) -> parameter.name().equals(PerMessageDeflatePolicy.SERVER_MAX_WINDOW_BITS)
					|| (parameter.name().equals(PerMessageDeflatePolicy.CLIENT_MAX_WINDOW_BITS)
							&& String.valueOf(PerMessageDeflatePolicy.JDK_WINDOW_BITS).equals(parameter.value())))
			.toList();
		return windows.isEmpty() ? null : new ExtensionOffer(answer.name(), windows);
	}

	/**
	 * Replaces the offers Netty's handshaker reads with the accepted one, or removes them.
	 * Netty declines an offer naming {@code server_max_window_bits}, so it is shown the answer
	 * without it; the caller sets it on the response ({@link #leftOutByNetty}), where Netty merges
	 * it into its own answer.
	 */
	private @Nullable ExtensionOffer negotiate(HttpHeaders headers) {
		List<String> fields = headers.getAll(EXTENSIONS);
		if (fields.isEmpty()) {
			return null;
		}
		ExtensionOffer answer = this.negotiator.accept(ExtensionOffer.parseWellFormed(fields),
				WebSocketEngine.REACTOR_NETTY);
		if (answer != null) {
			headers.set(EXTENSIONS, answer.without(PerMessageDeflatePolicy.SERVER_MAX_WINDOW_BITS).format());
		}
		else {
			headers.remove(EXTENSIONS);
		}
		return answer;
	}

}
