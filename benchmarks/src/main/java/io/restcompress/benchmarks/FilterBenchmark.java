package io.restcompress.benchmarks;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;

import com.ning.compress.lzf.ChunkEncoder;
import com.ning.compress.lzf.LZFChunk;
import com.ning.compress.lzf.util.ChunkEncoderFactory;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.LzfCodec;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.server.CompressionMode;
import io.restcompress.server.ContentCodingFilter;
import io.restcompress.server.ServerCompressionSettings;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.util.MimeType;

/**
 * The cost of the server layer: a 1.8 MB JSON response encoded with lzf through
 * {@link ContentCodingFilter} against compress-lzf's block encoder on the same bytes, and a
 * response below the threshold with and without the filter. Requests and responses are
 * Spring's mocks, the response body goes to a stream that discards it. Run with
 * {@code -prof gc} for the bytes allocated per response.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class FilterBenchmark {

	/** The number of entries of the large document, as the sample app's {@code /api/static}. */
	public static final int DOCUMENT_ENTRIES = 10_000;

	/** The number of entries of the small document, below the 4500-byte threshold. */
	public static final int SMALL_ENTRIES = 8;

	private final byte[] document = Payloads.document(DOCUMENT_ENTRIES, 42);

	private final byte[] small = Payloads.document(SMALL_ENTRIES, 42);

	private final LzfCodec lzf = new LzfCodec();

	private final Sinks.Discarding discarding = new Sinks.Discarding();

	private ChunkEncoder blockEncoder;

	private ContentCodingFilter filter;

	@Setup
	public void setUp() {
		this.blockEncoder = ChunkEncoderFactory.optimalInstance(LZFChunk.MAX_CHUNK_LEN);
		ServerCompressionSettings settings = new ServerCompressionSettings(
				ContentCodecs.of(this.lzf, new GzipCodec(1)), List.of(this.lzf), CompressionMode.ALL, 4500,
				List.of(MimeType.valueOf("application/json")), List.of(), true, 16L * 1024 * 1024, 2, true);
		this.filter = new ContentCodingFilter(settings, CompressionRecorder.NONE);
		if (this.small.length >= settings.minResponseSize()) {
			throw new IllegalStateException("The small document is not below the threshold");
		}
		checkEncoding(this.document, "lzf");
		checkEncoding(this.small, null);
	}

	private void checkEncoding(byte[] body, String expected) {
		try {
			DiscardingResponse response = new DiscardingResponse();
			this.filter.doFilter(request(), response, handler(body));
			String coding = response.getHeader("Content-Encoding");
			boolean encoded = response.written() < body.length;
			if (!Objects.equals(coding, expected) || encoded != (expected != null)) {
				throw new IllegalStateException("Expected coding " + expected + ", got " + coding + " and "
						+ response.written() + " of " + body.length + " bytes");
			}
		}
		catch (IOException | ServletException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@TearDown
	public void tearDown() {
		this.blockEncoder.close();
	}

	@Benchmark
	public long rawBlockLzf() throws IOException {
		for (int offset = 0; offset < this.document.length; offset += LZFChunk.MAX_CHUNK_LEN) {
			int length = Math.min(LZFChunk.MAX_CHUNK_LEN, this.document.length - offset);
			this.blockEncoder.encodeAndWriteChunk(this.document, offset, length, this.discarding);
		}
		return this.discarding.count();
	}

	@Benchmark
	public long codecStreamLzf() throws IOException {
		try (OutputStream encoder = this.lzf.encoder(this.discarding)) {
			encoder.write(this.document);
		}
		return this.discarding.count();
	}

	@Benchmark
	public long filterLzf() throws IOException, ServletException {
		return serve(this.document, true);
	}

	@Benchmark
	public long belowThresholdFiltered() throws IOException, ServletException {
		return serve(this.small, true);
	}

	@Benchmark
	public long belowThresholdUnfiltered() throws IOException, ServletException {
		return serve(this.small, false);
	}

	private long serve(byte[] body, boolean filtered) throws IOException, ServletException {
		MockHttpServletRequest request = request();
		DiscardingResponse response = new DiscardingResponse();
		FilterChain handler = handler(body);
		if (filtered) {
			this.filter.doFilter(request, response, handler);
		}
		else {
			handler.doFilter(request, response);
		}
		return response.written();
	}

	private static MockHttpServletRequest request() {
		MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/static");
		request.addHeader("Accept-Encoding", "lzf, gzip");
		return request;
	}

	/**
	 * The application's part, as Spring's byte array converter does it: content type and
	 * length, one write, a flush.
	 */
	private static FilterChain handler(byte[] body) {
		return (request, response) -> {
			response.setContentType("application/json");
			response.setContentLength(body.length);
			ServletOutputStream output = response.getOutputStream();
			output.write(body);
			output.flush();
		};
	}

	/**
	 * A mock response whose body is counted and discarded.
	 */
	static final class DiscardingResponse extends MockHttpServletResponse {

		private final DiscardingServletStream body = new DiscardingServletStream();

		@Override
		public ServletOutputStream getOutputStream() {
			return this.body;
		}

		long written() {
			return this.body.sink.count();
		}

	}

	private static final class DiscardingServletStream extends ServletOutputStream {

		private final Sinks.Discarding sink = new Sinks.Discarding();

		@Override
		public void write(int b) {
			this.sink.write(b);
		}

		@Override
		public void write(byte[] bytes, int offset, int length) {
			this.sink.write(bytes, offset, length);
		}

		@Override
		public boolean isReady() {
			return true;
		}

		@Override
		public void setWriteListener(WriteListener listener) {
			throw new UnsupportedOperationException();
		}

	}

}
