package io.restcompress.benchmarks;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;

import io.restcompress.codec.ContentCodec;

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
 * Compresses, decompresses and round-trips one body with one coding through the codec's
 * streams, single-threaded. {@link BenchmarkMain} fills in the codings that are available and
 * every file of the corpus; {@code JmhReport} turns the operations per second into MB/s.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class CodecBenchmark {

	/** The coding, as {@link Codings} names it. */
	@Param({ "lzf", "deflate-1", "gzip-1", "gzip-6" })
	public String coding;

	/** The corpus directory; empty for generated documents. */
	@Param({ "" })
	public String corpus;

	/** The body's file name in the corpus. */
	@Param({ "generated-10000" })
	public String file;

	private byte[] identity;

	private byte[] encoded;

	private ContentCodec codec;

	private Sinks.Buffer buffer;

	private final byte[] chunk = new byte[16 * 1024];

	@Setup(Level.Trial)
	public void setUp() throws IOException {
		this.identity = Corpus.read(this.corpus, this.file);
		this.codec = Codings.create(this.coding)
			.orElseThrow(() -> new IllegalStateException(this.coding + " is not available here"));
		this.buffer = new Sinks.Buffer(this.identity.length + 1024);
		compress();
		this.encoded = this.buffer.toByteArray();
		this.buffer.reset();
		Sinks.drain(this.codec.decoder(new ByteArrayInputStream(this.encoded)), this.chunk);
	}

	@TearDown(Level.Trial)
	public void tearDown() {
		Codings.close(this.codec);
	}

	@Benchmark
	public int compress() throws IOException {
		this.buffer.reset();
		try (OutputStream encoder = this.codec.encoder(this.buffer)) {
			encoder.write(this.identity);
		}
		return this.buffer.size();
	}

	@Benchmark
	public long decompress() throws IOException {
		return Sinks.drain(this.codec.decoder(new ByteArrayInputStream(this.encoded)), this.chunk);
	}

	@Benchmark
	public long roundTrip() throws IOException {
		compress();
		return Sinks.drain(this.codec.decoder(this.buffer.asInputStream()), this.chunk);
	}

}
