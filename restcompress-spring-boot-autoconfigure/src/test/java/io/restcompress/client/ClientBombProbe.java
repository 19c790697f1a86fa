package io.restcompress.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.restcompress.codec.BrotliCodec;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.DeflateCodec;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.Lz4Codec;
import io.restcompress.codec.LzfCodec;
import io.restcompress.codec.ZstdCodec;
import org.junit.jupiter.api.Named;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Run by {@link ClientBombTests} in a JVM with a small heap: a {@link PlainOrigin} serves
 * bodies of every coding that decode to 1 GiB, and every client reads them whole, as
 * {@code byte[]} or joined buffers; each must fail with a {@link ResponseTooLargeException}.
 * Then each client streams such a body, with its limit raised, to its end. Prints one line per
 * exchange and exits with 0 only if all went as expected.
 */
final class ClientBombProbe {

	static final long DECODED = 1L << 30;

	static final ContentCodecs CODECS = ContentCodecs.of(new LzfCodec(), new GzipCodec(1), new DeflateCodec(1),
			new ZstdCodec(3, ZstdCodec.DEFAULT_MAX_WINDOW), new BrotliCodec(5, BrotliCodec.DEFAULT_MAX_WINDOW),
			new Lz4Codec(1));

	private ClientBombProbe() {
	}

	public static void main(String[] args) throws IOException {
		boolean allFailedClearly = true;
		try (PlainOrigin origin = new PlainOrigin()) {
			Map<String, byte[]> bombs = new LinkedHashMap<>();
			for (ContentCodec codec : CODECS.all()) {
				bombs.put(codec.coding(), bomb(codec));
				System.out.println("bomb " + codec.coding() + " " + bombs.get(codec.coding()).length + " bytes");
			}
			origin.handle("/bomb/", (exchange, body) -> {
				String coding = exchange.getRequestURI().getPath().substring("/bomb/".length());
				exchange.getResponseHeaders().set("Content-Encoding", coding);
				PlainOrigin.respond(exchange, 200, bombs.get(coding));
			});
			ClientCompression limited = ClientCompression.builder(CODECS).build();
			for (Named<Function<ClientCompression, TestClient>> kind : TestClient.kinds().toList()) {
				TestClient client = kind.getPayload().apply(limited);
				for (String coding : bombs.keySet()) {
					allFailedClearly &= readWhole(client, kind.getName(), origin.uri("/bomb/" + coding));
				}
				client = null;
				// each kind has HTTP clients of its own, whose buffers go once they are collected
				System.gc();
			}
			ClientCompression raised = ClientCompression.builder(CODECS).maxDecodedSize(2 * DECODED).build();
			allFailedClearly &= stream("RestTemplate", origin.uri("/bomb/gzip"), (uri) -> restTemplate(raised, uri));
			allFailedClearly &= stream("RestClient", origin.uri("/bomb/lzf"), (uri) -> restClient(raised, uri));
			allFailedClearly &= stream("WebClient", origin.uri("/bomb/zstd"), (uri) -> webClient(raised, uri));
		}
		System.exit(allFailedClearly ? 0 : 1);
	}

	private static byte[] bomb(ContentCodec codec) throws IOException {
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		byte[] zeros = new byte[1 << 20];
		try (OutputStream encoder = codec.encoder(encoded)) {
			for (long written = 0; written < DECODED; written += zeros.length) {
				encoder.write(zeros);
			}
		}
		return encoded.toByteArray();
	}

	private static boolean readWhole(TestClient client, String name, URI uri) {
		try {
			TestClient.Response response = client.get(uri);
			System.out.println("FAILED " + name + " " + uri + ": read " + response.body().length + " bytes");
			return false;
		}
		catch (Throwable ex) {
			for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
				if (cause instanceof ResponseTooLargeException tooLarge) {
					System.out.println("refused " + name + " " + uri + ": " + tooLarge.getMessage());
					return true;
				}
			}
			System.out.println("FAILED " + name + " " + uri + ": " + ex);
			ex.printStackTrace(System.out);
			return false;
		}
	}

	private static boolean stream(String name, URI uri, Function<URI, Long> reader) {
		try {
			long read = reader.apply(uri);
			System.out.println(((read == DECODED) ? "streamed " : "FAILED ") + name + " " + uri + ": " + read
					+ " bytes");
			return read == DECODED;
		}
		catch (RuntimeException ex) {
			System.out.println("FAILED " + name + " " + uri + ": " + ex);
			ex.printStackTrace(System.out);
			return false;
		}
	}

	private static long restTemplate(ClientCompression compression, URI uri) {
		RestTemplate restTemplate = new RestTemplate(TestClient.plainJdk());
		restTemplate.getInterceptors().add(new ClientCompressionInterceptor(compression));
		return restTemplate.execute(uri, org.springframework.http.HttpMethod.GET, null,
				(response) -> count(response.getBody()));
	}

	private static long restClient(ClientCompression compression, URI uri) {
		RestClient restClient = RestClient.builder()
			.requestFactory(TestClient.plainJdk())
			.requestInterceptor(new ClientCompressionInterceptor(compression))
			.build();
		return restClient.get().uri(uri).exchange((request, response) -> count(response.getBody()));
	}

	private static long webClient(ClientCompression compression, URI uri) {
		WebClient webClient = WebClient.builder()
			.clientConnector(TestClient.plainReactorNetty())
			.filter(new ClientCompressionExchangeFilter(compression))
			.build();
		return webClient.get()
			.uri(uri)
			.retrieve()
			.bodyToFlux(DataBuffer.class)
			.map((buffer) -> {
				long n = buffer.readableByteCount();
				DataBufferUtils.release(buffer);
				return n;
			})
			.reduce(0L, Long::sum)
			.switchIfEmpty(Mono.just(0L))
			.block(TestClient.TIMEOUT.multipliedBy(4));
	}

	private static long count(InputStream body) throws IOException {
		byte[] buffer = new byte[64 * 1024];
		long total = 0;
		for (int n = body.read(buffer); n != -1; n = body.read(buffer)) {
			total += n;
		}
		return total;
	}

	static List<String> codings() {
		return CODECS.all().stream().map(ContentCodec::coding).toList();
	}

}
