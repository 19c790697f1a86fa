package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Ratio and single-thread speed of each coding and level on a directory of bodies: the
 * first table of docs/codings.md. Not a test and not run in CI; see docs/codings.md for the
 * command. Speeds are the harmonic mean of per-file MB/s (1 MB = 10^6 bytes) of one thread's
 * CPU time, ratio is total encoded over total identity bytes; the aggregate speeds are total
 * bytes over total time, which large bodies dominate.
 * <p>
 * Arguments: a corpus directory, or {@code generated} for sample-app-like JSON documents of
 * 5 KB to 1.1 MB; optionally the minimum CPU time per measurement in milliseconds (default 300), and a
 * comma-separated list of the codings to measure, such as {@code "zstd 1,lz4 1"}.
 */
public final class CodingBenchmark {

	private CodingBenchmark() {
	}

	public static void main(String[] args) throws IOException {
		Map<String, byte[]> files = args[0].equals("generated") ? generated() : corpus(Path.of(args[0]));
		long minNanos = ((args.length > 1) ? Long.parseLong(args[1]) : 300) * 1_000_000L;
		System.out.printf("%d files, %d bytes%n", files.size(), files.values().stream().mapToLong((b) -> b.length).sum());
		System.out.println("| coding | level | size | compress MB/s | decompress MB/s | round trip MB/s "
				+ "| aggregate compress MB/s | aggregate decompress MB/s |");
		System.out.println("|---|---|---|---|---|---|---|---|");
		List<String> only = (args.length > 2) ? List.of(args[2].split(",")) : List.of();
		for (Map.Entry<String, ContentCodec> entry : codecs().entrySet()) {
			if (only.isEmpty() || only.contains(entry.getKey())) {
				measure(entry.getKey(), entry.getValue(), files, minNanos);
			}
		}
	}

	static Map<String, ContentCodec> codecs() {
		Map<String, ContentCodec> codecs = new LinkedHashMap<>();
		codecs.put("lzf -", new LzfCodec());
		codecs.put("lz4 1", new Lz4Codec(1));
		codecs.put("lz4 9", new Lz4Codec(9));
		codecs.put("zstd -1", new ZstdCodec(-1, ZstdCodec.DEFAULT_MAX_WINDOW));
		codecs.put("zstd 1", new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW));
		codecs.put("zstd 3", new ZstdCodec(3, ZstdCodec.DEFAULT_MAX_WINDOW));
		codecs.put("zstd 6", new ZstdCodec(6, ZstdCodec.DEFAULT_MAX_WINDOW));
		codecs.put("gzip 1", new GzipCodec(1));
		codecs.put("gzip 6", new GzipCodec(6));
		codecs.put("br 1", new BrotliCodec(1, BrotliCodec.DEFAULT_MAX_WINDOW));
		codecs.put("br 4", new BrotliCodec(4, BrotliCodec.DEFAULT_MAX_WINDOW));
		codecs.put("br 5", new BrotliCodec(5, BrotliCodec.DEFAULT_MAX_WINDOW));
		codecs.put("br 6", new BrotliCodec(6, BrotliCodec.DEFAULT_MAX_WINDOW));
		return codecs;
	}

	private static void measure(String name, ContentCodec codec, Map<String, byte[]> files, long minNanos)
			throws IOException {
		long identity = 0;
		long encodedTotal = 0;
		double compressInverse = 0;
		double decompressInverse = 0;
		double roundTripInverse = 0;
		double compressTotal = 0;
		double decompressTotal = 0;
		for (byte[] body : files.values()) {
			byte[] encoded = encode(codec, body);
			if (!java.util.Arrays.equals(decode(codec, encoded, body.length), body)) {
				throw new IllegalStateException(name + " does not round-trip");
			}
			double compressSeconds = secondsPerOp(() -> encode(codec, body), minNanos);
			double decompressSeconds = secondsPerOp(() -> decode(codec, encoded, body.length), minNanos);
			double megabytes = body.length / 1e6;
			compressInverse += compressSeconds / megabytes;
			decompressInverse += decompressSeconds / megabytes;
			roundTripInverse += (compressSeconds + decompressSeconds) / megabytes;
			compressTotal += compressSeconds;
			decompressTotal += decompressSeconds;
			identity += body.length;
			encodedTotal += encoded.length;
		}
		int n = files.size();
		String[] parts = name.split(" ");
		System.out.printf("| %s | %s | %.1f%% | %.0f | %.0f | %.0f | %.0f | %.0f |%n", parts[0], parts[1],
				100.0 * encodedTotal / identity, n / compressInverse, n / decompressInverse, n / roundTripInverse,
				identity / 1e6 / compressTotal, identity / 1e6 / decompressTotal);
	}

	/**
	 * CPU time of this thread per operation: on a shared machine wall time measures the
	 * neighbours as much as the codec.
	 */
	private static double secondsPerOp(Op op, long minNanos) throws IOException {
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		for (long end = threads.getCurrentThreadCpuTime() + minNanos / 3; threads.getCurrentThreadCpuTime() < end;) {
			op.run();
		}
		int ops = 0;
		long start = threads.getCurrentThreadCpuTime();
		long elapsed;
		do {
			op.run();
			ops++;
			elapsed = threads.getCurrentThreadCpuTime() - start;
		}
		while (elapsed < minNanos);
		return elapsed / 1e9 / ops;
	}

	static byte[] encode(ContentCodec codec, byte[] body) throws IOException {
		ByteArrayOutputStream target = new ByteArrayOutputStream(body.length / 2 + 64);
		try (OutputStream encoder = codec.encoder(target)) {
			encoder.write(body);
		}
		return target.toByteArray();
	}

	static byte[] decode(ContentCodec codec, byte[] encoded, int size) throws IOException {
		byte[] decoded = new byte[size];
		try (InputStream decoder = codec.decoder(new ByteArrayInputStream(encoded))) {
			int n = decoder.readNBytes(decoded, 0, size);
			if (n != size || decoder.read() != -1) {
				throw new IllegalStateException(codec.coding() + " decoded a different length");
			}
		}
		return decoded;
	}

	static Map<String, byte[]> corpus(Path directory) throws IOException {
		Map<String, byte[]> files = new LinkedHashMap<>();
		try (Stream<Path> paths = Files.list(directory)) {
			for (Path path : paths.filter(Files::isRegularFile).sorted().toList()) {
				files.put(path.getFileName().toString(), Files.readAllBytes(path));
			}
		}
		return files;
	}

	/**
	 * Documents shaped like the sample app's {@code /api/complex/{n}}: entries of id, date,
	 * login, boolean and someId from a fixed seed.
	 */
	static Map<String, byte[]> generated() {
		Map<String, byte[]> files = new LinkedHashMap<>();
		for (int entries : new int[] { 50, 500, 5_000, 10_000 }) {
			files.put(entries + " entries", entries(entries));
		}
		return files;
	}

	static byte[] entries(int count) {
		Random random = new Random(42);
		List<String> entries = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			entries.add(String.format("{\"id\":%d,\"date\":\"2014-%02d-%02dT%02d:%02d:%02dZ\",\"login\":\"user%06d\","
					+ "\"boolean\":%b,\"someId\":%d}", i, 1 + random.nextInt(12), 1 + random.nextInt(28),
					random.nextInt(24), random.nextInt(60), random.nextInt(60), random.nextInt(1_000_000),
					random.nextBoolean(), random.nextLong() & Long.MAX_VALUE));
		}
		return ("[" + String.join(",", entries) + "]").getBytes(StandardCharsets.UTF_8);
	}

	@FunctionalInterface
	interface Op {

		Object run() throws IOException;

	}

}
