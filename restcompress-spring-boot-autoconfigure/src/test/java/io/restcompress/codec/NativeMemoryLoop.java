package io.restcompress.codec;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import javax.management.ObjectName;

/**
 * Runs 10,000 encode + decode cycles per coding over the bodies of a corpus directory and
 * prints the process RSS and the JVM's native memory tracking (NMT) total every 1,000
 * cycles, to show that native memory stays flat. Not a test and not run in CI; see
 * docs/codings.md for the command (it needs {@code -XX:NativeMemoryTracking=summary}).
 * NMT does not see what zstd and brotli allocate with malloc, RSS does.
 * <p>
 * Arguments: the corpus directory (or {@code generated}), optionally the cycles per coding.
 */
public final class NativeMemoryLoop {

	private NativeMemoryLoop() {
	}

	public static void main(String[] args) throws Exception {
		Map<String, byte[]> files = args[0].equals("generated") ? CodingBenchmark.generated()
				: CodingBenchmark.corpus(Path.of(args[0]));
		int cycles = (args.length > 1) ? Integer.parseInt(args[1]) : 10_000;
		List<byte[]> bodies = List.copyOf(files.values());
		List<ContentCodec> codecs = List.of(new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW),
				new BrotliCodec(4, BrotliCodec.DEFAULT_MAX_WINDOW), new Lz4Codec(1));
		System.out.printf("start: rss %d KB, nmt committed %d KB%n", rssKb(), nmtCommittedKb());
		for (ContentCodec codec : codecs) {
			for (int cycle = 1; cycle <= cycles; cycle++) {
				byte[] body = bodies.get(cycle % bodies.size());
				CodingBenchmark.decode(codec, CodingBenchmark.encode(codec, body), body.length);
				if (cycle % 1000 == 0) {
					System.out.printf("%s %5d cycles: rss %d KB, nmt committed %d KB%n", codec.coding(), cycle, rssKb(),
							nmtCommittedKb());
				}
			}
		}
		System.gc();
		Thread.sleep(500);
		System.out.printf("end, after a GC: rss %d KB, nmt committed %d KB%n", rssKb(), nmtCommittedKb());
		System.out.println(nmtSummary());
	}

	private static long rssKb() throws IOException {
		for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
			if (line.startsWith("VmRSS:")) {
				return Long.parseLong(line.replaceAll("\\D", ""));
			}
		}
		return -1;
	}

	private static long nmtCommittedKb() throws Exception {
		for (String line : nmtSummary().split("\n")) {
			if (line.startsWith("Total:")) {
				return Long.parseLong(line.replaceAll(".*committed=(\\d+)KB.*", "$1"));
			}
		}
		return -1;
	}

	private static String nmtSummary() throws Exception {
		return (String) ManagementFactory.getPlatformMBeanServer()
			.invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmNativeMemory",
					new Object[] { new String[] { "summary" } }, new String[] { String[].class.getName() });
	}

}
