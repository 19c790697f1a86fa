package io.restcompress.websocket;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.servlet.ServletContext;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.web.context.ServletContextAware;
import org.springframework.web.socket.server.support.DefaultHandshakeHandler;

/**
 * A handshake handler that negotiates permessage-deflate by a {@link PerMessageDeflatePolicy}
 * on Tomcat, Jetty and any other Jakarta WebSocket engine, and reports sessions and messages
 * to a {@link WebSocketMessageRecorder}. Register it on WebSocket endpoints with
 * {@code setHandshakeHandler}. At startup it logs, once, each setting the engine cannot
 * honour.
 */
public class CompressionHandshakeHandler extends DefaultHandshakeHandler implements ServletContextAware {

	private static final Log logger = LogFactory.getLog(CompressionHandshakeHandler.class);

	private final PerMessageDeflatePolicy policy;

	private final int serverMaxWindowBits;

	private final AtomicBoolean warned = new AtomicBoolean();

	/**
	 * Creates a handler.
	 * @param policy the negotiation policy
	 * @param serverMaxWindowBits the window the server should compress with at most; the JDK's
	 * Deflater always uses 15, so a smaller value is reported and not honoured
	 * @param recorder where sessions and messages are reported
	 */
	public CompressionHandshakeHandler(PerMessageDeflatePolicy policy, int serverMaxWindowBits,
			WebSocketMessageRecorder recorder) {
		super(new NegotiatingUpgradeStrategy(policy, recorder));
		PerMessageDeflatePolicy.checkWindowBits("serverMaxWindowBits", serverMaxWindowBits);
		this.policy = policy;
		this.serverMaxWindowBits = serverMaxWindowBits;
	}

	@Override
	public void setServletContext(ServletContext servletContext) {
		if (this.warned.getAndSet(true)) {
			return;
		}
		for (String warning : unhonouredSettings(WebSocketEngine.fromServerInfo(servletContext.getServerInfo()))) {
			logger.warn(warning);
		}
	}

	/**
	 * Returns a message for each setting that {@code engine} cannot honour.
	 * @param engine the engine
	 * @return the messages, empty if every setting is honoured
	 */
	public List<String> unhonouredSettings(WebSocketEngine engine) {
		return this.policy.unhonouredSettings(engine, this.serverMaxWindowBits);
	}

}
