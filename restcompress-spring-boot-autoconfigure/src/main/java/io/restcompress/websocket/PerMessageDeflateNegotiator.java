package io.restcompress.websocket;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import io.restcompress.websocket.ExtensionOffer.Parameter;
import org.jspecify.annotations.Nullable;

import static io.restcompress.websocket.PerMessageDeflatePolicy.CLIENT_MAX_WINDOW_BITS;
import static io.restcompress.websocket.PerMessageDeflatePolicy.CLIENT_NO_CONTEXT_TAKEOVER;
import static io.restcompress.websocket.PerMessageDeflatePolicy.JDK_WINDOW_BITS;
import static io.restcompress.websocket.PerMessageDeflatePolicy.NAME;
import static io.restcompress.websocket.PerMessageDeflatePolicy.SERVER_MAX_WINDOW_BITS;
import static io.restcompress.websocket.PerMessageDeflatePolicy.SERVER_NO_CONTEXT_TAKEOVER;

/**
 * Decides, by a {@link PerMessageDeflatePolicy}, which permessage-deflate offer a server
 * accepts and with which parameters, for every engine: the servlet engines run the extension
 * with the answer handed to them, Reactor Netty's handshaker is shown only the accepted offer.
 */
final class PerMessageDeflateNegotiator {

	private static final Pattern WINDOW_BITS = Pattern.compile("[89]|1[0-5]");

	private final PerMessageDeflatePolicy policy;

	PerMessageDeflateNegotiator(PerMessageDeflatePolicy policy) {
		this.policy = policy;
	}

	/**
	 * Returns the answer to the first permessage-deflate offer that the policy and
	 * {@code engine} can honour; other extensions are not looked at.
	 * @param offers the offered extensions, in the client's order
	 * @param engine the engine that will run the extension
	 * @return the answer, or {@code null} to decline every offer
	 */
	@Nullable ExtensionOffer accept(List<ExtensionOffer> offers, WebSocketEngine engine) {
		for (ExtensionOffer offer : offers) {
			ExtensionOffer answer = answer(offer, engine);
			if (answer != null) {
				return answer;
			}
		}
		return null;
	}

	/**
	 * Returns the answer to one offer.
	 * @param offer the offer
	 * @param engine the engine that will run the extension
	 * @return the answer, or {@code null} if the offer is not permessage-deflate, is malformed,
	 * or asks for what the policy or the engine cannot do
	 */
	@Nullable ExtensionOffer answer(ExtensionOffer offer, WebSocketEngine engine) {
		if (!this.policy.enabled() || !NAME.equals(offer.name())) {
			return null;
		}
		List<Parameter> parameters = new ArrayList<>();
		Set<String> names = new HashSet<>();
		boolean clientWindowOffered = false;
		for (Parameter parameter : offer.parameters()) {
			String name = parameter.name();
			if (!names.add(name)) {
				return null;
			}
			switch (name) {
				case SERVER_NO_CONTEXT_TAKEOVER, CLIENT_NO_CONTEXT_TAKEOVER -> {
					if (parameter.value() != null) {
						return null;
					}
				}
				case SERVER_MAX_WINDOW_BITS -> {
					Integer bits = windowBits(parameter.value());
					if (bits == null || bits != JDK_WINDOW_BITS || !engine.answersServerMaxWindowBits()) {
						return null;
					}
					parameters.add(new Parameter(SERVER_MAX_WINDOW_BITS, Integer.toString(bits)));
				}
				case CLIENT_MAX_WINDOW_BITS -> {
					Integer bits = (parameter.value() != null) ? windowBits(parameter.value())
							: Integer.valueOf(JDK_WINDOW_BITS);
					if (bits == null) {
						return null;
					}
					clientWindowOffered = true;
					if (engine.answersClientMaxWindowBits()) {
						parameters.add(new Parameter(CLIENT_MAX_WINDOW_BITS,
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
			parameters.add(new Parameter(SERVER_NO_CONTEXT_TAKEOVER, null));
		}
		if (this.policy.clientNoContextTakeover() || names.contains(CLIENT_NO_CONTEXT_TAKEOVER)) {
			parameters.add(new Parameter(CLIENT_NO_CONTEXT_TAKEOVER, null));
		}
		return new ExtensionOffer(NAME, parameters);
	}

	/**
	 * Reads a window size as RFC 7692 writes it: a decimal integer from 8 to 15 in ASCII digits
	 * without leading zeros; anything else (an empty value included) declines the offer.
	 */
	private static @Nullable Integer windowBits(@Nullable String value) {
		return (value != null && WINDOW_BITS.matcher(value).matches()) ? Integer.valueOf(value) : null;
	}

}
