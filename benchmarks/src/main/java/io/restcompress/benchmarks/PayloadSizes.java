package io.restcompress.benchmarks;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.restcompress.codec.ContentCodec;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;

/**
 * The size table of a flight-search-like request: each body given (the sample app's
 * {@code /api/flights/1000} as JSON and as protobuf) encoded with each coding, single-threaded,
 * with its encoded size and its encode time against a time budget. xz (LZMA2) is a reference
 * column only: it is not a content coding restcompress offers. Prints Markdown.
 * <p>
 * Arguments: {@code [--budget-ms 20] [--seconds 1] [--codings gzip-6,zstd-3,...] NAME=FILE...}.
 */
public final class PayloadSizes {

	private static final List<String> DEFAULT_CODINGS = List.of("gzip-1", "gzip-6", "zstd-3", "zstd-19", "br-4",
			"br-11", "xz-6");

	private PayloadSizes() {
	}

	public static void main(String[] args) throws IOException {
		double budgetMillis = 20;
		double seconds = 1;
		List<String> codings = DEFAULT_CODINGS;
		List<String> names = new ArrayList<>();
		List<byte[]> bodies = new ArrayList<>();
		for (int i = 0; i < args.length; i++) {
			switch (args[i]) {
				case "--budget-ms" -> budgetMillis = Double.parseDouble(args[++i]);
				case "--seconds" -> seconds = Double.parseDouble(args[++i]);
				case "--codings" -> codings = List.of(args[++i].split(","));
				default -> {
					String[] pair = args[i].split("=", 2);
					names.add(pair[0]);
					bodies.add(Files.readAllBytes(Path.of(pair[1])));
				}
			}
		}
		StringBuilder header = new StringBuilder("| coding |");
		StringBuilder rule = new StringBuilder("|---|");
		for (int b = 0; b < names.size(); b++) {
			header.append(' ').append(names.get(b)).append(" size | encode ms, median / max |");
			rule.append("---:|---:|");
		}
		System.out.println(header);
		System.out.println(rule);
		StringBuilder identity = new StringBuilder("| identity |");
		for (byte[] body : bodies) {
			identity.append(' ').append(kilobytes(body.length)).append(" | – |");
		}
		System.out.println(identity);
		for (String coding : codings) {
			Optional<Encoder> encoder = encoder(coding);
			if (encoder.isEmpty()) {
				System.err.println("Skipping " + coding + ": not available");
				continue;
			}
			StringBuilder row = new StringBuilder("| ").append(coding).append(" |");
			for (byte[] body : bodies) {
				Measured measured = measure(encoder.get(), body, seconds);
				String over = (measured.medianMillis > budgetMillis) ? " **over**" : "";
				row.append(String.format(Locale.ROOT, " %s (%.1f%%) | %.2f / %.2f%s |", kilobytes(measured.size),
						100.0 * measured.size / body.length, measured.medianMillis, measured.maxMillis, over));
			}
			System.out.println(row);
			encoder.get().close();
		}
		System.out.printf(Locale.ROOT, "%nEncode times are single-threaded, after warm-up; **over**: the median exceeds "
				+ "the %.0f ms budget.%n", budgetMillis);
	}

	private static String kilobytes(long bytes) {
		return String.format(Locale.ROOT, "%.1f KB", bytes / 1000.0);
	}

	private static Measured measure(Encoder encoder, byte[] body, double seconds) throws IOException {
		Sinks.Buffer target = new Sinks.Buffer(body.length + 1024);
		long warmUp = System.nanoTime() + (long) (seconds * 1e9);
		while (System.nanoTime() < warmUp) {
			encoder.encode(body, target);
		}
		List<Long> times = new ArrayList<>();
		long end = System.nanoTime() + (long) (seconds * 1e9);
		while (times.size() < 10 || System.nanoTime() < end) {
			long start = System.nanoTime();
			encoder.encode(body, target);
			times.add(System.nanoTime() - start);
		}
		long[] sorted = times.stream().mapToLong(Long::longValue).sorted().toArray();
		return new Measured(target.size(), sorted[sorted.length / 2] / 1e6, sorted[sorted.length - 1] / 1e6);
	}

	private static Optional<Encoder> encoder(String name) {
		if (Codings.token(name).equals("xz")) {
			int preset = Integer.parseInt(name.substring(name.indexOf('-') + 1));
			return Optional.of(new Encoder(null, preset));
		}
		return Codings.create(name).map((codec) -> new Encoder(codec, 0));
	}

	private record Measured(long size, double medianMillis, double maxMillis) {
	}

	/**
	 * A content codec, or xz at a preset ({@code codec} {@code null}).
	 */
	private record Encoder(ContentCodec codec, int preset) {

		void encode(byte[] body, Sinks.Buffer target) throws IOException {
			target.reset();
			try (OutputStream encoder = (this.codec != null) ? this.codec.encoder(target)
					: new XZOutputStream(target, new LZMA2Options(this.preset))) {
				encoder.write(body);
			}
		}

		void close() {
			if (this.codec != null) {
				Codings.close(this.codec);
			}
		}

	}

}
