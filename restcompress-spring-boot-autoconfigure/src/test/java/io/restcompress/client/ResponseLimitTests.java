package io.restcompress.client;

import java.io.IOException;
import java.util.function.Function;
import java.util.stream.Stream;

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

	@ParameterizedTest(name = "{0}")
	@MethodSource("clients")
	void leavesAnUnencodedBodyUnlimited(Function<ClientCompression, TestClient> kind) throws IOException {
		TestClient.Response response = client(kind, 1000).get(this.origin.uri("/payload/identity/" + SIZE));
		assertThat(response.body()).hasSize(SIZE);
	}

	static ResponseTooLargeException tooLarge(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof ResponseTooLargeException tooLarge) {
				return tooLarge;
			}
		}
		throw new AssertionError("No ResponseTooLargeException in the causes of " + failure, failure);
	}

}
