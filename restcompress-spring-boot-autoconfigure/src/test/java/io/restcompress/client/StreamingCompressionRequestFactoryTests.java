package io.restcompress.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.restcompress.codec.BrotliCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.DeflateCodec;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.Lz4Codec;
import io.restcompress.codec.LzfCodec;
import io.restcompress.codec.ZstdCodec;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpMethod;
import org.springframework.http.StreamingHttpOutputMessage;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * {@link StreamingCompressionRequestFactory} over real HTTP, on what sets it apart from the
 * interceptor (every other behaviour is checked with both, through {@link TestClient#kinds()}):
 * request bodies go out while the application writes them, a body of unknown length is
 * measured up to the threshold only, and a body that cannot be written again is not resent.
 */
class StreamingCompressionRequestFactoryTests extends PlainOriginTests {

	private static final int HALF = 8 << 20;

	private final AtomicLong received = new AtomicLong();

	@BeforeEach
	void countUploads() {
		this.origin.handleStreaming("/upload", (exchange) -> {
			try (exchange) {
				String coding = exchange.getRequestHeaders().getFirst("Content-Encoding");
				InputStream body = new CountingInput(exchange.getRequestBody(), this.received);
				if (coding != null) {
					body = PlainOrigin.CODECS.find(coding).orElseThrow().decoder(body);
				}
				long decoded = body.transferTo(OutputStream.nullOutputStream());
				PlainOrigin.respond(exchange, 200, (coding + " " + decoded).getBytes(StandardCharsets.US_ASCII));
			}
		});
	}

	private ClientCompression compression() {
		return ClientCompression.builder(PlainOrigin.CODECS)
			.requestCompression(RequestCompression.ALWAYS)
			.recorder(this.recorder)
			.build();
	}

	@Test
	void sendsTheBodyWhileTheApplicationIsStillWritingIt() {
		RestClient client = RestClient.builder()
			.requestFactory(new StreamingCompressionRequestFactory(TestClient.plainJdk(), compression()))
			.build();
		HalvesBody body = new HalvesBody(this.received, 30);
		String answer = client.post().uri(this.origin.uri("/upload")).body(body).retrieve().body(String.class);
		assertThat(body.receivedBeforeSecondHalf).as("encoded bytes the origin had read before the second half")
			.isPositive();
		assertThat(answer).isEqualTo("lzf " + 2L * HALF);
		assertThat(this.recorder.events).containsExactly("encoded CLIENT REQUEST lzf");
	}

	/**
	 * Why the factory exists: Spring buffers the body of a client with any interceptor, and
	 * hands the interceptor the array once the application has written all of it.
	 */
	@Test
	void theInterceptorGetsTheBodyOnlyOnceTheApplicationHasWrittenAllOfIt() {
		RestClient client = RestClient.builder()
			.requestFactory(TestClient.plainJdk())
			.requestInterceptor(new ClientCompressionInterceptor(compression()))
			.build();
		HalvesBody body = new HalvesBody(this.received, 1);
		String answer = client.post().uri(this.origin.uri("/upload")).body(body).retrieve().body(String.class);
		assertThat(body.receivedBeforeSecondHalf).isZero();
		assertThat(answer).isEqualTo("lzf " + 2L * HALF);
	}

	@Test
	void measuresABodyOfUnknownLengthOnlyUpToTheThreshold() {
		RestClient client = RestClient.builder()
			.requestFactory(new StreamingCompressionRequestFactory(TestClient.plainJdk(), compression()))
			.build();
		byte[] bytes = Payloads.json(1_000_000);
		CountedBody body = new CountedBody(bytes);
		String answer = client.post().uri(this.origin.uri("/upload")).body(body).retrieve().body(String.class);
		assertThat(answer).isEqualTo("lzf " + bytes.length);
		assertThat(body.written).hasSize(2);
		assertThat(body.written.get(0)).as("bytes written to measure the body")
			.isBetween(4500L, 4500L + CountedBody.CHUNK);
		assertThat(body.written.get(1)).isEqualTo(bytes.length);
	}

	/**
	 * An empty body found so by the measuring is sent as no body, not as a stream that ends at
	 * once, which the JDK's client sometimes fails with a {@code NullPointerException}.
	 */
	@Test
	void sendsABodyOfUnknownLengthFoundEmptyAsNoBody() {
		RestClient client = RestClient.builder()
			.requestFactory(new StreamingCompressionRequestFactory(TestClient.plainJdk(), compression()))
			.build();
		CountedBody body = new CountedBody(new byte[0]);
		assertThat(client.post().uri(this.origin.uri("/echo")).body(body).retrieve().toBodilessEntity()
			.getStatusCode().value()).isEqualTo(200);
		assertThat(body.written).as("bytes written each time: to measure, to check").containsExactly(0L, 0L);
		PlainOrigin.Recorded request = this.origin.requestsTo("/echo").get(0);
		assertThat(request.header("Transfer-Encoding")).isNull();
		assertThat(request.body()).isEmpty();
		assertThat(this.recorder.events).isEmpty();
	}

	@Test
	void failsABodyFoundEmptyThatWritesBytesTheSecondTime() {
		RestClient client = RestClient.builder()
			.requestFactory(new StreamingCompressionRequestFactory(TestClient.plainJdk(), compression()))
			.build();
		int[] writes = new int[1];
		StreamingHttpOutputMessage.Body body = new StreamingHttpOutputMessage.Body() {

			@Override
			public void writeTo(OutputStream out) throws IOException {
				if (writes[0]++ > 0) {
					out.write("hello".getBytes(StandardCharsets.US_ASCII));
				}
			}

			@Override
			public boolean repeatable() {
				return true;
			}

		};
		assertThatIllegalStateException()
			.isThrownBy(() -> client.post().uri(this.origin.uri("/echo")).body(body).retrieve().toBodilessEntity())
			.withMessageContaining("must write the same bytes each time");
		assertThat(this.origin.requestsTo("/echo")).isEmpty();
	}

	@Test
	void measuresAnObjectThroughItsConverterAndSendsASmallOneAsItIs() {
		RestClient client = RestClient.builder()
			.requestFactory(new StreamingCompressionRequestFactory(TestClient.plainJdk(), compression()))
			.build();
		List<Map<String, Object>> large = records(2000);
		String answer = client.post().uri(this.origin.uri("/upload")).body(large).retrieve().body(String.class);
		assertThat(answer).isEqualTo("lzf " + JsonMapper.shared().writeValueAsBytes(large).length);
		List<Map<String, Object>> small = records(3);
		answer = client.post().uri(this.origin.uri("/upload")).body(small).retrieve().body(String.class);
		assertThat(answer).isEqualTo("null " + JsonMapper.shared().writeValueAsBytes(small).length);
		assertThat(this.recorder.events).containsExactly("encoded CLIENT REQUEST lzf",
				"skipped CLIENT REQUEST BELOW_THRESHOLD");
	}

	@Test
	void doesNotResendABodyThatCannotBeWrittenAgain() throws IOException {
		this.origin.acceptRequestCodings = List.of("gzip");
		ClientCompression compression = compression();
		RestClient client = RestClient.builder()
			.requestFactory(new StreamingCompressionRequestFactory(TestClient.plainJdk(), compression))
			.build();
		byte[] bytes = Payloads.json(100_000);
		int status = client.post()
			.uri(this.origin.uri("/echo"))
			.body((StreamingHttpOutputMessage.Body) (out) -> out.write(bytes))
			.exchange((request, response) -> response.getStatusCode().value());
		assertThat(status).isEqualTo(415);
		assertThat(this.origin.requestsTo("/echo")).hasSize(1);
		byte[] echoed = client.post().uri(this.origin.uri("/echo")).body(bytes).retrieve().body(byte[].class);
		assertThat(echoed).isEqualTo(bytes);
		assertThat(this.origin.requestsTo("/echo")).extracting((request) -> request.header("Content-Encoding"))
			.containsExactly("lzf", "gzip");
	}

	/**
	 * {@code HttpURLConnection} ends the body cleanly even when its writing fails; finishing the
	 * encoder would make what was sent a complete, valid lzf body of the part written, and so
	 * would the lzf chunks sent before the failure (65,535 bytes here), without the byte that
	 * follows them.
	 */
	@ParameterizedTest(name = "{0}, {1} bytes written")
	@CsvSource({ "lzf, 100000", "lzf, 0", "gzip, 100000", "deflate, 100000", "zstd, 100000", "zstd, 0", "br, 100000",
			"lz4, 100000" })
	void neitherFinishesNorRecordsABodyThatFailed(String coding, int written) throws InterruptedException {
		List<String> outcomes = readingPartial(coding);
		RestClient client = RestClient.builder()
			.requestFactory(new StreamingCompressionRequestFactory(new SimpleClientHttpRequestFactory(),
					compressingWith(coding)))
			.build();
		byte[] part = Arrays.copyOf(Payloads.json(100_000), written);
		assertThatException().isThrownBy(() -> client.post().uri(this.origin.uri("/partial")).body((out) -> {
			out.write(part);
			throw new IOException("The application failed to write its body");
		}).retrieve().toBodilessEntity());
		assertFailedAtTheOrigin(outcomes);
	}

	/**
	 * The same on WebClient, whose body fails as a publisher that ends with an error. (One
	 * that fails before its first byte sends no request at all.)
	 */
	@ParameterizedTest(name = "{0}, {1} bytes written")
	@CsvSource({ "lzf, 100000", "gzip, 100000", "zstd, 100000" })
	void sendsNoCompleteBodyFromAWebClientBodyThatFailed(String coding, int written) throws InterruptedException {
		List<String> outcomes = readingPartial(coding);
		WebClient client = WebClient.builder()
			.clientConnector(TestClient.plainReactorNetty())
			.filter(new ClientCompressionExchangeFilter(compressingWith(coding)))
			.build();
		Flux<DataBuffer> body = Flux.concat(
				Mono.fromSupplier(() -> DefaultDataBufferFactory.sharedInstance
					.wrap(Arrays.copyOf(Payloads.json(100_000), written))),
				Mono.error(new IOException("The application failed to write its body")));
		assertThatException().isThrownBy(() -> client.post()
			.uri(this.origin.uri("/partial"))
			.body(body, DataBuffer.class)
			.retrieve()
			.toBodilessEntity()
			.block(Duration.ofSeconds(30)));
		assertFailedAtTheOrigin(outcomes);
	}

	private static final ContentCodecs EVERY_CODING = ContentCodecs.of(new LzfCodec(), new GzipCodec(1),
			new DeflateCodec(1), new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW),
			new BrotliCodec(4, BrotliCodec.DEFAULT_MAX_WINDOW), new Lz4Codec(1));

	private ClientCompression compressingWith(String coding) {
		return ClientCompression.builder(EVERY_CODING)
			.requestCompression(RequestCompression.ALWAYS)
			.requestEncoding(coding)
			.recorder(this.recorder)
			.build();
	}

	/**
	 * Has the origin decode the bodies posted to {@code /partial} in {@code coding}.
	 * @return what it read: "complete" and the decoded length, or "failed"
	 */
	private List<String> readingPartial(String coding) {
		List<String> outcomes = new CopyOnWriteArrayList<>();
		this.origin.handleStreaming("/partial", (exchange) -> {
			try (exchange) {
				assertThat(exchange.getRequestHeaders().getFirst("Content-Encoding")).isEqualTo(coding);
				InputStream body = EVERY_CODING.find(coding).orElseThrow().decoder(exchange.getRequestBody());
				try {
					outcomes.add("complete " + body.transferTo(OutputStream.nullOutputStream()));
					PlainOrigin.respond(exchange, 200, new byte[0]);
				}
				catch (IOException ex) {
					outcomes.add("failed");
					throw ex;
				}
			}
		});
		return outcomes;
	}

	private void assertFailedAtTheOrigin(List<String> outcomes) throws InterruptedException {
		for (int tries = 0; tries < 200 && outcomes.isEmpty(); tries++) {
			Thread.sleep(50);
		}
		assertThat(outcomes).as("what the origin read").containsExactly("failed");
		assertThat(this.recorder.events).isEmpty();
	}

	@Test
	void releasesTheLibrarysFactoryWithItself() throws Exception {
		HttpComponentsClientHttpRequestFactory library = new HttpComponentsClientHttpRequestFactory();
		new StreamingCompressionRequestFactory(library, compression()).destroy();
		assertThatIllegalStateException()
			.isThrownBy(() -> library.createRequest(this.origin.uri("/payload/identity/10"), HttpMethod.GET).execute())
			.withMessageContaining("shut down");
	}

	private static List<Map<String, Object>> records(int count) {
		List<Map<String, Object>> records = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			Map<String, Object> record = new LinkedHashMap<>();
			record.put("id", i);
			record.put("login", "user" + (i * 7919 % 100_000));
			record.put("tags", List.of("a", "b" + (i % 13)));
			records.add(record);
		}
		return records;
	}

	/**
	 * Writes 8 MB, waits until the origin has read encoded bytes of this request (at most
	 * {@code waitSeconds}), and writes 8 MB more. Cannot be written again.
	 */
	private static final class HalvesBody implements StreamingHttpOutputMessage.Body {

		private final AtomicLong received;

		private final long waitNanos;

		private volatile long receivedBeforeSecondHalf = -1;

		HalvesBody(AtomicLong received, int waitSeconds) {
			this.received = received;
			this.waitNanos = TimeUnit.SECONDS.toNanos(waitSeconds);
		}

		@Override
		public void writeTo(OutputStream out) throws IOException {
			byte[] chunk = Payloads.json(1 << 20);
			for (int i = 0; i < HALF / chunk.length; i++) {
				out.write(chunk);
			}
			long deadline = System.nanoTime() + this.waitNanos;
			while (this.received.get() == 0 && System.nanoTime() < deadline) {
				Thread.onSpinWait();
				sleep();
			}
			this.receivedBeforeSecondHalf = this.received.get();
			for (int i = 0; i < HALF / chunk.length; i++) {
				out.write(chunk);
			}
		}

		private static void sleep() throws IOException {
			try {
				Thread.sleep(10);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IOException(ex);
			}
		}

	}

	/** Writes its bytes in chunks, as often as asked, and counts the bytes of each writing. */
	private static final class CountedBody implements StreamingHttpOutputMessage.Body {

		static final int CHUNK = 1000;

		private final byte[] bytes;

		final List<Long> written = new ArrayList<>();

		CountedBody(byte[] bytes) {
			this.bytes = bytes;
		}

		@Override
		public void writeTo(OutputStream out) throws IOException {
			long count = 0;
			this.written.add(count);
			for (int offset = 0; offset < this.bytes.length; offset += CHUNK) {
				int length = Math.min(CHUNK, this.bytes.length - offset);
				count += length;
				this.written.set(this.written.size() - 1, count);
				out.write(this.bytes, offset, length);
			}
		}

		@Override
		public boolean repeatable() {
			return true;
		}

	}

	private static final class CountingInput extends InputStream {

		private final InputStream in;

		private final AtomicLong count;

		CountingInput(InputStream in, AtomicLong count) {
			this.in = in;
			this.count = count;
		}

		@Override
		public int read() throws IOException {
			int b = this.in.read();
			if (b >= 0) {
				this.count.incrementAndGet();
			}
			return b;
		}

		@Override
		public int read(byte[] b, int off, int len) throws IOException {
			int n = this.in.read(b, off, len);
			if (n > 0) {
				this.count.addAndGet(n);
			}
			return n;
		}

	}

}
