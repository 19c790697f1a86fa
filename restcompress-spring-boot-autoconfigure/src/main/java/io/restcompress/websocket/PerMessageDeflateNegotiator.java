package io.restcompress.websocket;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import jakarta.websocket.Extension;
import org.jspecify.annotations.Nullable;

import static io.restcompress.websocket.PerMessageDeflatePolicy.CLIENT_MAX_WINDOW_BITS;
import static io.restcompress.websocket.PerMessageDeflatePolicy.CLIENT_NO_CONTEXT_TAKEOVER;
import static io.restcompress.websocket.PerMessageDeflatePolicy.JDK_WINDOW_BITS;
import static io.restcompress.websocket.PerMessageDeflatePolicy.NAME;
import static io.restcompress.websocket.PerMessageDeflatePolicy.SERVER_MAX_WINDOW_BITS;
import static io.restcompress.websocket.PerMessageDeflatePolicy.SERVER_NO_CONTEXT_TAKEOVER;

/**
 * Decides, by a {@link PerMessageDeflatePolicy}, which permessage-deflate offer a Jakarta
 * WebSocket engine accepts and with which parameters: the engine then runs the extension with
 * the parameters this hands it.
 */
final class PerMessageDeflateNegotiator {

	private static final Pattern WINDOW_BITS = Pattern.compile("[89]|1[0-5]");

	private final PerMessageDeflatePolicy policy;

	PerMessageDeflateNegotiator(PerMessageDeflatePolicy policy) {
		this.policy = policy;
	}

	/**
	 * Returns the extensions to accept: the other extensions as they are, and at most one
	 * permessage-deflate, the first offer the policy and {@code engine} can honour, with the
	 * policy's parameters.
	 * @param offered the offered extensions the engine supports, in the client's order
	 * @param engine the engine that will run the extension
	 * @return the extensions to accept
	 */
	List<Extension> negotiate(List<Extension> offered, WebSocketEngine engine) {
		List<Extension> accepted = new ArrayList<>(offered.size());
		boolean deflateAccepted = false;
		for (Extension extension : offered) {
			if (!NAME.equals(extension.getName())) {
				accepted.add(extension);
			}
			else if (this.policy.enabled() && !deflateAccepted) {
				Extension answer = answer(extension, engine);
				if (answer != null) {
					accepted.add(answer);
					deflateAccepted = true;
				}
			}
		}
		return accepted;
	}

	private @Nullable Extension answer(Extension offer, WebSocketEngine engine) {
		List<Extension.Parameter> parameters = new ArrayList<>();
		Set<String> names = new HashSet<>();
		boolean clientWindowOffered = false;
		for (Extension.Parameter parameter : offer.getParameters()) {
			String name = parameter.getName();
			if (!names.add(name)) {
				return null;
			}
			switch (name) {
				case SERVER_NO_CONTEXT_TAKEOVER, CLIENT_NO_CONTEXT_TAKEOVER -> {
					if (parameter.getValue() != null) {
						return null;
					}
				}
				case SERVER_MAX_WINDOW_BITS -> {
					Integer bits = windowBits(parameter.getValue());
					if (bits == null || bits != JDK_WINDOW_BITS || !engine.answersServerMaxWindowBits()) {
						return null;
					}
					parameters.add(new DeflateParameter(SERVER_MAX_WINDOW_BITS, Integer.toString(bits)));
				}
				case CLIENT_MAX_WINDOW_BITS -> {
					Integer bits = (parameter.getValue() != null) ? windowBits(parameter.getValue())
							: Integer.valueOf(JDK_WINDOW_BITS);
					if (bits == null) {
						return null;
					}
					clientWindowOffered = true;
					if (engine.answersClientMaxWindowBits()) {
						parameters.add(new DeflateParameter(CLIENT_MAX_WINDOW_BITS,
								Integer.toString(Math.min(bits, this.policy.clientMaxWindowBits()))));
					}
				}
				default -> {
					return null;
				}
			}
		}
		if (this.policy.clientMaxWindowBits() < JDK_WINDOW_BITS && !clientWindowOffered) {
			return null;
		}
		if (this.policy.serverNoContextTakeover() || names.contains(SERVER_NO_CONTEXT_TAKEOVER)) {
			parameters.add(new DeflateParameter(SERVER_NO_CONTEXT_TAKEOVER, null));
		}
		if (this.policy.clientNoContextTakeover() || names.contains(CLIENT_NO_CONTEXT_TAKEOVER)) {
			parameters.add(new DeflateParameter(CLIENT_NO_CONTEXT_TAKEOVER, null));
		}
		return new DeflateExtension(parameters);
	}

	/**
	 * Reads a window size as RFC 7692 writes it: a decimal integer from 8 to 15 in ASCII digits
	 * without leading zeros; anything else (an empty value included) declines the offer.
	 */
	private static @Nullable Integer windowBits(@Nullable String value) {
		return (value != null && WINDOW_BITS.matcher(value).matches()) ? Integer.valueOf(value) : null;
	}

	private record DeflateExtension(List<Extension.Parameter> parameters) implements Extension {

		@Override
		public String getName() {
			return NAME;
		}

		@Override
		public List<Parameter> getParameters() {
			return this.parameters;
		}

	}

	private record DeflateParameter(String name, @Nullable String value) implements Extension.Parameter {

		@Override
		public String getName() {
			return this.name;
		}

		@Override
		@SuppressWarnings("NullAway")
		public String getValue() {
			return this.value;
		}

	}

}
