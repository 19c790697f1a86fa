package io.restcompress.dictionary;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import io.restcompress.codec.AcceptEncoding;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.DczCodec;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.ZstdCodec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DictionaryResponseBodiesTests {

	private static final byte[] CONTENT = "{\"order\":1,\"state\":\"open\"}".repeat(100).getBytes(StandardCharsets.UTF_8);

	private static final StoredDictionary DICTIONARY = new StoredDictionary(CONTENT, DczCodec.sha256(CONTENT),
			MatchPattern.of("/api/orders/*"), "");

	private final ZstdCodec zstd = new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW);

	private final DictionaryResponseBodies bodies = new DictionaryResponseBodies(List.of(this.zstd, new GzipCodec(1)));

	@AfterEach
	void closeZstd() {
		this.zstd.close();
	}

	@Test
	void servesTheDictionaryAsItIsToAClientThatAcceptsNoCoding() {
		DictionaryResponseBodies.Body body = this.bodies.select(DICTIONARY, AcceptEncoding.parse((String) null));
		assertThat(body.coding()).isNull();
		assertThat(body.bytes()).isSameAs(CONTENT);
	}

	@Test
	void encodesInTheServersPreferredAcceptedCodingOnce() throws IOException {
		DictionaryResponseBodies.Body body = this.bodies.select(DICTIONARY, AcceptEncoding.parse("gzip, zstd"));
		assertThat(body.coding()).isEqualTo("zstd");
		assertThat(body.bytes().length).isLessThan(CONTENT.length / 10);
		assertThat(decode(this.zstd, body.bytes())).isEqualTo(CONTENT);
		assertThat(this.bodies.select(DICTIONARY, AcceptEncoding.parse("zstd")).bytes()).isSameAs(body.bytes());
	}

	@Test
	void leavesOutACodingTheClientRefuses() throws IOException {
		DictionaryResponseBodies.Body body = this.bodies.select(DICTIONARY, AcceptEncoding.parse("zstd;q=0, gzip"));
		assertThat(body.coding()).isEqualTo("gzip");
		assertThat(decode(new GzipCodec(1), body.bytes())).isEqualTo(CONTENT);
	}

	private static byte[] decode(ContentCodec codec, byte[] bytes) throws IOException {
		try (InputStream decoded = codec.decoder(new ByteArrayInputStream(bytes))) {
			return decoded.readAllBytes();
		}
	}

}
