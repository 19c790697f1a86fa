package io.restcompress.client;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.DeflateCodec;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.LzfCodec;
import org.jspecify.annotations.Nullable;

/**
 * An HTTP origin without restcompress: the JDK's server, answering with bodies encoded by the
 * codecs directly, and keeping every request it received as it came off the wire.
 * <ul>
 * <li>{@code GET /payload/{coding}/{size}}: a JSON document of {@code size} bytes encoded with
 * {@code coding} ({@code identity} for none), whatever the request accepts.</li>
 * <li>{@code POST /echo}: the request body, decoded when its coding is one of
 * {@link #acceptRequestCodings}, otherwise {@code 415} (with {@code Accept-Encoding} when
 * {@link #advertiseOn415}).</li>
 * </ul>
 * Every response carries {@code Accept-Encoding: advertise} when {@link #advertise} is set.
 */
final class PlainOrigin implements AutoCloseable {

	static final ContentCodecs CODECS = ContentCodecs.of(new LzfCodec(), new GzipCodec(1), new DeflateCodec(1));

	final ConcurrentLinkedQueue<Recorded> requests = new ConcurrentLinkedQueue<>();

	volatile @Nullable String advertise;

	volatile List<String> acceptRequestCodings = List.of();

	volatile boolean advertiseOn415 = true;

	private final HttpServer server;

	private final ExecutorService executor = Executors.newFixedThreadPool(48);

	PlainOrigin() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
		this.server.setExecutor(this.executor);
		handle("/payload/", this::payload);
		handle("/echo", this::echo);
		this.server.start();
	}

	URI uri(String path) {
		return URI.create("http://127.0.0.1:" + this.server.getAddress().getPort() + path);
	}

	/**
	 * Returns a URI of this origin's server under another origin: {@code localhost} in place
	 * of {@code 127.0.0.1}.
	 */
	URI otherOriginUri(String path) {
		return URI.create("http://localhost:" + this.server.getAddress().getPort() + path);
	}

	/**
	 * Registers a handler; the request is recorded before it runs.
	 */
	void handle(String path, Handler handler) {
		this.server.createContext(path, (exchange) -> {
			try (exchange) {
				byte[] body = exchange.getRequestBody().readAllBytes();
				this.requests.add(new Recorded(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
						Map.copyOf(exchange.getRequestHeaders()), body));
				String advertised = this.advertise;
				if (advertised != null) {
					exchange.getResponseHeaders().set("Accept-Encoding", advertised);
				}
				handler.handle(exchange, body);
			}
			catch (RuntimeException | IOException ex) {
				ex.printStackTrace();
				throw ex;
			}
		});
	}

	/**
	 * Registers a handler that reads the request body itself, as it arrives; the request is
	 * not recorded.
	 */
	void handleStreaming(String path, HttpHandler handler) {
		this.server.createContext(path, handler);
	}

	private void payload(HttpExchange exchange, byte[] body) throws IOException {
		String[] parts = exchange.getRequestURI().getPath().split("/");
		String coding = parts[2];
		byte[] identity = Payloads.json(Integer.parseInt(parts[3]));
		if (coding.equals("identity")) {
			respond(exchange, 200, identity);
			return;
		}
		exchange.getResponseHeaders().set("Content-Encoding", coding);
		respond(exchange, 200, encode(coding, identity));
	}

	private void echo(HttpExchange exchange, byte[] body) throws IOException {
		List<String> codings = exchange.getRequestHeaders()
			.getOrDefault("Content-Encoding", List.of())
			.stream()
			.flatMap((value) -> Arrays.stream(value.split(",")))
			.map((coding) -> coding.trim().toLowerCase(Locale.ROOT))
			.filter((coding) -> !coding.isEmpty() && !coding.equals("identity"))
			.toList();
		if (!codings.isEmpty() && !this.acceptRequestCodings.containsAll(codings)) {
			if (this.advertiseOn415) {
				exchange.getResponseHeaders().set("Accept-Encoding", String.join(", ", this.acceptRequestCodings));
			}
			respond(exchange, 415, new byte[0]);
			return;
		}
		for (int i = codings.size() - 1; i >= 0; i--) {
			body = decode(codings.get(i), body);
		}
		respond(exchange, 200, body);
	}

	static void respond(HttpExchange exchange, int status, byte[] body) throws IOException {
		exchange.sendResponseHeaders(status, (body.length > 0) ? body.length : -1);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(body);
		}
	}

	static void redirect(HttpExchange exchange, URI location) throws IOException {
		exchange.getResponseHeaders().set("Location", location.toString());
		respond(exchange, 302, new byte[0]);
	}

	static byte[] encode(String coding, byte[] identity) throws IOException {
		ContentCodec codec = CODECS.find(coding).orElseThrow();
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		try (OutputStream encoder = codec.encoder(encoded)) {
			encoder.write(identity);
		}
		return encoded.toByteArray();
	}

	static byte[] decode(String coding, byte[] encoded) throws IOException {
		try (InputStream decoder = CODECS.find(coding).orElseThrow().decoder(new ByteArrayInputStream(encoded))) {
			return decoder.readAllBytes();
		}
	}

	List<Recorded> requestsTo(String path) {
		return this.requests.stream().filter((request) -> request.path().equals(path)).toList();
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.executor.shutdownNow();
	}

	record Recorded(String method, String path, Map<String, List<String>> headers, byte[] body) {

		@Nullable String header(String name) {
			for (Map.Entry<String, List<String>> entry : this.headers.entrySet()) {
				if (entry.getKey().equalsIgnoreCase(name)) {
					return String.join(", ", entry.getValue());
				}
			}
			return null;
		}

	}

	/**
	 * Answers a request whose body has been read already.
	 */
	@FunctionalInterface
	interface Handler {

		void handle(HttpExchange exchange, byte[] body) throws IOException;

	}

}
