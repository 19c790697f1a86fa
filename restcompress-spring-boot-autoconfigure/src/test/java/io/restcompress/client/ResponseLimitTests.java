package io.restcompress.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;

import com.github.luben.zstd.ZstdOutputStream;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.ContentTooLargeException;
import io.restcompress.codec.LzfCodec;
import io.restcompress.codec.ZstdCodec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The decoded-size limit of every client, against an origin without restcompress. Bombs on a
 * small heap are in {@link ClientBombTests}.
 */
class ResponseLimitTests extends PlainOriginTests {

	private static final int SIZE = 300_000;

	static Stream<Arguments> clientsAndCodings() {
		return TestClient.kinds()
			.flatMap((client) -> Stream.of("lzf", "gzip", "deflate").map((coding) -> Arguments.of(client, coding)));
	}

	private TestClient client(Function<ClientCompression, TestClient> kind, long maxDecodedSize) {
		return kind.apply(ClientCompression.builder(PlainOrigin.CODECS)
			.maxDecodedSize(maxDecodedSize)
			.recorder(this.recorder)
			.build());
	}

	@ParameterizedTest(name = "{0}, {1}")
	@MethodSource("clientsAndCodings")
	void failsClearlyPastTheLimitAndStaysUsable(Function<ClientCompression, TestClient> kind, String coding)
			throws IOException {
		TestClient client = client(kind, 100_000);
		Throwable failure = catchThrowable(() -> client.get(this.origin.uri("/payload/" + coding + "/" + SIZE)));
		ResponseTooLargeException tooLarge = tooLarge(failure);
		String origin = this.origin.uri("").toString();
		assertThat(tooLarge.getCoding()).isEqualTo(coding);
		assertThat(tooLarge.getLimit()).isEqualTo(100_000);
		assertThat(tooLarge.getOrigin()).isEqualTo(origin);
		assertThat(tooLarge).hasMessage("Decoded " + coding + " response from " + origin
				+ " exceeds the client limit of 100000 bytes (restcompress.client.max-decoded-size)");
		assertThat(this.recorder.events).containsOnlyOnce("rejected CLIENT RESPONSE " + coding + " TOO_LARGE")
			.doesNotContain("decoded CLIENT RESPONSE " + coding);
		assertThat(client.get(this.origin.uri("/payload/" + coding + "/" + 90_000)).body())
			.isEqualTo(Payloads.json(90_000));
	}

	@ParameterizedTest(name = "{0}, {1}")
	@MethodSource("clientsAndCodings")
	void readsABodyOfExactlyTheLimit(Function<ClientCompression, TestClient> kind, String coding) throws IOException {
		TestClient.Response response = client(kind, SIZE).get(this.origin.uri("/payload/" + coding + "/" + SIZE));
		assertThat(response.body()).isEqualTo(Payloads.json(SIZE));
		assertThat(this.recorder.events).containsExactly("decoded CLIENT RESPONSE " + coding);
	}

	/**
	 * Random bytes grow a little in lzf, so the layer between the two codings is larger than
	 * the body: only the decoded body is held to the limit.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void readsAStackedBodyOfExactlyTheLimit(Function<ClientCompression, TestClient> kind) throws IOException {
		byte[] identity = new byte[100_000];
		new Random(42).nextBytes(identity);
		byte[] lzf = PlainOrigin.encode("lzf", identity);
		assertThat(lzf.length).isGreaterThan(identity.length);
		byte[] stacked = PlainOrigin.encode("gzip", lzf);
		this.origin.handle("/stacked", (exchange, body) -> {
			exchange.getResponseHeaders().set("Content-Encoding", "lzf, gzip");
			PlainOrigin.respond(exchange, 200, stacked);
		});
		assertThat(client(kind, identity.length).get(this.origin.uri("/stacked")).body()).isEqualTo(identity);
		Throwable failure = catchThrowable(() -> client(kind, identity.length - 1).get(this.origin.uri("/stacked")));
		assertThat(tooLarge(failure).getCoding()).isEqualTo("lzf");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void reportsAZstdWindowAboveTheCapAsSuchAndNotAsTheDecodedSizeLimit(Function<ClientCompression, TestClient> kind)
			throws IOException {
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		try (ZstdOutputStream zstd = new ZstdOutputStream(encoded)) {
			zstd.setWindowLog(24);
			zstd.write("tiny".getBytes(StandardCharsets.US_ASCII));
		}
		this.origin.handle("/wide-window", (exchange, body) -> {
			exchange.getResponseHeaders().set("Content-Encoding", "zstd");
			PlainOrigin.respond(exchange, 200, encoded.toByteArray());
		});
		ZstdCodec zstd = new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW);
		try {
			TestClient client = kind.apply(ClientCompression.builder(ContentCodecs.of(new LzfCodec(), zstd))
				.maxDecodedSize(1L << 30)
				.build());
			Throwable failure = catchThrowable(() -> client.get(this.origin.uri("/wide-window")));
			ContentTooLargeException refusal = cause(failure, ContentTooLargeException.class);
			assertThat(refusal).isNotInstanceOf(ResponseTooLargeException.class);
			assertThat(refusal.getMessage()).contains("window").doesNotContain("max-decoded-size");
		}
		finally {
			zstd.close();
		}
	}

	private static <T extends Throwable> T cause(Throwable failure, Class<T> type) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (type.isInstance(cause)) {
				return type.cast(cause);
			}
		}
		throw new AssertionError("No " + type.getSimpleName() + " in the causes of " + failure, failure);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void leavesAnUnencodedBodyUnlimited(Function<ClientCompression, TestClient> kind) throws IOException {
		TestClient.Response response = client(kind, 1000).get(this.origin.uri("/payload/identity/" + SIZE));
		assertThat(response.body()).hasSize(SIZE);
	}

	static ResponseTooLargeException tooLarge(Throwable failure) {
		return cause(failure, ResponseTooLargeException.class);
	}

}
