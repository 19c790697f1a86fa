package io.restcompress.server;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;

import io.restcompress.codec.BrotliCodec;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.DeflateCodec;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.Lz4Codec;
import io.restcompress.codec.LzfCodec;
import io.restcompress.codec.ZstdCodec;

/**
 * A JDK HTTP client that shows responses as they are on the wire (it decodes nothing), with
 * helpers to encode and decode bodies.
 */
final class HttpTestClient {

	private final HttpClient client;

	private final String base;

	HttpTestClient(int port) {
		this(port, HttpClient.Version.HTTP_1_1);
	}

	HttpTestClient(int port, HttpClient.Version version) {
		this.client = HttpClient.newBuilder().version(version).build();
		this.base = "http://localhost:" + port;
	}

	HttpResponse<byte[]> get(String path, String... headers) {
		return send(request(path, headers).GET().build());
	}

	HttpResponse<byte[]> head(String path, String... headers) {
		return send(request(path, headers).method("HEAD", HttpRequest.BodyPublishers.noBody()).build());
	}

	HttpResponse<byte[]> post(String path, byte[] body, String... headers) {
		return send(request(path, headers).POST(HttpRequest.BodyPublishers.ofByteArray(body)).build());
	}

	HttpResponse<byte[]> put(String path, byte[] body, String... headers) {
		return send(request(path, headers).PUT(HttpRequest.BodyPublishers.ofByteArray(body)).build());
	}

	HttpResponse<InputStream> stream(String path, String... headers) {
		try {
			return this.client.send(request(path, headers).GET().build(), HttpResponse.BodyHandlers.ofInputStream());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	HttpRequest.Builder request(String path, String... headers) {
		HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(this.base + path));
		if (headers.length > 0) {
			builder.headers(headers);
		}
		return builder;
	}

	HttpResponse<byte[]> send(HttpRequest request) {
		try {
			return this.client.send(request, HttpResponse.BodyHandlers.ofByteArray());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	static ContentCodec codec(String coding) {
		return switch (coding) {
			case "lzf" -> new LzfCodec();
			case "gzip", "x-gzip" -> new GzipCodec(1);
			case "deflate" -> new DeflateCodec(1);
			case "zstd" -> new ZstdCodec(1, 8 * 1024 * 1024);
			case "br" -> new BrotliCodec(4, 8 * 1024 * 1024);
			case "lz4" -> new Lz4Codec(1);
			default -> throw new IllegalArgumentException(coding);
		};
	}

	/**
	 * Decodes with the JDK for gzip and deflate, so that the server's output is checked by an
	 * independent implementation, and with our decoder for lzf.
	 */
	static byte[] decode(String coding, byte[] body) {
		try (InputStream decoder = switch (coding) {
			case "gzip" -> new GZIPInputStream(new ByteArrayInputStream(body));
			case "deflate" -> new InflaterInputStream(new ByteArrayInputStream(body));
			default -> codec(coding).decoder(new ByteArrayInputStream(body));
		}) {
			return decoder.readAllBytes();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The body of a response, decoded in its {@code Content-Encoding} if it has one.
	 */
	static byte[] decodedBody(HttpResponse<byte[]> response) {
		return response.headers().firstValue("Content-Encoding").map((coding) -> decode(coding, response.body()))
			.orElseGet(response::body);
	}

	static byte[] encode(String coding, byte[] body) {
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		try (OutputStream encoder = codec(coding).encoder(encoded)) {
			encoder.write(body);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return encoded.toByteArray();
	}

}
