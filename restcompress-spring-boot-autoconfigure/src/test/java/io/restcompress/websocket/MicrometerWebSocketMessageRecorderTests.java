package io.restcompress.websocket;

import java.util.LinkedHashMap;
import java.util.Map;

import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.jspecify.annotations.Nullable;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link MicrometerWebSocketMessageRecorder}.
 */
class MicrometerWebSocketMessageRecorderTests {

	private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

	private final MicrometerWebSocketMessageRecorder recorder = new MicrometerWebSocketMessageRecorder(this.registry);

	/**
	 * The engines' default answers name both sides alike, so an answer that differs between the
	 * server and the client shows which tag each parameter sets.
	 */
	@Test
	void tagsASessionWithTheParametersOfEachSide() {
		Map<String, @Nullable String> serverSide = new LinkedHashMap<>();
		serverSide.put("server_no_context_takeover", null);
		serverSide.put("client_max_window_bits", "10");
		this.recorder.opened(serverSide);
		assertThat(sessionTags()).containsExactlyInAnyOrder(Tag.of("side", "server"),
				Tag.of("coding", "permessage-deflate"), Tag.of("server_context_takeover", "false"),
				Tag.of("client_context_takeover", "true"), Tag.of("server_max_window_bits", "15"),
				Tag.of("client_max_window_bits", "10"));
		this.registry.clear();
		Map<String, @Nullable String> clientSide = new LinkedHashMap<>();
		clientSide.put("client_no_context_takeover", "");
		clientSide.put("server_max_window_bits", "15");
		this.recorder.opened(clientSide);
		assertThat(sessionTags()).contains(Tag.of("server_context_takeover", "true"),
				Tag.of("client_context_takeover", "false"), Tag.of("server_max_window_bits", "15"),
				Tag.of("client_max_window_bits", "15"));
	}

	private Iterable<Tag> sessionTags() {
		return this.registry.get(MicrometerWebSocketMessageRecorder.SESSIONS).counter().getId().getTags();
	}

}
