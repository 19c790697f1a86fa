package io.restcompress.websocket;

import java.util.Map;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.BaseUnits;
import org.jspecify.annotations.Nullable;

/**
 * Writes {@link WebSocketMessageRecorder} events to Micrometer meters under
 * {@code restcompress.websocket.*}.
 */
public final class MicrometerWebSocketMessageRecorder implements WebSocketMessageRecorder {

	/** Sessions opened, tagged with the permessage-deflate parameters they negotiated. */
	public static final String SESSIONS = "restcompress.websocket.sessions";

	/** Payload size of the messages, uncompressed (bytes); its count is the number of messages. */
	public static final String MESSAGE_SIZE = "restcompress.websocket.message.size";

	private static final String NONE_TAG = "none";

	private final MeterRegistry registry;

	private final DistributionSummary[] messages = new DistributionSummary[4];

	/**
	 * Creates a recorder that registers its meters in {@code registry}.
	 * @param registry the registry
	 */
	public MicrometerWebSocketMessageRecorder(MeterRegistry registry) {
		this.registry = registry;
		for (int i = 0; i < this.messages.length; i++) {
			this.messages[i] = DistributionSummary.builder(MESSAGE_SIZE)
				.description("Payload size of the WebSocket messages before compression or after decompression")
				.baseUnit(BaseUnits.BYTES)
				.tags("side", "server", "direction", ((i & 1) != 0) ? "outbound" : "inbound", "coding",
						((i & 2) != 0) ? PerMessageDeflatePolicy.NAME : "identity")
				.register(registry);
		}
	}

	@Override
	public void opened(@Nullable Map<String, @Nullable String> permessageDeflate) {
		Tags tags = Tags.of("side", "server", "coding",
				(permessageDeflate != null) ? PerMessageDeflatePolicy.NAME : "identity");
		if (permessageDeflate != null) {
			tags = tags.and("server_context_takeover",
					Boolean.toString(!permessageDeflate.containsKey(PerMessageDeflatePolicy.SERVER_NO_CONTEXT_TAKEOVER)))
				.and("client_context_takeover",
						Boolean.toString(!permessageDeflate.containsKey(PerMessageDeflatePolicy.CLIENT_NO_CONTEXT_TAKEOVER)))
				.and("client_max_window_bits",
						windowBits(permessageDeflate, PerMessageDeflatePolicy.CLIENT_MAX_WINDOW_BITS))
				.and("server_max_window_bits",
						windowBits(permessageDeflate, PerMessageDeflatePolicy.SERVER_MAX_WINDOW_BITS));
		}
		else {
			tags = tags.and("server_context_takeover", NONE_TAG)
				.and("client_context_takeover", NONE_TAG)
				.and("client_max_window_bits", NONE_TAG)
				.and("server_max_window_bits", NONE_TAG);
		}
		Counter.builder(SESSIONS)
			.description("WebSocket sessions opened, with the permessage-deflate parameters they negotiated")
			.tags(tags)
			.register(this.registry)
			.increment();
	}

	@Override
	public void message(boolean outbound, boolean compressed, long payloadBytes) {
		this.messages[(outbound ? 1 : 0) | (compressed ? 2 : 0)].record(payloadBytes);
	}

	private static String windowBits(Map<String, @Nullable String> parameters, String name) {
		String value = parameters.get(name);
		if (value == null || value.isEmpty()) {
			return Integer.toString(PerMessageDeflatePolicy.JDK_WINDOW_BITS);
		}
		return (value.length() <= 2 && value.chars().allMatch(Character::isDigit)) ? value : NONE_TAG;
	}

}
