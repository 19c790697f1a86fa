package io.restcompress.websocket;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import jakarta.websocket.Decoder;
import jakarta.websocket.Encoder;
import jakarta.websocket.Extension;
import jakarta.websocket.HandshakeResponse;
import jakarta.websocket.server.HandshakeRequest;
import jakarta.websocket.server.ServerEndpointConfig;

/**
 * An endpoint configuration whose configurator hands the engine the extensions that the
 * {@link PerMessageDeflatePolicy} accepts; everything else comes from the configuration it
 * wraps.
 */
final class NegotiatingEndpointConfig implements ServerEndpointConfig {

	private final ServerEndpointConfig delegate;

	private final Configurator configurator;

	NegotiatingEndpointConfig(ServerEndpointConfig delegate, PerMessageDeflatePolicy policy, WebSocketEngine engine) {
		this.delegate = delegate;
		this.configurator = new NegotiatingConfigurator(delegate.getConfigurator(), policy, engine);
	}

	@Override
	public Class<?> getEndpointClass() {
		return this.delegate.getEndpointClass();
	}

	@Override
	public String getPath() {
		return this.delegate.getPath();
	}

	@Override
	public List<String> getSubprotocols() {
		return this.delegate.getSubprotocols();
	}

	@Override
	public List<Extension> getExtensions() {
		return this.delegate.getExtensions();
	}

	@Override
	public Configurator getConfigurator() {
		return this.configurator;
	}

	@Override
	public List<Class<? extends Encoder>> getEncoders() {
		return this.delegate.getEncoders();
	}

	@Override
	public List<Class<? extends Decoder>> getDecoders() {
		return this.delegate.getDecoders();
	}

	@Override
	public Map<String, Object> getUserProperties() {
		return this.delegate.getUserProperties();
	}

	private static final class NegotiatingConfigurator extends Configurator {

		private final Configurator delegate;

		private final PerMessageDeflateNegotiator negotiator;

		private final WebSocketEngine engine;

		NegotiatingConfigurator(Configurator delegate, PerMessageDeflatePolicy policy, WebSocketEngine engine) {
			this.delegate = delegate;
			this.negotiator = new PerMessageDeflateNegotiator(policy);
			this.engine = engine;
		}

		/**
		 * Hands the policy every permessage-deflate offer in the client's order, not only the
		 * first one that some engines' default configurators keep, where the first one stood:
		 * the engine applies the extensions in the order of its answer (Jetty), so moving
		 * permessage-deflate behind another extension would garble the frames.
		 */
		@Override
		public List<Extension> getNegotiatedExtensions(List<Extension> installed, List<Extension> requested) {
			List<Extension> negotiated = new ArrayList<>(this.delegate.getNegotiatedExtensions(installed, requested));
			int first = indexOfDeflate(negotiated);
			if (first >= 0) {
				negotiated.removeIf(NegotiatingConfigurator::isDeflate);
				negotiated.addAll(first, requested.stream().filter(NegotiatingConfigurator::isDeflate).toList());
			}
			return negotiate(negotiated);
		}

		private static int indexOfDeflate(List<Extension> extensions) {
			for (int i = 0; i < extensions.size(); i++) {
				if (isDeflate(extensions.get(i))) {
					return i;
				}
			}
			return -1;
		}

		/**
		 * Returns the other extensions as they are and at most one permessage-deflate, the
		 * policy's answer to the first offer it accepts, where the offers stood.
		 */
		private List<Extension> negotiate(List<Extension> offered) {
			ExtensionOffer answer = this.negotiator.accept(
					offered.stream().filter(NegotiatingConfigurator::isDeflate).map(NegotiatingConfigurator::offer).toList(),
					this.engine);
			List<Extension> accepted = new ArrayList<>(offered.size());
			for (Extension extension : offered) {
				if (!isDeflate(extension)) {
					accepted.add(extension);
				}
				else if (answer != null) {
					accepted.add(new AnsweredExtension(answer));
					answer = null;
				}
			}
			return accepted;
		}

		private static ExtensionOffer offer(Extension extension) {
			return new ExtensionOffer(extension.getName(),
					extension.getParameters()
						.stream()
						.map((parameter) -> new ExtensionOffer.Parameter(parameter.getName(), parameter.getValue()))
						.toList());
		}

		private static boolean isDeflate(Extension extension) {
			return PerMessageDeflatePolicy.NAME.equals(extension.getName());
		}

		@Override
		public String getNegotiatedSubprotocol(List<String> supported, List<String> requested) {
			return this.delegate.getNegotiatedSubprotocol(supported, requested);
		}

		@Override
		public boolean checkOrigin(String originHeaderValue) {
			return this.delegate.checkOrigin(originHeaderValue);
		}

		@Override
		public void modifyHandshake(ServerEndpointConfig sec, HandshakeRequest request, HandshakeResponse response) {
			this.delegate.modifyHandshake(sec, request, response);
		}

		@Override
		public <T> T getEndpointInstance(Class<T> endpointClass) throws InstantiationException {
			return this.delegate.getEndpointInstance(endpointClass);
		}

	}

	private record AnsweredExtension(ExtensionOffer answer) implements Extension {

		@Override
		public String getName() {
			return this.answer.name();
		}

		@Override
		public List<Parameter> getParameters() {
			return this.answer.parameters().stream().map(AnsweredParameter::new).map(Parameter.class::cast).toList();
		}

	}

	private record AnsweredParameter(ExtensionOffer.Parameter parameter) implements Extension.Parameter {

		@Override
		public String getName() {
			return this.parameter.name();
		}

		@Override
		@SuppressWarnings("NullAway")
		public String getValue() {
			return this.parameter.value();
		}

	}

}
