package io.restcompress.client;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;

import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.ZstdCodec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpRequest;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.ClientHttpResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;

/**
 * A RestTemplate or RestClient response closed on one thread (an application's timeout) while
 * another thread is inside a read of its body: the pooled decoder is handed back only once that
 * read has returned, so the next body decoded with the same codec gets a context no one else
 * uses.
 */
class ResponseClosedDuringReadTests {

	private static final int SENT_BEFORE_STALL = 20_000;

	private final ZstdCodec zstd = new ZstdCodec(3, ZstdCodec.DEFAULT_MAX_WINDOW);

	private final CountDownLatch stalled = new CountDownLatch(1);

	private final CountDownLatch connectionClosed = new CountDownLatch(1);

	@AfterEach
	void closeCodec() {
		this.zstd.close();
	}

	@Test
	void handsTheDecoderToTheNextBodyOnlyAfterTheReadInProgressReturns() throws Exception {
		ClientHttpResponse response = DecodedClientHttpResponse.readable(
				ClientCompression.builder(ContentCodecs.of(this.zstd)).requestEncoding("zstd").build(), URI.create("http://origin.example/"),
				HttpMethod.GET, stallingResponse(encoded(Payloads.json(1_000_000)), SENT_BEFORE_STALL), List.of());
		CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> readToTheEnd(response));
		assertThat(this.stalled.await(10, TimeUnit.SECONDS)).isTrue();
		response.close();
		byte[] other = Payloads.json(2_000_000);
		InputStream next = this.zstd.decoder(new ByteArrayInputStream(encoded(other)));
		byte[] head = next.readNBytes(100);
		this.connectionClosed.countDown();
		assertThat(reader).failsWithin(10, TimeUnit.SECONDS);
		ByteArrayOutputStream decoded = new ByteArrayOutputStream();
		decoded.write(head);
		next.transferTo(decoded);
		assertThat(decoded.toByteArray()).isEqualTo(other);
	}

	/**
	 * Apache HttpClient's stream, aborted under a read, may fail it with a runtime exception
	 * (the stream it read from is gone): the application gets the closed body's
	 * {@link IOException}.
	 */
	@Test
	void reportsARuntimeFailureOfTheAbortedLibraryStreamAsTheClosedBody() throws Exception {
		ClientHttpResponse response = DecodedClientHttpResponse.readable(
				ClientCompression.builder(ContentCodecs.of(this.zstd)).requestEncoding("zstd").build(),
				URI.create("http://origin.example/"), HttpMethod.GET, stallingResponse(
						encoded(Payloads.json(1_000_000)), SENT_BEFORE_STALL, NullPointerException::new),
				List.of());
		CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> readToTheEnd(response));
		assertThat(this.stalled.await(10, TimeUnit.SECONDS)).isTrue();
		response.close();
		this.connectionClosed.countDown();
		assertThat(reader).failsWithin(10, TimeUnit.SECONDS)
			.withThrowableOfType(ExecutionException.class)
			.havingRootCause()
			.isInstanceOf(NullPointerException.class);
		assertThat(reader).failsWithin(0, TimeUnit.SECONDS)
			.withThrowableOfType(ExecutionException.class)
			.withCauseInstanceOf(IllegalStateException.class)
			.satisfies((failure) -> assertThat(failure.getCause().getCause()).isInstanceOf(IOException.class)
				.hasMessage("The response body was closed"));
	}

	@Test
	void failsAReadAfterTheResponseWasClosed() throws IOException {
		ClientHttpResponse response = DecodedClientHttpResponse.readable(
				ClientCompression.builder(ContentCodecs.of(this.zstd)).requestEncoding("zstd").build(), URI.create("http://origin.example/"),
				HttpMethod.GET, stallingResponse(encoded(Payloads.json(1_000_000)), Integer.MAX_VALUE), List.of());
		InputStream body = response.getBody();
		assertThat(body.readNBytes(1000)).isEqualTo(Arrays.copyOf(Payloads.json(1_000_000), 1000));
		response.close();
		assertThatIOException().isThrownBy(body::read).withMessage("The response body was closed");
	}

	/**
	 * Closing from another thread abandons the body instead of letting the HTTP library drain
	 * it on the closing thread while the reader still reads it: the close returns although the
	 * origin has stopped sending.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("libraries")
	void closesWithoutWaitingForAStalledOrigin(String library, Supplier<ClientHttpRequestFactory> factory)
			throws Exception {
		CountDownLatch originMayFinish = new CountDownLatch(1);
		byte[] encoded = PlainOrigin.encode("gzip", Payloads.json(1_000_000));
		try (PlainOrigin origin = new PlainOrigin()) {
			origin.handleStreaming("/stalling", (exchange) -> {
				exchange.getResponseHeaders().set("Content-Encoding", "gzip");
				exchange.sendResponseHeaders(200, 0);
				try (OutputStream out = exchange.getResponseBody()) {
					out.write(encoded, 0, SENT_BEFORE_STALL);
					out.flush();
					originMayFinish.await();
					out.write(encoded, SENT_BEFORE_STALL, encoded.length - SENT_BEFORE_STALL);
				}
				catch (InterruptedException | IOException ex) {
					// the client went away
				}
			});
			ClientCompression compression = ClientCompression.builder(PlainOrigin.CODECS).build();
			ClientHttpRequest request = factory.get().createRequest(origin.uri("/stalling"), HttpMethod.GET);
			ClientHttpResponse response = DecodedClientHttpResponse.readable(compression, origin.uri("/stalling"),
					HttpMethod.GET, request.execute(), List.of());
			InputStream body = response.getBody();
			assertThat(body.readNBytes(1000)).isEqualTo(Arrays.copyOf(Payloads.json(1_000_000), 1000));
			CompletableFuture<Void> reader = new CompletableFuture<>();
			Thread reading = new Thread(() -> {
				try {
					readToTheEnd(response);
					reader.complete(null);
				}
				catch (RuntimeException ex) {
					reader.completeExceptionally(ex);
				}
			});
			reading.start();
			try {
				awaitDecoding(reading);
				CompletableFuture<Void> closing = CompletableFuture.runAsync(response::close);
				assertThat(closing).succeedsWithin(10, TimeUnit.SECONDS);
				assertThat(reader).failsWithin(10, TimeUnit.SECONDS);
			}
			finally {
				originMayFinish.countDown();
			}
		}
	}

	/**
	 * Waits until a thread is inside a decoder's read, which comes after the read began.
	 */
	private static void awaitDecoding(Thread thread) throws InterruptedException {
		for (int i = 0; i < 1000; i++) {
			if (Arrays.stream(thread.getStackTrace())
				.anyMatch((frame) -> frame.getClassName().startsWith("io.restcompress.codec."))) {
				return;
			}
			Thread.sleep(10);
		}
		throw new IllegalStateException("The reader never started decoding");
	}

	static Stream<Arguments> libraries() {
		return Stream.of(
				Arguments.of("JDK HttpClient", (Supplier<ClientHttpRequestFactory>) TestClient::plainJdk),
				Arguments.of("Apache HttpClient 5", (Supplier<ClientHttpRequestFactory>) TestClient::apache));
	}

	private static void readToTheEnd(ClientHttpResponse response) {
		try {
			response.getBody().transferTo(OutputStream.nullOutputStream());
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private byte[] encoded(byte[] body) throws IOException {
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		try (OutputStream encoder = this.zstd.encoder(encoded)) {
			encoder.write(body);
		}
		return encoded.toByteArray();
	}

	/**
	 * A zstd response whose connection delivers the body up to {@code sentBeforeStall} bytes,
	 * then stalls until the test closes it.
	 */
	private ClientHttpResponse stallingResponse(byte[] encoded, int sentBeforeStall) {
		return stallingResponse(encoded, sentBeforeStall, () -> new IOException("Connection closed"));
	}

	/**
	 * The same, failing the stalled read with what {@code failure} gives once the test closes
	 * the connection.
	 */
	private ClientHttpResponse stallingResponse(byte[] encoded, int sentBeforeStall,
			Supplier<? extends Exception> failure) {
		InputStream body = new InputStream() {

			private int position;

			@Override
			public int read() throws IOException {
				byte[] one = new byte[1];
				return (read(one, 0, 1) == -1) ? -1 : one[0] & 0xFF;
			}

			@Override
			public int read(byte[] bytes, int offset, int length) throws IOException {
				if (this.position == encoded.length) {
					return -1;
				}
				if (this.position >= sentBeforeStall) {
					ResponseClosedDuringReadTests.this.stalled.countDown();
					try {
						ResponseClosedDuringReadTests.this.connectionClosed.await();
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
					Exception closed = failure.get();
					if (closed instanceof IOException ioException) {
						throw ioException;
					}
					throw (RuntimeException) closed;
				}
				int n = Math.min(length, Math.min(sentBeforeStall, encoded.length) - this.position);
				System.arraycopy(encoded, this.position, bytes, offset, n);
				this.position += n;
				return n;
			}

		};
		HttpHeaders headers = new HttpHeaders();
		headers.set(HttpHeaders.CONTENT_ENCODING, "zstd");
		return new ClientHttpResponse() {

			@Override
			public HttpStatusCode getStatusCode() {
				return HttpStatus.OK;
			}

			@Override
			public String getStatusText() {
				return "OK";
			}

			@Override
			public HttpHeaders getHeaders() {
				return headers;
			}

			@Override
			public InputStream getBody() {
				return body;
			}

			@Override
			public void close() {
			}

		};
	}

}
