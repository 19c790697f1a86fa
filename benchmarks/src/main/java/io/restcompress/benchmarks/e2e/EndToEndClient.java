package io.restcompress.benchmarks.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import io.restcompress.benchmarks.Codings;
import io.restcompress.benchmarks.Payloads;
import io.restcompress.benchmarks.Sinks;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentDecoding;

/**
 * Measures request times against the sample app in several modes on one link: for each round,
 * every mode requests every endpoint once, so that the modes share the machine's state. Each
 * request is timed from encoding its body to the last decoded byte; bodies are checked after
 * the clock stops. Appends one CSV line per measured request:
 * {@code link,mode,endpoint,round,millis,sent,received,coding}. Boot's compression may leave a
 * response unencoded (Tomcat never compresses one with a strong {@code ETag}); ours must encode
 * every eligible response. The adaptive mode accepts every coding this client can decode and
 * takes whichever comes back, identity included; it chooses the coding of its request body
 * with {@link AdaptiveRequestCoding} for the link's bandwidth, and is warmed up alone before
 * the rounds, since its server and its request coding learn from the first bodies. The last
 * CSV column is the request body's coding.
 * <p>
 * Options: {@code --link NAME --plain URL --ours URL --boot URL --adaptive URL --bandwidth BW
 * --modes none,lzf,zstd,gzip,boot-gzip,adaptive --endpoints static,untagged,complex,echo,ping
 * --rounds N --warmup N --adaptive-warmup N --max-seconds S --out FILE}; {@code --bandwidth}
 * is left out for unshaped loopback.
 */
public final class EndToEndClient {

	private static final int ECHO_ENTRIES = 5_650;

	/** What the adaptive mode accepts when the client has the codec, most preferred first. */
	private static final List<String> ADAPTIVE_CODINGS = List.of("lzf", "zstd-1", "gzip-1", "lz4-1", "br-4");

	private final Map<String, String> options;

	private final byte[] echoBody = Payloads.document(ECHO_ENTRIES, 7);

	private final Sinks.Buffer decoded = new Sinks.Buffer(4 * 1024 * 1024);

	private final Sinks.Buffer encodedRequest = new Sinks.Buffer(2 * 1024 * 1024);

	private final byte[] chunk = new byte[64 * 1024];

	private byte[] document;

	private String lastCoding;

	private String lastRequestCoding;

	private EndToEndClient(Map<String, String> options) {
		this.options = options;
	}

	public static void main(String[] args) throws Exception {
		Map<String, String> options = new LinkedHashMap<>();
		for (int i = 0; i + 1 < args.length; i += 2) {
			options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
		}
		new EndToEndClient(options).run();
	}

	private void run() throws Exception {
		String link = this.options.getOrDefault("link", "loopback");
		int rounds = Integer.parseInt(this.options.getOrDefault("rounds", "10"));
		int warmup = Integer.parseInt(this.options.getOrDefault("warmup", "3"));
		long deadline = System.nanoTime() + Long.parseLong(this.options.getOrDefault("max-seconds", "120")) * 1_000_000_000L;
		List<Endpoint> endpoints = List.of(this.options.getOrDefault("endpoints", "static,untagged,complex,echo,ping").split(","))
			.stream()
			.map(Endpoint::of)
			.toList();
		List<Mode> modes = new ArrayList<>();
		String defaultModes = "none,lzf,zstd,gzip,boot-gzip" + (this.options.containsKey("adaptive") ? ",adaptive" : "");
		for (String name : this.options.getOrDefault("modes", defaultModes).split(",")) {
			Mode mode = mode(name);
			if (mode.available()) {
				modes.add(mode);
			}
			else {
				System.err.println("Skipping mode " + name + ": its coding is not available to the client or the server");
			}
		}
		for (Mode mode : modes) {
			if (mode.adaptiveRequest != null) {
				warmUp(mode, endpoints, Integer.parseInt(this.options.getOrDefault("adaptive-warmup", "20")));
				System.err.printf("%s: adaptive request candidates %s%n", link, mode.adaptiveRequest.candidates());
			}
		}
		try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(this.options.get("out")),
				StandardOpenOption.CREATE, StandardOpenOption.APPEND))) {
			for (int round = -warmup; round < rounds; round++) {
				if (round >= 3 && System.nanoTime() > deadline) {
					System.err.printf("%s: time limit reached after %d rounds%n", link, round);
					break;
				}
				for (Mode mode : modes) {
					for (Endpoint endpoint : endpoints) {
						long[] measured = exchange(mode, endpoint);
						if (round >= 0) {
							out.printf(Locale.ROOT, "%s,%s,%s,%d,%.3f,%d,%d,%s,%s%n", link, mode.name, endpoint.label(),
									round, measured[0] / 1e6, measured[1], measured[2], this.lastCoding,
									this.lastRequestCoding);
						}
					}
				}
			}
		}
		for (Mode mode : modes) {
			mode.connection.close();
			if (mode.adaptiveRequest != null) {
				mode.adaptiveRequest.close();
			}
		}
	}

	private void warmUp(Mode mode, List<Endpoint> endpoints, int exchanges) throws IOException {
		for (int i = 0; i < exchanges; i++) {
			for (Endpoint endpoint : endpoints) {
				exchange(mode, endpoint);
			}
		}
	}

	private Mode mode(String name) throws Exception {
		URI plain = URI.create(this.options.get("plain"));
		URI ours = URI.create(this.options.get("ours"));
		URI boot = URI.create(this.options.get("boot"));
		URI adaptive = this.options.containsKey("adaptive") ? URI.create(this.options.get("adaptive")) : null;
		if (this.document == null) {
			this.document = fetchDocument(plain);
		}
		return switch (name) {
			case "none" -> new Mode(name, plain, null, null);
			case "lzf" -> probed(new Mode(name, ours, "lzf", "lzf"));
			case "zstd" -> probed(new Mode(name, ours, "zstd", "zstd-1"));
			case "gzip" -> probed(new Mode(name, ours, "gzip", "gzip-1"));
			case "boot-gzip" -> probed(new Mode(name, boot, "gzip", null));
			case "adaptive" -> adaptive(adaptive);
			default -> throw new IllegalArgumentException("Unknown mode " + name);
		};
	}

	private byte[] fetchDocument(URI plain) throws IOException {
		try (HttpConnection connection = new HttpConnection(plain)) {
			HttpConnection.Response response = connection.send("GET", "/api/static", Map.of(), null);
			byte[] body = response.body.readAllBytes();
			response.finish();
			return body;
		}
	}

	/**
	 * Returns the adaptive mode: it accepts every coding this client can decode, and codes its
	 * request bodies as the server's advertised {@code Accept-Encoding} allows.
	 */
	private Mode adaptive(URI server) throws Exception {
		List<ContentCodec> codecs = new ArrayList<>();
		for (String name : ADAPTIVE_CODINGS) {
			Codings.create(name).ifPresent(codecs::add);
		}
		String accept = String.join(", ", codecs.stream().map(ContentCodec::coding).toList());
		Mode mode = new Mode("adaptive", server, accept, null);
		HttpConnection.Response response = mode.connection.send("GET", "/api/complex/100",
				Map.of("Accept-Encoding", accept), null);
		String advertised = response.headers.get("accept-encoding");
		response.finish();
		System.err.printf("adaptive: accepts %s; the server takes request bodies in %s%n", accept, advertised);
		mode.adaptive(codecs, new AdaptiveRequestCoding(codecs, this.options.get("bandwidth"), advertised));
		return mode;
	}

	/**
	 * Checks that the server answers the mode's {@code Accept-Encoding} with that coding on a
	 * response it may compress.
	 */
	private Mode probed(Mode mode) throws IOException {
		if (mode.decoders.isEmpty()) {
			return mode;
		}
		HttpConnection.Response response = mode.connection.send("GET", "/api/complex/100",
				Map.of("Accept-Encoding", mode.accept), null);
		String coding = response.headers.get("content-encoding");
		response.finish();
		return Objects.equals(coding, mode.accept) ? mode : new Mode(mode.name, null, null, null);
	}

	/**
	 * Performs one exchange; returns its nanoseconds and the bytes sent and received.
	 */
	private long[] exchange(Mode mode, Endpoint endpoint) throws IOException {
		long start = System.nanoTime();
		Map<String, String> headers = new LinkedHashMap<>();
		if (mode.accept != null) {
			headers.put("Accept-Encoding", mode.accept);
		}
		byte[] body = null;
		this.lastRequestCoding = "identity";
		if (endpoint == Endpoint.ECHO) {
			headers.put("Content-Type", "application/json");
			body = this.echoBody;
			if (mode.adaptiveRequest != null) {
				String requestCoding = mode.adaptiveRequest.encode(this.echoBody, "application/json", this.encodedRequest);
				body = this.encodedRequest.toByteArray();
				if (requestCoding != null) {
					headers.put("Content-Encoding", requestCoding);
				}
				this.lastRequestCoding = mode.adaptiveRequest.lastChoice();
			}
			else if (mode.requestCodec != null) {
				this.encodedRequest.reset();
				try (OutputStream encoder = mode.requestCodec.encoder(this.encodedRequest)) {
					encoder.write(this.echoBody);
				}
				body = this.encodedRequest.toByteArray();
				headers.put("Content-Encoding", mode.requestCodec.coding());
				this.lastRequestCoding = mode.requestCodec.coding();
			}
		}
		HttpConnection.Response response = mode.connection.send(endpoint.method, endpoint.path, headers, body);
		String coding = response.headers.get("content-encoding");
		String expected = (endpoint == Endpoint.PING) ? null : mode.accept;
		boolean expectedCoding = Objects.equals(coding, expected) || (mode.mayLeaveIdentity && coding == null)
				|| (mode.adaptiveRequest != null && (coding == null || mode.decoders.containsKey(coding)));
		if (response.status != 200 || !expectedCoding) {
			throw new IllegalStateException(mode.name + " " + endpoint + ": status " + response.status + ", coding "
					+ coding + ", expected " + expected);
		}
		this.decoded.reset();
		try (InputStream source = (coding != null) ? decoder(mode, coding, response.body) : response.body) {
			int n;
			while ((n = source.read(this.chunk)) != -1) {
				this.decoded.write(this.chunk, 0, n);
			}
		}
		long[] bytes = response.finish();
		long nanos = System.nanoTime() - start;
		verify(mode, endpoint);
		this.lastCoding = (coding != null) ? coding : "identity";
		return new long[] { nanos, bytes[0], bytes[1] };
	}

	/**
	 * Decodes a response as the library's clients do: for the adaptive mode through
	 * {@link ContentDecoding}, whose decoder time (reading excluded) teaches the request coding
	 * how fast the server decodes, as an adaptive client learns it.
	 */
	private static InputStream decoder(Mode mode, String coding, InputStream body) throws IOException {
		ContentCodec codec = mode.decoders.get(coding);
		if (mode.adaptiveRequest == null) {
			return codec.decoder(body);
		}
		AdaptiveRequestCoding learner = mode.adaptiveRequest;
		return ContentDecoding.open(body, List.of(codec), Long.MAX_VALUE, new ContentDecoding.Listener() {

			@Override
			public void decoded(String decodedCoding, long identityBytes, long encodedBytes, long codecNanos) {
				learner.learnDecoding(decodedCoding, identityBytes, codecNanos);
			}

		});
	}

	private void verify(Mode mode, Endpoint endpoint) {
		boolean valid = switch (endpoint) {
			case STATIC, UNTAGGED -> this.decoded.contentEquals(this.document);
			case COMPLEX -> this.decoded.size() > 0 && this.decoded.at(0) == '['
					&& this.decoded.at(this.decoded.size() - 1) == ']' && this.decoded.count((byte) '{') == 10_000;
			case ECHO -> this.decoded.contentEquals(this.echoBody);
			case PING -> this.decoded.contentEquals("pong".getBytes(StandardCharsets.US_ASCII));
		};
		if (!valid) {
			throw new IllegalStateException(mode.name + " " + endpoint + ": the decoded body is wrong ("
					+ this.decoded.size() + " bytes)");
		}
	}

	private enum Endpoint {

		STATIC("GET", "/api/static"), UNTAGGED("GET", "/bench/static"), COMPLEX("GET", "/api/complex/10000"), ECHO("POST", "/api/echo"),
		PING("GET", "/api/ping");

		final String method;

		final String path;

		Endpoint(String method, String path) {
			this.method = method;
			this.path = path;
		}

		String label() {
			return name().toLowerCase(Locale.ROOT);
		}

		static Endpoint of(String label) {
			return valueOf(label.trim().toUpperCase(Locale.ROOT));
		}

	}

	/**
	 * A way of talking to the sample app: which server, which {@code Accept-Encoding}, and the
	 * coding for request bodies ({@code null}: sent as they are).
	 */
	private static final class Mode {

		final String name;

		final HttpConnection connection;

		final String accept;

		final Map<String, ContentCodec> decoders = new LinkedHashMap<>();

		final ContentCodec requestCodec;

		final boolean mayLeaveIdentity;

		AdaptiveRequestCoding adaptiveRequest;

		Mode(String name, URI server, String accept, String requestCoding) {
			this.name = name;
			this.mayLeaveIdentity = name.startsWith("boot");
			this.connection = (server != null) ? new HttpConnection(server) : null;
			this.accept = accept;
			if (accept != null && !name.equals("adaptive")) {
				Codings.create(accept).ifPresent((codec) -> this.decoders.put(accept, codec));
			}
			this.requestCodec = (requestCoding != null) ? Codings.create(requestCoding).orElse(null) : null;
		}

		void adaptive(List<ContentCodec> codecs, AdaptiveRequestCoding requestCoding) {
			codecs.forEach((codec) -> this.decoders.put(codec.coding(), codec));
			this.adaptiveRequest = requestCoding;
		}

		boolean available() {
			return this.connection != null && (this.accept == null || !this.decoders.isEmpty());
		}

	}

}
