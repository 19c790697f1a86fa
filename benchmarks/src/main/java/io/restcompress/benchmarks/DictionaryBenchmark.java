package io.restcompress.benchmarks;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import com.github.luben.zstd.EndDirective;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import io.restcompress.codec.BrotliCodec;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.DcbCodec;
import io.restcompress.codec.DczCodec;
import io.restcompress.codec.ZstdCodec;
import io.restcompress.dictionary.DictionaryTrainer;
import io.restcompress.dictionary.MatchPattern;
import io.restcompress.sample.bench.RecordSource;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Encodes and decodes small records of one shape one at a time, each call the next record in a
 * shuffled order, against a dictionary trained from other records of the same shape, as a
 * server's {@code @DictionaryCompressed(trained = true)} handler does. The variants: a copy of
 * the record ({@code identity}), plain zstd and brotli at restcompress's default level and
 * quality (1 and 4), restcompress's {@code dcz} and {@code dcb}, and two references straight
 * through zstd-jni that no server setting gives: {@code prepared-N}, the dictionary prepared once
 * at level N (restcompress prepares it at level 4 or above), and {@code loaded-N}, the dictionary
 * loaded again for every record at level N. The mean encoded size is printed at setup. With
 * {@code evictedBytes}, each call first writes that much other memory, so that the coder finds
 * its tables as far out of the caches as a server's other work between two responses leaves
 * them.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class DictionaryBenchmark {

	/**
	 * The records: {@code generated} (1,000 trained on, 1,000 others sent), or a JSON file whose
	 * records of 0.5 to 4 KB are split into even (trained on) and odd (sent).
	 */
	@Param({ "generated" })
	public String records;

	/**
	 * {@code identity}, {@code zstd}, {@code dcz}, {@code br}, {@code dcb}, {@code prepared-N} or
	 * {@code loaded-N}.
	 */
	@Param({ "zstd", "dcz", "prepared-3" })
	public String variant;

	/** The largest size of the trained dictionary, in bytes (the server's default: 256 KB). */
	@Param({ "262144" })
	public int dictionarySize;

	/**
	 * Bytes of other memory written before each call, one per cache line, as a server's other
	 * work between two responses does; the time includes that writing, which variant
	 * {@code identity} measures alone.
	 */
	@Param({ "0" })
	public int evictedBytes;

	private byte[] evicted;

	private static final int SERVER_SAMPLE_BYTES = 2 * 1024 * 1024;

	private List<byte[]> sent;

	private List<byte[]> encoded;

	private Variant coder;

	private int next;

	private long encodedBytesPerRecord;

	@Setup(Level.Trial)
	public void setUp() throws IOException {
		List<byte[]> training;
		if ("generated".equals(this.records)) {
			training = RecordSource.generated(1000, 1);
			this.sent = new ArrayList<>(RecordSource.generated(1000, 2));
		}
		else {
			List<byte[]> all = RecordSource.records(Path.of(this.records), new HashSet<>());
			training = new ArrayList<>();
			this.sent = new ArrayList<>();
			for (int i = 0; i < all.size(); i++) {
				((i % 2 == 0) ? training : this.sent).add(all.get(i));
			}
		}
		Collections.shuffle(this.sent, new Random(42));
		this.evicted = new byte[this.evictedBytes];
		byte[] dictionary = train(training, this.dictionarySize);
		this.coder = Variant.of(this.variant, dictionary);
		this.encoded = new ArrayList<>();
		long identityBytes = 0;
		long encodedBytes = 0;
		for (byte[] record : this.sent) {
			byte[] encodedRecord = this.coder.encode(record);
			if (!Arrays.equals(this.coder.decode(encodedRecord, record.length), record)) {
				throw new IllegalStateException(this.variant + " does not round-trip a record");
			}
			this.encoded.add(encodedRecord);
			identityBytes += record.length;
			encodedBytes += encodedRecord.length;
		}
		this.encodedBytesPerRecord = encodedBytes / this.sent.size();
		System.out.printf(Locale.ROOT, "%n%s, %s: %d records of %d bytes on average, a %d-byte dictionary, "
				+ "%d bytes per record encoded%n", this.records, this.variant, this.sent.size(),
				identityBytes / this.sent.size(), dictionary.length, this.encodedBytesPerRecord);
	}

	long encodedBytesPerRecord() {
		return this.encodedBytesPerRecord;
	}

	byte[] evicted() {
		return this.evicted;
	}

	@TearDown(Level.Trial)
	public void tearDown() {
		this.coder.close();
	}

	@Benchmark
	public int encode() throws IOException {
		evict();
		return this.coder.encode(this.sent.get(advance())).length;
	}

	@Benchmark
	public int decode() throws IOException {
		evict();
		int record = advance();
		return this.coder.decode(this.encoded.get(record), this.sent.get(record).length).length;
	}

	private void evict() {
		for (int i = 0; i < this.evicted.length; i += 64) {
			this.evicted[i]++;
		}
	}

	private int advance() {
		int record = this.next;
		this.next = (record + 1 == this.sent.size()) ? 0 : record + 1;
		return record;
	}

	private static byte[] train(List<byte[]> training, int dictionarySize) {
		MatchPattern match = MatchPattern.of("/records/*");
		DictionaryTrainer trainer = new DictionaryTrainer(SERVER_SAMPLE_BYTES, dictionarySize, "/dictionaries");
		training.forEach((body) -> trainer.sample(match, body));
		return trainer.train(match).content();
	}

	/**
	 * One way of coding the records.
	 */
	interface Variant extends AutoCloseable {

		byte[] encode(byte[] record) throws IOException;

		byte[] decode(byte[] encoded, int length) throws IOException;

		@Override
		void close();

		static Variant of(String name, byte[] dictionary) {
			if ("identity".equals(name)) {
				return new IdentityVariant();
			}
			if (List.of("zstd", "dcz", "br", "dcb").contains(name)) {
				return new CodecVariant(name, dictionary);
			}
			String[] parts = name.split("-", 2);
			if (parts.length == 2 && ("prepared".equals(parts[0]) || "loaded".equals(parts[0]))) {
				return new ZstdJniVariant(dictionary, Integer.parseInt(parts[1]), "prepared".equals(parts[0]));
			}
			throw new IllegalArgumentException("Unknown variant " + name);
		}

	}

	/**
	 * No coding: a copy of the record, the baseline that the other variants' times include.
	 */
	static final class IdentityVariant implements Variant {

		@Override
		public byte[] encode(byte[] record) {
			return record.clone();
		}

		@Override
		public byte[] decode(byte[] encoded, int length) {
			return encoded.clone();
		}

		@Override
		public void close() {
		}

	}

	/**
	 * restcompress's own codecs, through their streams.
	 */
	static final class CodecVariant implements Variant {

		/** restcompress.codec.zstd.level's default. */
		private static final int LEVEL = 1;

		/** restcompress.codec.brotli.quality's default. */
		private static final int QUALITY = 4;

		private final ZstdCodec zstd = new ZstdCodec(LEVEL, ZstdCodec.DEFAULT_MAX_WINDOW);

		private final ContentCodec codec;

		private final Sinks.Buffer buffer = new Sinks.Buffer(8 * 1024);

		CodecVariant(String name, byte[] dictionary) {
			this.codec = switch (name) {
				case "dcz" -> new DczCodec(this.zstd, dictionary, DczCodec.sha256(dictionary));
				case "br" -> new BrotliCodec(QUALITY, BrotliCodec.DEFAULT_MAX_WINDOW);
				case "dcb" -> new DcbCodec(new BrotliCodec(QUALITY, BrotliCodec.DEFAULT_MAX_WINDOW), dictionary,
						DczCodec.sha256(dictionary));
				default -> this.zstd;
			};
		}

		@Override
		public byte[] encode(byte[] record) throws IOException {
			this.buffer.reset();
			try (OutputStream encoder = this.codec.encoder(this.buffer)) {
				encoder.write(record);
			}
			return this.buffer.toByteArray();
		}

		@Override
		public byte[] decode(byte[] encoded, int length) throws IOException {
			try (InputStream decoder = this.codec.decoder(new ByteArrayInputStream(encoded))) {
				return decoder.readAllBytes();
			}
		}

		@Override
		public void close() {
			this.zstd.close();
		}

	}

	/**
	 * A zstd frame against the dictionary as raw content, straight through zstd-jni, streamed as
	 * restcompress streams it (a checksum, the window {@code dcz} allows), without the
	 * {@code dcz} header.
	 */
	static final class ZstdJniVariant implements Variant {

		private final ZstdCompressCtx compression = new ZstdCompressCtx();

		private final ZstdDecompressCtx decompression = new ZstdDecompressCtx();

		private final byte[] dictionary;

		private final int level;

		private final ZstdDictCompress prepared;

		private final ZstdDictDecompress decodingDictionary;

		private final ByteBuffer input = ByteBuffer.allocateDirect(128 * 1024);

		private final ByteBuffer output = ByteBuffer.allocateDirect(128 * 1024);

		ZstdJniVariant(byte[] dictionary, int level, boolean prepared) {
			this.dictionary = dictionary;
			this.level = level;
			this.prepared = prepared ? new ZstdDictCompress(dictionary, level) : null;
			this.decodingDictionary = new ZstdDictDecompress(dictionary);
		}

		@Override
		public byte[] encode(byte[] record) {
			this.compression.reset();
			this.compression.setLevel(this.level).setChecksum(true).setWindowLog(23);
			if (this.prepared != null) {
				this.compression.loadDict(this.prepared);
			}
			else {
				this.compression.loadDict(this.dictionary);
			}
			this.input.clear();
			this.input.put(record).flip();
			this.output.clear();
			if (!this.compression.compressDirectByteBufferStream(this.output, this.input, EndDirective.END)) {
				throw new IllegalStateException("A record's frame did not fit " + this.output.capacity() + " bytes");
			}
			this.output.flip();
			byte[] frame = new byte[this.output.remaining()];
			this.output.get(frame);
			return frame;
		}

		@Override
		public byte[] decode(byte[] encoded, int length) {
			this.decompression.loadDict(this.decodingDictionary);
			return this.decompression.decompress(encoded, length);
		}

		@Override
		public void close() {
			this.compression.close();
			this.decompression.close();
			if (this.prepared != null) {
				this.prepared.close();
			}
			this.decodingDictionary.close();
		}

	}

}
