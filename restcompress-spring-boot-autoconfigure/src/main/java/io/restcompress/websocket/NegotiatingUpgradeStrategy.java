package io.restcompress.websocket;

import java.security.Principal;
import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.websocket.server.ServerContainer;
import org.jspecify.annotations.Nullable;

import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.web.socket.WebSocketExtension;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.server.HandshakeFailureException;
import org.springframework.web.socket.server.standard.StandardWebSocketUpgradeStrategy;

/**
 * Spring's standard upgrade strategy, with the engine's container wrapped so that the
 * {@link PerMessageDeflatePolicy} decides the permessage-deflate parameters, and the
 * application's handler wrapped to report sessions and messages.
 */
final class NegotiatingUpgradeStrategy extends StandardWebSocketUpgradeStrategy {

	private final PerMessageDeflatePolicy policy;

	private final WebSocketMessageRecorder recorder;

	NegotiatingUpgradeStrategy(PerMessageDeflatePolicy policy, WebSocketMessageRecorder recorder) {
		this.policy = policy;
		this.recorder = recorder;
	}

	@Override
	public void upgrade(ServerHttpRequest request, ServerHttpResponse response, @Nullable String selectedProtocol,
			List<WebSocketExtension> selectedExtensions, @Nullable Principal user, WebSocketHandler wsHandler,
			Map<String, Object> attrs) throws HandshakeFailureException {
		WebSocketHandler handler = (this.recorder != WebSocketMessageRecorder.NONE)
				? new RecordingWebSocketHandler(wsHandler, this.recorder) : wsHandler;
		super.upgrade(request, response, selectedProtocol, selectedExtensions, user, handler, attrs);
	}

	@Override
	protected ServerContainer getContainer(HttpServletRequest request) {
		ServerContainer container = super.getContainer(request);
		WebSocketEngine engine = WebSocketEngine.fromServerInfo(request.getServletContext().getServerInfo());
		return new NegotiatingServerContainer(container, this.policy, engine);
	}

}
