package io.restcompress.websocket;

import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.websocket.ClientEndpointConfig;
import jakarta.websocket.DeploymentException;
import jakarta.websocket.Endpoint;
import jakarta.websocket.Extension;
import jakarta.websocket.Session;
import jakarta.websocket.server.ServerContainer;
import jakarta.websocket.server.ServerEndpointConfig;

/**
 * The engine's container, upgrading with a {@link NegotiatingEndpointConfig}, from a request
 * whose extension offers the engine can parse ({@link WellFormedExtensionsRequest}).
 */
final class NegotiatingServerContainer implements ServerContainer {

	private final ServerContainer delegate;

	private final PerMessageDeflatePolicy policy;

	private final WebSocketEngine engine;

	NegotiatingServerContainer(ServerContainer delegate, PerMessageDeflatePolicy policy, WebSocketEngine engine) {
		this.delegate = delegate;
		this.policy = policy;
		this.engine = engine;
	}

	@Override
	public void upgradeHttpToWebSocket(Object httpServletRequest, Object httpServletResponse, ServerEndpointConfig sec,
			Map<String, String> pathParameters) throws IOException, DeploymentException {
		Object request = (httpServletRequest instanceof HttpServletRequest servletRequest)
				? WellFormedExtensionsRequest.of(servletRequest) : httpServletRequest;
		this.delegate.upgradeHttpToWebSocket(request, httpServletResponse,
				new NegotiatingEndpointConfig(sec, this.policy, this.engine), pathParameters);
	}

	@Override
	public void addEndpoint(Class<?> endpointClass) throws DeploymentException {
		this.delegate.addEndpoint(endpointClass);
	}

	@Override
	public void addEndpoint(ServerEndpointConfig serverConfig) throws DeploymentException {
		this.delegate.addEndpoint(serverConfig);
	}

	@Override
	public long getDefaultAsyncSendTimeout() {
		return this.delegate.getDefaultAsyncSendTimeout();
	}

	@Override
	public void setAsyncSendTimeout(long timeoutmillis) {
		this.delegate.setAsyncSendTimeout(timeoutmillis);
	}

	@Override
	public Session connectToServer(Object annotatedEndpointInstance, URI path)
			throws DeploymentException, IOException {
		return this.delegate.connectToServer(annotatedEndpointInstance, path);
	}

	@Override
	public Session connectToServer(Class<?> annotatedEndpointClass, URI path) throws DeploymentException, IOException {
		return this.delegate.connectToServer(annotatedEndpointClass, path);
	}

	@Override
	public Session connectToServer(Endpoint endpointInstance, ClientEndpointConfig cec, URI path)
			throws DeploymentException, IOException {
		return this.delegate.connectToServer(endpointInstance, cec, path);
	}

	@Override
	public Session connectToServer(Class<? extends Endpoint> endpointClass, ClientEndpointConfig cec, URI path)
			throws DeploymentException, IOException {
		return this.delegate.connectToServer(endpointClass, cec, path);
	}

	@Override
	public long getDefaultMaxSessionIdleTimeout() {
		return this.delegate.getDefaultMaxSessionIdleTimeout();
	}

	@Override
	public void setDefaultMaxSessionIdleTimeout(long timeout) {
		this.delegate.setDefaultMaxSessionIdleTimeout(timeout);
	}

	@Override
	public int getDefaultMaxBinaryMessageBufferSize() {
		return this.delegate.getDefaultMaxBinaryMessageBufferSize();
	}

	@Override
	public void setDefaultMaxBinaryMessageBufferSize(int max) {
		this.delegate.setDefaultMaxBinaryMessageBufferSize(max);
	}

	@Override
	public int getDefaultMaxTextMessageBufferSize() {
		return this.delegate.getDefaultMaxTextMessageBufferSize();
	}

	@Override
	public void setDefaultMaxTextMessageBufferSize(int max) {
		this.delegate.setDefaultMaxTextMessageBufferSize(max);
	}

	@Override
	public Set<Extension> getInstalledExtensions() {
		return this.delegate.getInstalledExtensions();
	}

}
