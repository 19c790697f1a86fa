package io.restcompress.benchmarks;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import io.restcompress.client.ClientCompression;
import io.restcompress.client.ClientCompressionInterceptor;
import io.restcompress.client.RequestCompression;
import io.restcompress.client.StreamingCompressionRequestFactory;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.LzfCodec;
import io.restcompress.codec.ZstdCodec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import org.springframework.http.StreamingHttpOutputMessage;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * A large request body sent by {@code RestClient} to a loopback origin that reads and discards
 * it, compressed with lzf: through restcompress's interceptor (Spring buffers the body for it,
 * and it encodes into an array) and through its streaming request factory. The body is
 * written in 64 KB pieces of generated JSON, as a message converter writes a serialized
 * object. Run with {@code -prof gc}: the bytes allocated per request show what each holds in
 * memory.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ClientRequestBodyBenchmark {

	private static final byte[] PIECE = Payloads.document(400, 7);

	/** The body's size in MB. */
	@Param({ "1", "16" })
	public int megabytes;

	/** {@code interceptor} or {@code streaming}. */
	@Param({ "interceptor", "streaming" })
	public String client;

	private HttpServer origin;

	private ExecutorService originThreads;

	private RestClient restClient;

	private URI uri;

	@Setup
	public void start() throws IOException {
		this.origin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
		this.originThreads = Executors.newFixedThreadPool(2);
		this.origin.setExecutor(this.originThreads);
		this.origin.createContext("/upload", (exchange) -> {
			try (exchange) {
				exchange.getRequestBody().transferTo(OutputStream.nullOutputStream());
				exchange.sendResponseHeaders(204, -1);
			}
		});
		this.origin.start();
		this.uri = URI.create("http://127.0.0.1:" + this.origin.getAddress().getPort() + "/upload");
		ClientCompression compression = ClientCompression.builder(ContentCodecs.of(new LzfCodec(), new ZstdCodec(1,
				8 << 20)))
			.requestCompression(RequestCompression.ALWAYS)
			.build();
		JdkClientHttpRequestFactory jdk = new JdkClientHttpRequestFactory();
		this.restClient = switch (this.client) {
			case "interceptor" -> RestClient.builder()
				.requestFactory(jdk)
				.requestInterceptor(new ClientCompressionInterceptor(compression))
				.build();
			case "streaming" -> RestClient.builder()
				.requestFactory(new StreamingCompressionRequestFactory(jdk, compression))
				.build();
			default -> throw new IllegalArgumentException("Unknown client " + this.client);
		};
	}

	@TearDown
	public void stop() {
		this.origin.stop(0);
		this.originThreads.shutdownNow();
	}

	@Benchmark
	public int post() {
		long size = (long) this.megabytes << 20;
		StreamingHttpOutputMessage.Body body = (out) -> {
			for (long written = 0; written < size; written += PIECE.length) {
				out.write(PIECE, 0, (int) Math.min(PIECE.length, size - written));
			}
		};
		return this.restClient.post().uri(this.uri).body(body).retrieve().toBodilessEntity().getStatusCode().value();
	}

}
