package io.restcompress.server;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.io.InterruptedIOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.LzfCodec;
import io.restcompress.internal.server.RequestDecodingRules;
import io.restcompress.metrics.CompressionRecorder;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockAsyncContext;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.util.MimeType;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIOException;

class ContentCodingFilterTests {

	private final ContentCodingFilter filter = new ContentCodingFilter(settings(), CompressionRecorder.NONE);

	@Test
	void readsAShortRefusedMultipartBodyBeforeAnswering() throws Exception {
		MockHttpServletRequest request = post("gzip", gzip(new byte[] { 'a', '=', '1' }));
		request.setContentType("multipart/form-data; boundary=x");
		MockHttpServletResponse response = filter(request);
		assertThat(response.getStatus()).isEqualTo(415);
		assertThat(request.getInputStream().read()).isEqualTo(-1);
	}

	@Test
	void readsAShortBodyInAnUnsupportedCodingBeforeAnswering() throws Exception {
		MockHttpServletRequest request = post("x-unknown", new byte[1000]);
		MockHttpServletResponse response = filter(request);
		assertThat(response.getStatus()).isEqualTo(415);
		assertThat(request.getInputStream().read()).isEqualTo(-1);
	}

	@Test
	void readsARefusedBodyUpToTheLimitAndKeepsTheConnection() throws Exception {
		MockHttpServletRequest request = post("x-unknown", new byte[(int) RequestDecodingRules.MAX_DRAINED_BODY]);
		MockHttpServletResponse response = filter(request);
		assertThat(response.getStatus()).isEqualTo(415);
		assertThat(request.getInputStream().read()).isEqualTo(-1);
		assertThat(response.getHeader("Connection")).isNull();
	}

	@Test
	void leavesARefusedBodyDeclaredLongerThanTheLimitUnreadAndClosesTheConnection() throws Exception {
		MockHttpServletRequest request = post("x-unknown", new byte[(int) RequestDecodingRules.MAX_DRAINED_BODY + 1]);
		MockHttpServletResponse response = filter(request);
		assertThat(response.getStatus()).isEqualTo(415);
		assertThat(request.getInputStream().read()).isZero();
		assertThat(response.getHeader("Connection")).isEqualTo("close");
	}

	@Test
	void stopsReadingARefusedBodyOfUnknownLengthAtTheLimitAndClosesTheConnection() throws Exception {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/api/echo") {

			@Override
			public long getContentLengthLong() {
				return -1;
			}

		};
		request.addHeader("Content-Encoding", "x-unknown");
		request.addHeader("Transfer-Encoding", "chunked");
		request.setContent(new byte[(int) RequestDecodingRules.MAX_DRAINED_BODY + 10]);
		MockHttpServletResponse response = filter(request);
		assertThat(response.getStatus()).isEqualTo(415);
		assertThat(request.getInputStream().readAllBytes()).hasSizeLessThan(10);
		assertThat(response.getHeader("Connection")).isEqualTo("close");
	}

	@Test
	void leavesTheBodyOfARefusedRequestWaitingFor100ContinueUnreadAndClosesTheConnection() throws Exception {
		MockHttpServletRequest request = post("x-unknown", new byte[1000]);
		request.addHeader("Expect", "100-continue");
		MockHttpServletResponse response = filter(request);
		assertThat(response.getStatus()).isEqualTo(415);
		assertThat(request.getInputStream().read()).isZero();
		assertThat(response.getHeader("Connection")).isEqualTo("close");
	}

	@Test
	void ignoresAFlushAndRefusesAWriteAfterAnAsyncHandlerClosedItsEncodedBody() throws Exception {
		ContentCodingFilter all = new ContentCodingFilter(settings(CompressionMode.ALL), CompressionRecorder.NONE);
		MockHttpServletRequest request = asyncGzipRequest();
		MockHttpServletResponse response = new MockHttpServletResponse();
		byte[] body = new byte[10_000];
		all.doFilter(request, response, (servletRequest, servletResponse) -> {
			servletRequest.startAsync();
			servletResponse.setContentType("application/json");
			ServletOutputStream output = servletResponse.getOutputStream();
			output.write(body);
			output.close();
			servletResponse.flushBuffer();
			output.flush();
			assertThatIOException().isThrownBy(() -> output.write('x')).withMessageContaining("already ended");
		});
		assertThat(response.getHeader("Content-Encoding")).isEqualTo("gzip");
		try (GZIPInputStream decoded = new GZIPInputStream(new ByteArrayInputStream(response.getContentAsByteArray()))) {
			assertThat(decoded.readAllBytes()).isEqualTo(body);
		}
	}

	@Test
	void refusesAWriteAfterTheContainerAbandonedAnAsyncEncodedBody() throws Exception {
		ContentCodingFilter all = new ContentCodingFilter(settings(CompressionMode.ALL), CompressionRecorder.NONE);
		MockHttpServletRequest request = asyncGzipRequest();
		AtomicReference<ServletOutputStream> body = new AtomicReference<>();
		all.doFilter(request, new MockHttpServletResponse(), (servletRequest, servletResponse) -> {
			servletRequest.startAsync(servletRequest, servletResponse);
			servletResponse.setContentType("application/json");
			body.set(servletResponse.getOutputStream());
			body.get().write(new byte[10_000]);
			body.get().flush();
		});
		MockAsyncContext async = (MockAsyncContext) request.getAsyncContext();
		for (AsyncListener listener : async.getListeners()) {
			listener.onError(new AsyncEvent(async, new IOException("Connection reset")));
		}
		assertThatIOException().isThrownBy(() -> body.get().write('x')).withMessageContaining("already ended");
		body.get().flush();
	}

	@Test
	void refusesAWriteToABodyStillHeldBackWhenTheContainerAbandonedTheAsyncExchange() throws Exception {
		ContentCodingFilter all = new ContentCodingFilter(settings(CompressionMode.ALL), CompressionRecorder.NONE);
		MockHttpServletRequest request = asyncGzipRequest();
		MockHttpServletResponse response = new MockHttpServletResponse();
		AtomicReference<ServletOutputStream> body = new AtomicReference<>();
		all.doFilter(request, response, (servletRequest, servletResponse) -> {
			servletRequest.startAsync(servletRequest, servletResponse);
			servletResponse.setContentType("application/json");
			body.set(servletResponse.getOutputStream());
			body.get().write(new byte[100]);
		});
		MockAsyncContext async = (MockAsyncContext) request.getAsyncContext();
		for (AsyncListener listener : async.getListeners()) {
			listener.onError(new AsyncEvent(async, new IOException("Connection reset")));
		}
		assertThatIOException().isThrownBy(() -> body.get().write(new byte[10_000]))
			.withMessageContaining("already ended");
		body.get().flush();
		assertThat(response.getHeader("Content-Encoding")).isNull();
		assertThat(response.getContentAsByteArray()).isEmpty();
	}

	/**
	 * An async exchange ended by the container (Spring MVC's dispatch after a timeout) while the
	 * application's thread is inside a write: the end waits for the write, so the encoder is
	 * never used by two threads and the frame holds the whole write.
	 */
	@Test
	void endsAnAsyncEncodedBodyOnlyAfterTheWriteInProgress() throws Exception {
		ContentCodingFilter all = new ContentCodingFilter(settings(CompressionMode.ALL), CompressionRecorder.NONE);
		MockHttpServletRequest request = asyncGzipRequest();
		MockHttpServletResponse response = new MockHttpServletResponse();
		StallingResponse container = new StallingResponse(response);
		AtomicReference<ServletOutputStream> body = new AtomicReference<>();
		all.doFilter(request, container, (servletRequest, servletResponse) -> {
			servletRequest.startAsync(servletRequest, servletResponse);
			servletResponse.setContentType("application/json");
			body.set(servletResponse.getOutputStream());
		});
		byte[] written = TestPayloads.json(200_000);
		ExecutorService threads = Executors.newFixedThreadPool(2);
		try {
			container.stallNextWrite();
			Future<?> write = threads.submit(() -> {
				body.get().write(written);
				return null;
			});
			assertThat(container.stalled.await(10, TimeUnit.SECONDS)).isTrue();
			request.setAsyncStarted(false);
			request.setDispatcherType(DispatcherType.ASYNC);
			Future<?> end = threads.submit(() -> {
				all.doFilter(request, request.getAsyncContext().getResponse(), new MockFilterChain());
				return null;
			});
			assertThatExceptionOfType(TimeoutException.class).isThrownBy(() -> end.get(300, TimeUnit.MILLISECONDS));
			container.release.countDown();
			write.get(10, TimeUnit.SECONDS);
			end.get(10, TimeUnit.SECONDS);
		}
		finally {
			container.release.countDown();
			threads.shutdownNow();
		}
		try (GZIPInputStream decoded = new GZIPInputStream(new ByteArrayInputStream(response.getContentAsByteArray()))) {
			assertThat(decoded.readAllBytes()).isEqualTo(written);
		}
	}

	private MockHttpServletResponse filter(MockHttpServletRequest request) throws ServletException, IOException {
		MockHttpServletResponse response = new MockHttpServletResponse();
		MockFilterChain chain = new MockFilterChain();
		this.filter.doFilter(request, response, chain);
		assertThat(chain.getRequest()).as("the handler is not called").isNull();
		return response;
	}

	private static MockHttpServletRequest asyncGzipRequest() {
		MockHttpServletRequest request = new MockHttpServletRequest("GET", "/stream");
		request.addHeader("Accept-Encoding", "gzip");
		request.setAsyncSupported(true);
		return request;
	}

	private static MockHttpServletRequest post(String coding, byte[] body) {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/api/echo");
		request.addHeader("Content-Encoding", coding);
		request.setContent(body);
		return request;
	}

	private static byte[] gzip(byte[] content) throws IOException {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
			out.write(content);
		}
		return bytes.toByteArray();
	}

	/**
	 * A container response whose stream can be made to stop inside one write until released.
	 */
	private static final class StallingResponse extends HttpServletResponseWrapper {

		final CountDownLatch stalled = new CountDownLatch(1);

		final CountDownLatch release = new CountDownLatch(1);

		private volatile boolean stallNext;

		private @Nullable ServletOutputStream stream;

		StallingResponse(HttpServletResponse response) {
			super(response);
		}

		void stallNextWrite() {
			this.stallNext = true;
		}

		@Override
		public ServletOutputStream getOutputStream() throws IOException {
			if (this.stream == null) {
				ServletOutputStream delegate = super.getOutputStream();
				this.stream = new ServletOutputStream() {

					@Override
					public void write(int b) throws IOException {
						write(new byte[] { (byte) b }, 0, 1);
					}

					@Override
					public void write(byte[] bytes, int offset, int length) throws IOException {
						if (StallingResponse.this.stallNext) {
							StallingResponse.this.stallNext = false;
							StallingResponse.this.stalled.countDown();
							try {
								StallingResponse.this.release.await();
							}
							catch (InterruptedException ex) {
								Thread.currentThread().interrupt();
								throw new InterruptedIOException();
							}
						}
						delegate.write(bytes, offset, length);
					}

					@Override
					public void flush() throws IOException {
						delegate.flush();
					}

					@Override
					public boolean isReady() {
						return true;
					}

					@Override
					public void setWriteListener(WriteListener listener) {
						throw new UnsupportedOperationException();
					}

				};
			}
			return this.stream;
		}

	}

	private static ServerCompressionSettings settings() {
		return settings(CompressionMode.ANNOTATED);
	}

	private static ServerCompressionSettings settings(CompressionMode mode) {
		ContentCodecs codecs = ContentCodecs.of(new LzfCodec(), new GzipCodec(1));
		return new ServerCompressionSettings(codecs, codecs.all(), mode, 4500,
				List.of(MimeType.valueOf("application/json")), List.of(), true, 16 * 1024 * 1024, 2, true);
	}

}
