package io.restcompress.client;

import java.io.IOException;
import java.util.function.Function;
import java.util.stream.Stream;

import io.restcompress.codec.BrotliCodec;
import io.restcompress.codec.BrotliReferenceStreams;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.LzfCodec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.http.HttpHeaders;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every client decoding brotli responses that a foreign origin wrote with the reference
 * encoder (Python's brotli): zeros, JSON and log lines of 256 KB to 12 MB at qualities 5 and
 * 11, with 64 KB and 4 MB windows.
 */
class BrotliReferenceResponseTests extends PlainOriginTests {

	private static final ContentCodecs CODECS = ContentCodecs.of(new LzfCodec(),
			new BrotliCodec(4, BrotliCodec.DEFAULT_MAX_WINDOW));

	static Stream<Arguments> clientsAndStreams() {
		return TestClient.kinds()
			.flatMap((client) -> BrotliReferenceStreams.all()
				.stream()
				.filter((stream) -> (stream.quality() == 5 || stream.quality() == 11)
						&& (stream.windowBits() == 16 || stream.windowBits() == 22))
				.map((stream) -> Arguments.of(client, stream)));
	}

	@ParameterizedTest(name = "{0}, {1}")
	@MethodSource("clientsAndStreams")
	void decodesTheReferenceEncodersStream(Function<ClientCompression, TestClient> kind,
			BrotliReferenceStreams.Stream stream) throws IOException {
		byte[] encoded = stream.encoded();
		this.origin.handle("/reference", (exchange, body) -> {
			exchange.getResponseHeaders().set("Content-Encoding", "br");
			exchange.getResponseHeaders().set("Content-Type", "application/octet-stream");
			PlainOrigin.respond(exchange, 200, encoded);
		});
		TestClient client = kind.apply(ClientCompression.builder(CODECS).recorder(this.recorder).build());
		TestClient.Response response = client.get(this.origin.uri("/reference"));
		assertThat(response.status()).isEqualTo(200);
		assertThat(response.headers().containsHeader(HttpHeaders.CONTENT_ENCODING)).isFalse();
		assertThat(response.body()).hasSize((int) stream.decodedSize());
		assertThat(BrotliReferenceStreams.sha256(response.body())).isEqualTo(stream.decodedSha256());
		assertThat(this.recorder.events).containsOnlyOnce("decoded CLIENT RESPONSE br");
	}

}
