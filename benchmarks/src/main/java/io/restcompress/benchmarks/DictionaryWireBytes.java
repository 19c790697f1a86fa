package io.restcompress.benchmarks;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import com.github.luben.zstd.ZstdDictTrainer;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.DczCodec;
import io.restcompress.codec.ZstdCodec;
import io.restcompress.sample.EntryGenerator;
import io.restcompress.sample.FeedVersions;
import tools.jackson.databind.json.JsonMapper;

/**
 * Bytes on the wire (response bodies, headers not counted) with compression dictionaries
 * (RFC 9842), through the codecs restcompress uses, at the zstd level of its default
 * configuration unless {@code --level} says otherwise. Prints Markdown.
 * <ol>
 * <li>Small bodies of one shape: 1,000 JSON bodies of 0.5 to 4 KB (3 to 23 sample entries),
 * sent as identity, zstd, and {@code dcz} against a dictionary trained with zstd-jni's
 * {@code ZstdDictTrainer} on 1,000 other bodies of the same shape (different seed). The trained
 * dictionary is served as raw content (its 8-byte zstd header dropped), as a browser would use
 * it.</li>
 * <li>The polled feed: versions 1 to {@code --polls} of {@code /api/feed} (1.8 MB, ten more
 * entries changed per version), each sent as zstd, and as {@code dcz} against the version
 * before.</li>
 * </ol>
 * Arguments: {@code [--level 1] [--bodies 1000] [--dictionary-size 32768] [--polls 20]}.
 */
public final class DictionaryWireBytes {

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private DictionaryWireBytes() {
	}

	public static void main(String[] args) throws IOException {
		int level = 1;
		int bodies = 1000;
		int dictionarySize = 32 * 1024;
		int polls = 20;
		for (int i = 0; i < args.length; i++) {
			switch (args[i]) {
				case "--level" -> level = Integer.parseInt(args[++i]);
				case "--bodies" -> bodies = Integer.parseInt(args[++i]);
				case "--dictionary-size" -> dictionarySize = Integer.parseInt(args[++i]);
				case "--polls" -> polls = Integer.parseInt(args[++i]);
				default -> throw new IllegalArgumentException("Unknown argument " + args[i]);
			}
		}
		try (ZstdCodec zstd = new ZstdCodec(level, ZstdCodec.DEFAULT_MAX_WINDOW)) {
			smallBodies(zstd, bodies, dictionarySize);
			polledFeed(zstd, polls);
		}
	}

	private static void smallBodies(ZstdCodec zstd, int count, int dictionarySize) throws IOException {
		List<byte[]> training = smallBodies(count, 1);
		List<byte[]> sent = smallBodies(count, 2);
		ZstdDictTrainer trainer = new ZstdDictTrainer(training.stream().mapToInt((body) -> body.length).sum(),
				dictionarySize);
		training.forEach(trainer::addSample);
		byte[] trained = trainer.trainSamples();
		byte[] raw = Arrays.copyOfRange(trained, 8, trained.length);
		DczCodec dcz = new DczCodec(zstd, raw, DczCodec.sha256(raw));
		long identity = 0;
		long zstdBytes = 0;
		long dczBytes = 0;
		int smallest = Integer.MAX_VALUE;
		int largest = 0;
		for (byte[] body : sent) {
			identity += body.length;
			smallest = Math.min(smallest, body.length);
			largest = Math.max(largest, body.length);
			zstdBytes += encode(zstd, body).length;
			dczBytes += encode(dcz, body).length;
		}
		System.out.printf(Locale.ROOT, "### Small bodies: %,d JSON bodies of %,d to %,d bytes, zstd level %d%n%n",
				count, smallest, largest, zstd.level());
		System.out.printf(Locale.ROOT, "Trained dictionary: %,d bytes from %,d other bodies (%,d bytes sent once)%n%n",
				raw.length, training.size(), raw.length);
		table("body", count, identity, zstdBytes, "dcz, trained dictionary", dczBytes);
	}

	private static void polledFeed(ZstdCodec zstd, int polls) throws IOException {
		byte[] previous = MAPPER.writeValueAsBytes(FeedVersions.entries(0));
		long identity = 0;
		long zstdBytes = 0;
		long dczBytes = 0;
		for (int version = 1; version <= polls; version++) {
			byte[] current = MAPPER.writeValueAsBytes(FeedVersions.entries(version));
			identity += current.length;
			zstdBytes += encode(zstd, current).length;
			dczBytes += encode(new DczCodec(zstd, previous, DczCodec.sha256(previous)), current).length;
			previous = current;
		}
		System.out.printf(Locale.ROOT, "### Polled feed: versions 1 to %d of /api/feed (%,d bytes each), zstd level %d%n%n",
				polls, identity / polls, zstd.level());
		table("version", polls, identity, zstdBytes, "dcz, previous version", dczBytes);
	}

	private static void table(String unit, int count, long identity, long zstd, String dczName, long dcz) {
		System.out.println("| coding | bytes | per " + unit + " | vs identity | vs zstd |");
		System.out.println("|---|---:|---:|---:|---:|");
		row("identity", identity, count, identity, zstd);
		row("zstd", zstd, count, identity, zstd);
		row(dczName, dcz, count, identity, zstd);
		System.out.println();
	}

	private static void row(String name, long bytes, int count, long identity, long zstd) {
		System.out.printf(Locale.ROOT, "| %s | %,d | %,.0f | %.1fx fewer | %.1fx fewer |%n", name, bytes,
				(double) bytes / count, (double) identity / bytes, (double) zstd / bytes);
	}

	/**
	 * Bodies of one shape, 3 to 23 entries each (about 0.5 to 4 KB), the same for a seed.
	 */
	private static List<byte[]> smallBodies(int count, long seed) {
		SplittableRandom random = new SplittableRandom(seed);
		List<byte[]> bodies = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			bodies.add(MAPPER.writeValueAsBytes(EntryGenerator.generate(random.nextInt(3, 24), random.nextLong())));
		}
		return bodies;
	}

	private static byte[] encode(ContentCodec codec, byte[] body) throws IOException {
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		try (OutputStream encoder = codec.encoder(encoded)) {
			encoder.write(body);
		}
		return encoded.toByteArray();
	}

}
