package io.restcompress.benchmarks.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.restcompress.codec.BrotliCodec;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.DcbCodec;
import io.restcompress.codec.DczCodec;
import io.restcompress.codec.ZstdCodec;

/**
 * Request times with compression dictionaries (RFC 9842) against a sample app that serves
 * {@code /bench/records/{i}} (a trained dictionary's samples, see {@code RecordsController}),
 * {@code /api/feed} ({@code dcz}) and {@code /api/bulletin} ({@code dcb}), its threshold at 0 so
 * that small bodies are encoded. {@code --phase train} fetches the even-numbered records and has
 * the server train their dictionary; {@code --phase time} fetches the trained dictionary from the
 * {@code Link} the records carry, then times the odd-numbered records as identity, zstd,
 * {@code dcz} and {@code dcb}, and versions of the polled feed as identity, zstd, {@code dcz} and
 * {@code dcb} against the version before. Each request is timed from the first byte sent to the
 * last byte decoded (with restcompress's codecs) and checked against the identity body; the
 * first round is a warm-up. The records are also fetched as a batch: all of them, by
 * {@code --concurrency} connections at once, timed from the first request to the last body
 * decoded (endpoint {@code batch}, one row per round, the bytes of the whole batch), as a
 * service does that needs many small resources at once. Appends CSV rows
 * ({@code link,mode,endpoint,round,ms,received}) to {@code --out} and prints a Markdown table of
 * means.
 * <p>
 * Options: {@code --server URL --phase train|time --link NAME --records N --rounds N --polls N
 * --concurrency N --out FILE}, and {@code --modes} (default {@code identity,zstd,dcz,dcb}), the
 * codings in which the records are timed one at a time.
 */
public final class DictionaryTimingClient {

	private static final Pattern LINK = Pattern.compile("<([^>]+)>\\s*;\\s*rel=\"?compression-dictionary\"?");

	private static final List<String> MODES = List.of("identity", "zstd", "dcz", "dcb");

	private final Map<String, String> options;

	private final HttpConnection connection;

	private final List<String> timedModes;

	private final ZstdCodec zstd = new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW);

	private final BrotliCodec brotli = new BrotliCodec(4, BrotliCodec.DEFAULT_MAX_WINDOW);

	private final Map<String, List<double[]>> results = new TreeMap<>();

	private DictionaryTimingClient(Map<String, String> options) {
		this.options = options;
		this.connection = new HttpConnection(URI.create(options.get("server")));
		this.timedModes = List.of(options.getOrDefault("modes", String.join(",", MODES)).split(","));
	}

	public static void main(String[] args) throws Exception {
		Map<String, String> options = new LinkedHashMap<>();
		for (int i = 0; i + 1 < args.length; i += 2) {
			options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
		}
		DictionaryTimingClient client = new DictionaryTimingClient(options);
		try {
			if ("train".equals(options.get("phase"))) {
				client.train();
			}
			else {
				client.time();
			}
		}
		finally {
			client.connection.close();
			client.zstd.close();
		}
	}

	private boolean timing(String mode) {
		return this.timedModes.contains(mode);
	}

	private int records() {
		return Integer.parseInt(this.options.getOrDefault("records", "250"));
	}

	private void train() throws IOException {
		for (int i = 0; i < records(); i += 2) {
			if (get("/bench/records/" + i, Map.of("Accept-Encoding", "identity")).length == 0) {
				break;
			}
		}
		HttpConnection.Response response = this.connection.send("POST", "/actuator/restcompressdictionaries",
				Map.of("Content-Type", "application/json"),
				"{\"match\":\"/bench/records/*\"}".getBytes(StandardCharsets.UTF_8));
		byte[] body = response.body.readAllBytes();
		response.finish();
		System.err.println("trained: " + response.status + " " + new String(body, StandardCharsets.UTF_8));
		if (response.status != 200) {
			throw new IllegalStateException("Training failed with status " + response.status);
		}
	}

	private void time() throws IOException {
		String link = this.options.getOrDefault("link", "loopback");
		int rounds = Integer.parseInt(this.options.getOrDefault("rounds", "5"));
		int polls = Integer.parseInt(this.options.getOrDefault("polls", "5"));
		byte[] trained = trainedDictionary();
		String trainedHash = availableDictionary(trained);
		DczCodec recordDcz = new DczCodec(this.zstd, trained, DczCodec.sha256(trained));
		DcbCodec recordDcb = new DcbCodec(this.brotli, trained, DczCodec.sha256(trained));
		List<byte[]> identities = new ArrayList<>();
		for (int i = 1; i < records(); i += 2) {
			byte[] identity = get("/bench/records/" + i, Map.of("Accept-Encoding", "identity"));
			if (identity.length == 0) {
				break;
			}
			identities.add(identity);
		}
		try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(this.options.get("out")),
				StandardOpenOption.CREATE, StandardOpenOption.APPEND))) {
			for (int round = -1; round < rounds; round++) {
				for (int k = 0; k < identities.size(); k++) {
					String path = "/bench/records/" + (2 * k + 1);
					byte[] expected = identities.get(k);
					if (timing("identity")) {
						timed(out, link, round, "records", "identity", path, Map.of("Accept-Encoding", "identity"),
								null, expected);
					}
					if (timing("zstd")) {
						timed(out, link, round, "records", "zstd", path, Map.of("Accept-Encoding", "zstd"), this.zstd,
								expected);
					}
					if (timing("dcz")) {
						timed(out, link, round, "records", "dcz", path,
								Map.of("Accept-Encoding", "dcz, zstd", "Available-Dictionary", trainedHash), recordDcz,
								expected);
					}
					if (timing("dcb")) {
						timed(out, link, round, "records", "dcb", path,
								Map.of("Accept-Encoding", "dcb, br", "Available-Dictionary", trainedHash), recordDcb,
								expected);
					}
				}
			}
			for (int round = -1; round < rounds; round++) {
				batch(out, link, round, "identity", Map.of("Accept-Encoding", "identity"), null, identities);
				batch(out, link, round, "zstd", Map.of("Accept-Encoding", "zstd"), this.zstd, identities);
				batch(out, link, round, "dcz", Map.of("Accept-Encoding", "dcz, zstd", "Available-Dictionary", trainedHash),
						recordDcz, identities);
				batch(out, link, round, "dcb", Map.of("Accept-Encoding", "dcb, br", "Available-Dictionary", trainedHash),
						recordDcb, identities);
			}
			Map<String, byte[]> versions = new LinkedHashMap<>();
			for (String resource : List.of("/api/feed", "/api/bulletin")) {
				for (int version = 0; version <= polls; version++) {
					String path = resource + "?version=" + version;
					versions.put(path, get(path, Map.of("Accept-Encoding", "identity")));
				}
			}
			for (int round = -1; round < rounds; round++) {
				for (int version = 1; version <= polls; version++) {
					feed(out, link, round, "/api/feed", version, "dcz", versions);
					feed(out, link, round, "/api/bulletin", version, "dcb", versions);
				}
			}
		}
		print(link);
	}

	/**
	 * Times one version of a polled resource: identity, zstd, and its dictionary coding against
	 * the version before (all versions were fetched once before, untimed, so the server keeps
	 * them).
	 */
	private void feed(PrintWriter out, String link, int round, String resource, int version, String coding,
			Map<String, byte[]> versions) throws IOException {
		byte[] previous = versions.get(resource + "?version=" + (version - 1));
		String path = resource + "?version=" + version;
		byte[] expected = versions.get(path);
		String label = resource.substring(resource.lastIndexOf('/') + 1);
		timed(out, link, round, label, "identity", path, Map.of("Accept-Encoding", "identity"), null, expected);
		timed(out, link, round, label, "zstd", path, Map.of("Accept-Encoding", "zstd"), this.zstd, expected);
		ContentCodec dictionaryCodec = coding.equals("dcz")
				? new DczCodec(this.zstd, previous, DczCodec.sha256(previous))
				: new DcbCodec(this.brotli, previous, DczCodec.sha256(previous));
		timed(out, link, round, label, coding, path,
				Map.of("Accept-Encoding", coding, "Available-Dictionary", availableDictionary(previous)),
				dictionaryCodec, expected);
	}

	/**
	 * Fetches every timed record once, spread over {@code --concurrency} connections opened (and
	 * used once, untimed) beforehand.
	 */
	private void batch(PrintWriter out, String link, int round, String mode, Map<String, String> headers,
			ContentCodec decoder, List<byte[]> expected) throws IOException {
		int concurrency = Integer.parseInt(this.options.getOrDefault("concurrency", "8"));
		URI server = URI.create(this.options.get("server"));
		List<HttpConnection> connections = new ArrayList<>();
		ExecutorService workers = Executors.newFixedThreadPool(concurrency);
		try {
			for (int c = 0; c < concurrency; c++) {
				HttpConnection connection = new HttpConnection(server);
				connections.add(connection);
				fetch(connection, "/bench/records/1", headers, decoder, expected.get(0), mode);
			}
			AtomicInteger next = new AtomicInteger();
			AtomicLong received = new AtomicLong();
			List<Future<?>> running = new ArrayList<>();
			long start = System.nanoTime();
			for (HttpConnection connection : connections) {
				running.add(workers.submit(() -> {
					for (int k = next.getAndIncrement(); k < expected.size(); k = next.getAndIncrement()) {
						received.addAndGet(fetch(connection, "/bench/records/" + (2 * k + 1), headers, decoder,
								expected.get(k), mode));
					}
					return null;
				}));
			}
			for (Future<?> worker : running) {
				worker.get();
			}
			long nanos = System.nanoTime() - start;
			record(out, link, round, "batch", mode, nanos, received.get());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IOException(ex);
		}
		catch (ExecutionException ex) {
			throw new IOException("batch of " + mode + " failed", ex.getCause());
		}
		finally {
			workers.shutdownNow();
			for (HttpConnection connection : connections) {
				connection.close();
			}
		}
	}

	private void timed(PrintWriter out, String link, int round, String endpoint, String mode, String path,
			Map<String, String> headers, ContentCodec decoder, byte[] expected) throws IOException {
		long start = System.nanoTime();
		long received = fetch(this.connection, path, headers, decoder, expected, mode);
		record(out, link, round, endpoint, mode, System.nanoTime() - start, received);
	}

	private synchronized void record(PrintWriter out, String link, int round, String endpoint, String mode, long nanos,
			long received) {
		if (round >= 0) {
			out.printf(Locale.ROOT, "%s,%s,%s,%d,%.3f,%d%n", link, mode, endpoint, round, nanos / 1e6, received);
			this.results.computeIfAbsent(endpoint + "," + mode, (key) -> new ArrayList<>())
				.add(new double[] { nanos / 1e6, received });
		}
	}

	/**
	 * Sends one request and decodes its body, failing unless it is the expected body in the
	 * expected coding; returns the bytes received (header and body).
	 */
	private static long fetch(HttpConnection connection, String path, Map<String, String> headers,
			ContentCodec decoder, byte[] expected, String mode) throws IOException {
		HttpConnection.Response response = connection.send("GET", path, headers, null);
		String coding = response.headers.getOrDefault("content-encoding", "identity");
		byte[] body;
		if (decoder != null && coding.equals(decoder.coding())) {
			try (InputStream decoded = decoder.decoder(response.body)) {
				body = decoded.readAllBytes();
			}
		}
		else {
			body = response.body.readAllBytes();
		}
		long[] bytes = response.finish();
		String expectedCoding = (decoder != null) ? decoder.coding() : "identity";
		if (response.status != 200 || !coding.equals(expectedCoding) || !Arrays.equals(body, expected)) {
			throw new IllegalStateException(mode + " " + path + ": status " + response.status + ", coding " + coding
					+ ", " + body.length + " bytes decoded, expected " + expectedCoding + " and " + expected.length);
		}
		return bytes[1];
	}

	private byte[] trainedDictionary() throws IOException {
		HttpConnection.Response response = this.connection.send("GET", "/bench/records/1",
				Map.of("Accept-Encoding", "identity"), null);
		String linkField = response.headers.getOrDefault("link", "");
		response.finish();
		Matcher matcher = LINK.matcher(linkField);
		if (!matcher.find()) {
			throw new IllegalStateException("No compression-dictionary Link on /bench/records/1: '" + linkField + "'");
		}
		String url = matcher.group(1);
		return get(url.startsWith("http") ? URI.create(url).getRawPath() : url, Map.of("Accept-Encoding", "identity"));
	}

	private byte[] get(String path, Map<String, String> headers) throws IOException {
		HttpConnection.Response response = this.connection.send("GET", path, headers, null);
		byte[] body = response.body.readAllBytes();
		response.finish();
		return (response.status == 200) ? body : new byte[0];
	}

	private static String availableDictionary(byte[] dictionary) {
		return ":" + Base64.getEncoder().encodeToString(DczCodec.sha256(dictionary)) + ":";
	}

	private void print(String link) {
		System.out.printf(Locale.ROOT, "#### %s: mean request time, ms / mean bytes received (headers and body)%n%n", link);
		System.out.println("| endpoint | " + String.join(" | ", MODES) + " |");
		System.out.println("|---|" + "---:|".repeat(MODES.size()));
		for (String endpoint : List.of("records", "batch", "feed", "bulletin")) {
			StringBuilder row = new StringBuilder("| ").append(endpoint).append(" |");
			for (String mode : MODES) {
				List<double[]> measured = this.results.get(endpoint + "," + mode);
				if (measured == null) {
					row.append(" – |");
					continue;
				}
				double ms = measured.stream().mapToDouble((m) -> m[0]).average().orElse(0);
				double received = measured.stream().mapToDouble((m) -> m[1]).average().orElse(0);
				row.append(String.format(Locale.ROOT, " %.3f / %,.0f |", ms, received));
			}
			System.out.println(row);
		}
		System.out.println();
	}

}
