package io.restcompress.benchmarks;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

import io.restcompress.codec.BrotliCodec;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.DcbCodec;
import io.restcompress.codec.DczCodec;
import io.restcompress.codec.ZstdCodec;
import io.restcompress.dictionary.DictionaryTrainer;
import io.restcompress.dictionary.MatchPattern;
import io.restcompress.sample.FeedVersions;
import io.restcompress.sample.bench.RecordSource;
import tools.jackson.databind.json.JsonMapper;

/**
 * Bytes on the wire (response bodies, headers not counted) with compression dictionaries
 * (RFC 9842), through the codecs restcompress uses, at the zstd level of its default
 * configuration unless {@code --level} says otherwise. Prints Markdown.
 * <ol>
 * <li>Small bodies of one shape: 1,000 JSON bodies of 0.5 to 4 KB (3 to 23 sample entries),
 * sent as identity, zstd, br, and {@code dcz} and {@code dcb} against a dictionary built by the
 * server's {@link DictionaryTrainer} (zstd's trainer or the latest samples, whichever
 * compresses held-out samples smaller) from 1,000 other bodies of the same shape (different
 * seed), as raw content, as a browser would use it.</li>
 * <li>With {@code --corpus DIR}, small bodies from real REST responses: every record of 0.5 to
 * 4 KB in the JSON files' first array of more than five elements (compact JSON, duplicates
 * dropped), one dictionary trained per file (an API's resource type) on the even-numbered
 * records, the odd-numbered ones sent; files with fewer than 20 such records are left out.</li>
 * <li>The polled feed: versions 1 to {@code --polls} of {@code /api/feed} (1.8 MB, ten more
 * entries changed per version), each sent as zstd and br, and as {@code dcz} and {@code dcb}
 * against the version before.</li>
 * </ol>
 * br and {@code dcb} use restcompress's default brotli quality 4 ({@code dcb} at least
 * {@value DcbCodec#MIN_QUALITY}, where brotli starts to use a dictionary). The small bodies are
 * also sent as {@code dcz} at each of the stronger zstd levels {@code --dcz-levels} names, to show
 * how many bytes a level buys against the trained dictionary. Arguments:
 * {@code [--level 1] [--bodies 1000] [--dictionary-size 262144] [--polls 20] [--corpus DIR]
 * [--dcz-levels 6,9,12,19]}.
 */
public final class DictionaryWireBytes {

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private DictionaryWireBytes() {
	}

	public static void main(String[] args) throws IOException {
		int level = 1;
		int bodies = 1000;
		int dictionarySize = 256 * 1024;
		int polls = 20;
		Path corpus = null;
		List<Integer> dczLevels = List.of(6, 9, 12, 19);
		for (int i = 0; i < args.length; i++) {
			switch (args[i]) {
				case "--level" -> level = Integer.parseInt(args[++i]);
				case "--bodies" -> bodies = Integer.parseInt(args[++i]);
				case "--dictionary-size" -> dictionarySize = Integer.parseInt(args[++i]);
				case "--polls" -> polls = Integer.parseInt(args[++i]);
				case "--corpus" -> corpus = Path.of(args[++i]);
				case "--dcz-levels" -> dczLevels = Stream.of(args[++i].split(",")).map(Integer::valueOf).toList();
				default -> throw new IllegalArgumentException("Unknown argument " + args[i]);
			}
		}
		List<ZstdCodec> stronger = new ArrayList<>();
		try (ZstdCodec zstd = new ZstdCodec(level, ZstdCodec.DEFAULT_MAX_WINDOW)) {
			for (int dczLevel : dczLevels) {
				stronger.add(new ZstdCodec(dczLevel, ZstdCodec.DEFAULT_MAX_WINDOW));
			}
			BrotliCodec brotli = new BrotliCodec(4, BrotliCodec.DEFAULT_MAX_WINDOW);
			Tally generated = new Tally(stronger);
			generated.add(zstd, brotli, RecordSource.generated(bodies, 1), RecordSource.generated(bodies, 2), dictionarySize);
			generated.print("Small bodies: generated JSON", zstd);
			if (corpus != null) {
				corpusRecords(zstd, brotli, stronger, corpus, dictionarySize);
			}
			polledFeed(zstd, brotli, polls);
		}
		finally {
			stronger.forEach(ZstdCodec::close);
		}
	}

	private static void corpusRecords(ZstdCodec zstd, BrotliCodec brotli, List<ZstdCodec> stronger, Path corpus,
			int dictionarySize) throws IOException {
		Tally tally = new Tally(stronger);
		Set<String> seen = new HashSet<>();
		List<Path> files;
		try (Stream<Path> listed = Files.list(corpus)) {
			files = listed.filter((file) -> file.toString().endsWith(".json")).sorted().toList();
		}
		for (Path file : files) {
			List<byte[]> records = RecordSource.records(file, seen);
			if (records.size() < 20) {
				continue;
			}
			List<byte[]> training = new ArrayList<>();
			List<byte[]> sent = new ArrayList<>();
			for (int i = 0; i < records.size(); i++) {
				((i % 2 == 0) ? training : sent).add(records.get(i));
			}
			tally.add(zstd, brotli, training, sent, dictionarySize);
			System.out.printf(Locale.ROOT, "- %s: %d records, %d for training%n", file.getFileName(), records.size(),
					training.size());
		}
		System.out.println();
		tally.print("Small bodies: records of the REST corpus", zstd);
	}

	/**
	 * Bytes of small bodies sent in each coding, against dictionaries trained per group.
	 */
	private static final class Tally {

		long identity;

		long zstd;

		long br;

		long dcz;

		long dcb;

		long dictionaries;

		int count;

		int trainedOn;

		final List<String> builtFrom = new ArrayList<>();

		final List<ZstdCodec> stronger;

		final long[] dczStronger;

		int smallest = Integer.MAX_VALUE;

		int largest;

		Tally(List<ZstdCodec> stronger) {
			this.stronger = stronger;
			this.dczStronger = new long[stronger.size()];
		}

		void add(ZstdCodec zstdCodec, BrotliCodec brotli, List<byte[]> training, List<byte[]> sent,
				int dictionarySize) throws IOException {
			MatchPattern match = MatchPattern.of("/records/*");
			DictionaryTrainer trainer = new DictionaryTrainer(Long.MAX_VALUE, dictionarySize, "/dictionaries");
			training.forEach((body) -> trainer.sample(match, body));
			byte[] raw = trainer.train(match).content();
			this.builtFrom.add(String.valueOf(trainer.report().get(match.pattern()).get("builtFrom")));
			DczCodec dczCodec = new DczCodec(zstdCodec, raw, DczCodec.sha256(raw));
			DcbCodec dcbCodec = new DcbCodec(brotli, raw, DczCodec.sha256(raw));
			List<DczCodec> dczStrongerCodecs = this.stronger.stream()
				.map((codec) -> new DczCodec(codec, raw, DczCodec.sha256(raw)))
				.toList();
			this.dictionaries += raw.length;
			this.trainedOn += training.size();
			for (byte[] body : sent) {
				this.count++;
				this.identity += body.length;
				this.smallest = Math.min(this.smallest, body.length);
				this.largest = Math.max(this.largest, body.length);
				this.zstd += encode(zstdCodec, body).length;
				this.br += encode(brotli, body).length;
				this.dcz += encode(dczCodec, body).length;
				this.dcb += encode(dcbCodec, body).length;
				for (int i = 0; i < dczStrongerCodecs.size(); i++) {
					this.dczStronger[i] += encode(dczStrongerCodecs.get(i), body).length;
				}
			}
		}

		void print(String title, ZstdCodec zstdCodec) {
			System.out.printf(Locale.ROOT, "### %s: %,d bodies of %,d to %,d bytes, zstd level %d%n%n", title,
					this.count, this.smallest, this.largest, zstdCodec.level());
			System.out.printf(Locale.ROOT,
					"Trained dictionaries: %,d bytes in all, from %,d other bodies (sent once, not counted below), built from: %s%n%n",
					this.dictionaries, this.trainedOn, String.join(", ", this.builtFrom));
			List<Row> rows = new ArrayList<>(List.of(new Row("br", this.br),
					new Row("dcz, trained dictionary, zstd level " + Math.max(DczCodec.MIN_LEVEL, zstdCodec.level()),
							this.dcz),
					new Row("dcb, trained dictionary", this.dcb)));
			for (int i = 0; i < this.stronger.size(); i++) {
				rows.add(new Row("dcz, trained dictionary, zstd level " + this.stronger.get(i).level(),
						this.dczStronger[i]));
			}
			table("body", this.count, this.identity, this.zstd, rows);
		}

	}

	private static void polledFeed(ZstdCodec zstd, BrotliCodec brotli, int polls) throws IOException {
		byte[] previous = MAPPER.writeValueAsBytes(FeedVersions.entries(0));
		long identity = 0;
		long zstdBytes = 0;
		long brBytes = 0;
		long dczBytes = 0;
		long dcbBytes = 0;
		for (int version = 1; version <= polls; version++) {
			byte[] current = MAPPER.writeValueAsBytes(FeedVersions.entries(version));
			byte[] hash = DczCodec.sha256(previous);
			identity += current.length;
			zstdBytes += encode(zstd, current).length;
			brBytes += encode(brotli, current).length;
			dczBytes += encode(new DczCodec(zstd, previous, hash), current).length;
			dcbBytes += encode(new DcbCodec(brotli, previous, hash), current).length;
			previous = current;
		}
		System.out.printf(Locale.ROOT, "### Polled feed: versions 1 to %d of /api/feed (%,d bytes each), zstd level %d%n%n",
				polls, identity / polls, zstd.level());
		table("version", polls, identity, zstdBytes, List.of(new Row("br", brBytes),
				new Row("dcz, previous version", dczBytes), new Row("dcb, previous version", dcbBytes)));
	}

	private record Row(String name, long bytes) {

	}

	private static void table(String unit, int count, long identity, long zstd, List<Row> rows) {
		System.out.println("| coding | bytes | per " + unit + " | vs identity | vs zstd |");
		System.out.println("|---|---:|---:|---:|---:|");
		row("identity", identity, count, identity, zstd);
		row("zstd", zstd, count, identity, zstd);
		for (Row extra : rows) {
			row(extra.name(), extra.bytes(), count, identity, zstd);
		}
		System.out.println();
	}

	private static void row(String name, long bytes, int count, long identity, long zstd) {
		System.out.printf(Locale.ROOT, "| %s | %,d | %,.0f | %.1fx fewer | %.1fx fewer |%n", name, bytes,
				(double) bytes / count, (double) identity / bytes, (double) zstd / bytes);
	}

	private static byte[] encode(ContentCodec codec, byte[] body) throws IOException {
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		try (OutputStream encoder = codec.encoder(encoded)) {
			encoder.write(body);
		}
		return encoded.toByteArray();
	}

}
