package io.restcompress.benchmarks;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;

import io.restcompress.codec.ContentCodec;
import io.restcompress.internal.reactive.StreamingEncoder;
import reactor.core.publisher.Flux;

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

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferFactory;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;

/**
 * What the reactive server's encoder costs on a body the application writes as one large
 * buffer (a {@code byte[]} or a document Jackson serialised at once), against encoding the
 * same bytes with one write to the codec's stream: {@link StreamingEncoder} takes the buffer
 * and encodes it a slice at a time as its output is read, so that a client that stops reading
 * does not make the server hold the whole encoded body.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ReactiveEncoderBenchmark {

	/** The coding, as {@link Codings} names it. */
	@Param({ "lzf", "gzip-6", "zstd-1" })
	public String coding;

	/** The corpus directory; empty for generated documents. */
	@Param({ "" })
	public String corpus;

	/** The body's file name in the corpus. */
	@Param({ "generated-10000" })
	public String file;

	private final DataBufferFactory buffers = DefaultDataBufferFactory.sharedInstance;

	private byte[] body;

	private ContentCodec codec;

	private Sinks.Buffer sink;

	@Setup(Level.Trial)
	public void setUp() {
		this.body = Corpus.read(this.corpus, this.file);
		this.codec = Codings.create(this.coding)
			.orElseThrow(() -> new IllegalStateException(this.coding + " is not available here"));
		this.sink = new Sinks.Buffer(this.body.length + 1024);
	}

	@TearDown(Level.Trial)
	public void tearDown() {
		Codings.close(this.codec);
	}

	/**
	 * The body encoded with one write, into one growing array: what the reactive encoder did
	 * before it was paced by the writes.
	 */
	@Benchmark
	public int oneWrite() throws IOException {
		this.sink.reset();
		try (OutputStream encoder = this.codec.encoder(this.sink)) {
			encoder.write(this.body);
		}
		return this.sink.size();
	}

	/**
	 * The body as one buffer through the reactive encoder, its encoded buffers read and
	 * released one after another, as the server writes them.
	 */
	@Benchmark
	public long pacedByTheReads() {
		Long encoded = StreamingEncoder
			.encode(Flux.just(this.buffers.wrap(this.body)), this.codec, this.buffers, (identity, bytes, nanos) -> {
			})
			.map(ReactiveEncoderBenchmark::releasedSize)
			.reduce(0L, Long::sum)
			.block();
		return (encoded != null) ? encoded : -1;
	}

	private static long releasedSize(DataBuffer buffer) {
		long size = buffer.readableByteCount();
		DataBufferUtils.release(buffer);
		return size;
	}

}
