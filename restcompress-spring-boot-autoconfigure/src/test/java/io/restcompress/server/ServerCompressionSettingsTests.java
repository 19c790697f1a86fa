package io.restcompress.server;

import java.time.Duration;
import java.util.List;

import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.GzipCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ServerCompressionSettingsTests {

	private final ContentCodecs codecs = ContentCodecs.of(new GzipCodec(6));

	@Test
	void defaultsTheDrainTimeoutToTenSeconds() {
		ServerCompressionSettings settings = new ServerCompressionSettings(this.codecs, this.codecs.all(),
				CompressionMode.ALL, 0, List.of(), List.of(), true, 1024, 1, true);
		assertThat(settings.drainTimeout()).isEqualTo(Duration.ofSeconds(10));
	}

	@Test
	void refusesANegativeDrainTimeout() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new ServerCompressionSettings(this.codecs, this.codecs.all(), CompressionMode.ALL, 0,
					List.of(), List.of(), true, 1024, 1, true, 1024, 10, Duration.ofMillis(-1)))
			.withMessageContaining("must not be negative");
	}

}
