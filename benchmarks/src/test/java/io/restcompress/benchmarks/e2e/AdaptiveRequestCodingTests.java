package io.restcompress.benchmarks.e2e;

import java.io.ByteArrayInputStream;
import java.util.List;

import io.restcompress.benchmarks.Codings;
import io.restcompress.benchmarks.Payloads;
import io.restcompress.benchmarks.Sinks;
import io.restcompress.codec.ContentCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AdaptiveRequestCodingTests {

	private final byte[] body = Payloads.document(2_000, 7);

	private final List<ContentCodec> codecs = List.of(Codings.create("lzf").orElseThrow(),
			Codings.create("gzip-1").orElseThrow());

	@Test
	void sendsIdentityOnUnshapedLoopback() throws Exception {
		try (AdaptiveRequestCoding coding = new AdaptiveRequestCoding(this.codecs, null, "lzf, gzip")) {
			Sinks.Buffer sent = new Sinks.Buffer(16);
			assertThat(coding.encode(this.body, "application/json", sent)).isNull();
			assertThat(coding.lastChoice()).isEqualTo("identity");
			assertThat(sent.contentEquals(this.body)).isTrue();
		}
	}

	@Test
	void encodesOnASlowLinkWithACodingTheServerAdvertises() throws Exception {
		try (AdaptiveRequestCoding coding = new AdaptiveRequestCoding(this.codecs, "10Mbit", "gzip, br")) {
			assertThat(coding.candidates()).containsExactly("gzip:1", "gzip:6");
			Sinks.Buffer sent = new Sinks.Buffer(16);
			assertThat(coding.encode(this.body, "application/json", sent)).isEqualTo("gzip");
			assertThat(coding.lastChoice()).startsWith("gzip:");
			assertThat(this.codecs.get(1).decoder(new ByteArrayInputStream(sent.toByteArray())).readAllBytes())
				.isEqualTo(this.body);
		}
	}

	@Test
	void sendsIdentityWhenTheServerAdvertisesNothing() throws Exception {
		try (AdaptiveRequestCoding coding = new AdaptiveRequestCoding(this.codecs, "10Mbit", null)) {
			assertThat(coding.candidates()).isEmpty();
			assertThat(coding.encode(this.body, "application/json", new Sinks.Buffer(16))).isNull();
		}
	}

}
