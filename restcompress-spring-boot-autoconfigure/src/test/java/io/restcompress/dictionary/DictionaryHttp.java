package io.restcompress.dictionary;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import io.restcompress.codec.DczCodec;
import io.restcompress.codec.ZstdCodec;

/**
 * What the dictionary tests do over HTTP: a request to the test server, and decoding a
 * {@code dcz} body with the dictionary it names.
 */
final class DictionaryHttp {

	/** How long a request may take before the test fails instead of waiting for ever. */
	static final Duration TIMEOUT = Duration.ofSeconds(30);

	private DictionaryHttp() {
	}

	static HttpResponse<byte[]> get(HttpClient client, int port, String path, String... headers)
			throws IOException, InterruptedException {
		return send(client, port, "GET", path, headers);
	}

	static HttpResponse<byte[]> send(HttpClient client, int port, String method, String path, String... headers)
			throws IOException, InterruptedException {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
			.timeout(TIMEOUT);
		if (headers.length > 0) {
			request.headers(headers);
		}
		return client.send(request.method(method, HttpRequest.BodyPublishers.noBody()).build(),
				HttpResponse.BodyHandlers.ofByteArray());
	}

	/**
	 * Sends a {@code GET} over a socket of its own, with header lines as given: unlike
	 * {@link HttpClient}, which joins {@code Cookie} lines into one, a field may come in several
	 * lines.
	 * @return the response's {@code Content-Encoding}, or {@code null}
	 */
	static String contentEncodingOfGet(int port, String path, String... fieldLines) throws IOException {
		try (Socket socket = new Socket("localhost", port)) {
			socket.setSoTimeout((int) TIMEOUT.toMillis());
			StringBuilder request = new StringBuilder("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n");
			for (String line : fieldLines) {
				request.append(line).append("\r\n");
			}
			OutputStream out = socket.getOutputStream();
			out.write(request.append("Connection: close\r\n\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
			out.flush();
			String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
			String head = response.substring(0, response.indexOf("\r\n\r\n"));
			return head.lines()
				.filter((line) -> line.regionMatches(true, 0, "Content-Encoding:", 0, 17))
				.map((line) -> line.substring(17).trim())
				.findFirst()
				.orElse(null);
		}
	}

	static byte[] decodeDcz(byte[] body, byte[] dictionary) throws IOException {
		DczCodec dcz = new DczCodec(new ZstdCodec(3, ZstdCodec.DEFAULT_MAX_WINDOW), dictionary,
				DczCodec.sha256(dictionary));
		try (InputStream decoded = dcz.decoder(new ByteArrayInputStream(body))) {
			return decoded.readAllBytes();
		}
	}

}
