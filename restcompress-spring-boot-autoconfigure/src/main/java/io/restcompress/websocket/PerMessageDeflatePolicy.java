package io.restcompress.websocket;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import jakarta.websocket.Extension;

import org.jspecify.annotations.Nullable;

/**
 * Decides which permessage-deflate offer (RFC 7692) a server accepts and with which
 * parameters, the same way on every engine: the engine then runs the extension with the
 * parameters this policy hands it.
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
		if (clientMaxWindowBits < 9 || clientMaxWindowBits > 15) {
			throw new IllegalArgumentException("clientMaxWindowBits must be 9 to 15, not " + clientMaxWindowBits);
		}
	}

	/**
	 * Returns the extensions to accept: the other extensions as they are, and at most one
	 * permessage-deflate, the first offer this policy and {@code engine} can honour, with the
	 * policy's parameters.
	 * @param offered the offered extensions the engine supports, in the client's order
	 * @param engine the engine that will run the extension
	 * @return the extensions to accept
	 */
	public List<Extension> negotiate(List<Extension> offered, WebSocketEngine engine) {
		List<Extension> accepted = new ArrayList<>(offered.size());
		boolean deflateAccepted = false;
		for (Extension extension : offered) {
			if (!NAME.equals(extension.getName())) {
				accepted.add(extension);
			}
			else if (this.enabled && !deflateAccepted) {
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
								Integer.toString(Math.min(bits, this.clientMaxWindowBits))));
					}
				}
				default -> {
					return null;
				}
			}
		}
		if (this.clientMaxWindowBits < JDK_WINDOW_BITS && !clientWindowOffered) {
			return null;
		}
		if (this.serverNoContextTakeover || names.contains(SERVER_NO_CONTEXT_TAKEOVER)) {
			parameters.add(new DeflateParameter(SERVER_NO_CONTEXT_TAKEOVER, null));
		}
		if (this.clientNoContextTakeover || names.contains(CLIENT_NO_CONTEXT_TAKEOVER)) {
			parameters.add(new DeflateParameter(CLIENT_NO_CONTEXT_TAKEOVER, null));
		}
		return new DeflateExtension(parameters);
	}

	private static @Nullable Integer windowBits(@Nullable String value) {
		if (value == null || value.length() > 2 || !value.chars().allMatch(Character::isDigit)) {
			return null;
		}
		int bits = Integer.parseInt(value);
		return (bits >= 8 && bits <= 15) ? bits : null;
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
