package io.restcompress.server;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Random;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Request bodies over HTTP/2 (cleartext, after an upgrade), where a body may come without
 * {@code Content-Length} and HTTP/2 has no {@code Transfer-Encoding}: decoded all the same.
 */
abstract class AbstractHttp2RequestDecodingTests extends AbstractServerIntegrationTests {

	private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();

	@ParameterizedTest
	@ValueSource(strings = { "gzip", "zstd", "lzf" })
	void decodesABodySentWithoutContentLength(String coding) throws Exception {
		byte[] body = TestPayloads.json(100_000);
		byte[] encoded = HttpTestClient.encode(coding, body);
		upgradeToHttp2();
		HttpResponse<byte[]> response = this.client.send(request(echoPath())
			.header("Content-Encoding", coding)
			.POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(encoded)))
			.build(), HttpResponse.BodyHandlers.ofByteArray());
		assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(body);
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip", "zstd", "lzf" })
	void readsARequestWithoutABodyAsEmptyWhateverItsCoding(String coding) throws Exception {
		upgradeToHttp2();
		HttpResponse<byte[]> response = this.client.send(request(echoPath()).header("Content-Encoding", coding)
			.POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(new byte[0])))
			.build(), HttpResponse.BodyHandlers.ofByteArray());
		assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEmpty();
	}

	/**
	 * A refused body up to the limit is read before the refusal, so that the client sees the
	 * 415 rather than a reset of the stream it is still sending on.
	 */
	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void answersARefusedBodyUpToTheLimitWith415(boolean knownLength) throws Exception {
		byte[] body = new byte[1 << 20];
		new Random(7).nextBytes(body);
		upgradeToHttp2();
		HttpRequest.BodyPublisher publisher = knownLength ? HttpRequest.BodyPublishers.ofByteArray(body)
				: HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body));
		HttpResponse<byte[]> response = this.client.send(
				request(echoPath()).header("Content-Encoding", "x-unknown").POST(publisher).build(),
				HttpResponse.BodyHandlers.ofByteArray());
		assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
		assertThat(response.statusCode()).isEqualTo(415);
		assertThat(response.headers().firstValue("Accept-Encoding")).isPresent();
		assertThat(response.headers().firstValue("Connection")).as("a field HTTP/2 does not have").isEmpty();
	}

	/**
	 * A body that decodes past the limit (2 MB here) is answered with 413 once the rest of it,
	 * 1.3 MB as sent, has been read: the client sees the 413 rather than the end of its
	 * connection. The handler reads the whole body before it answers.
	 */
	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void answersABodyDecodingPastTheLimitWith413(boolean knownLength) throws Exception {
		byte[] encoded = HttpTestClient.encode("gzip", TestPayloads.hex(new SplittableRandom(3), 4 << 20));
		upgradeToHttp2();
		HttpRequest.BodyPublisher publisher = knownLength ? HttpRequest.BodyPublishers.ofByteArray(encoded)
				: HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(encoded));
		HttpResponse<byte[]> response = this.client.send(
				request("/echo").header("Content-Encoding", "gzip").POST(publisher).build(),
				HttpResponse.BodyHandlers.ofByteArray());
		assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
		assertThat(response.statusCode()).isEqualTo(413);
		assertThat(response.headers().firstValue("Connection")).as("a field HTTP/2 does not have").isEmpty();
	}

	@Test
	void decodesLargeBodiesOneAfterAnotherWithoutStalling() throws Exception {
		byte[] body = new byte[1 << 20];
		new Random(6).nextBytes(body);
		byte[] encoded = HttpTestClient.encode("gzip", body);
		upgradeToHttp2();
		int uploads = 100;
		for (int i = 0; i < uploads; i++) {
			HttpRequest upload = request(echoPath()).header("Content-Encoding", "gzip")
				.timeout(Duration.ofSeconds(10))
				.POST(HttpRequest.BodyPublishers.ofByteArray(encoded))
				.build();
			HttpResponse<byte[]> response;
			try {
				response = this.client.send(upload, HttpResponse.BodyHandlers.ofByteArray());
			}
			catch (HttpTimeoutException ex) {
				throw new AssertionError("Upload " + (i + 1) + " of " + uploads + " stalled", ex);
			}
			assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
			assertThat(response.body()).isEqualTo(body);
		}
	}

	private void upgradeToHttp2() throws IOException, InterruptedException {
		HttpResponse<Void> upgrade = this.client.send(request(echoPath()).GET().build(),
				HttpResponse.BodyHandlers.discarding());
		assertThat(upgrade.version()).isEqualTo(HttpClient.Version.HTTP_2);
	}

	/**
	 * The path of a handler that answers a request's body as it reads it.
	 * @return the path
	 */
	abstract String echoPath();

	private HttpRequest.Builder request(String path) {
		return HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path))
			.header("Content-Type", "application/octet-stream");
	}

}
