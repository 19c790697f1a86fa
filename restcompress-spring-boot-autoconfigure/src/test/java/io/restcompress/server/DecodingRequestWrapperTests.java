package io.restcompress.server;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.ContentDecoding;
import io.restcompress.codec.ContentDecodingException;
import io.restcompress.codec.ContentTooLargeException;
import io.restcompress.codec.GzipCodec;
import io.restcompress.internal.server.CodingProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.util.MimeType;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The parameters of an encoded form {@code POST}, read from its decoded body within the form
 * limits, and the body's streams around them.
 */
class DecodingRequestWrapperTests {

	private static final GzipCodec GZIP = new GzipCodec(1);

	@Test
	void readsTheParametersOfAFormUpToTheSizeLimit() {
		DecodingRequestWrapper request = form("a=1&b=".getBytes(StandardCharsets.US_ASCII), 6, 10);
		assertThat(request.getParameter("a")).isEqualTo("1");
		assertThat(request.getParameterValues("b")).containsExactly("");
		assertThat(request.getParameterMap()).containsOnlyKeys("a", "b");
	}

	@Test
	void answersAFormPastTheSizeLimitWith413NamingTheProperty() {
		DecodingRequestWrapper request = form("a=1&b=2".getBytes(StandardCharsets.US_ASCII), 6, 10);
		ContentDecodingException failure = CodingProblem.decodingFailure(catchThrowable(() -> request.getParameter("a")));
		assertThat(failure).isInstanceOf(ContentTooLargeException.class);
		assertThat(failure.getMessage()).contains("6 bytes", "restcompress.server.request.max-form-size");
		assertThat(CodingProblem.decodingFailed(failure).status().value()).isEqualTo(413);
		assertThatExceptionOfType(ContentTooLargeException.class)
			.isThrownBy(() -> request.getInputStream().readAllBytes());
	}

	@Test
	void countsTheQuerysParametersTowardsTheLimit() {
		DecodingRequestWrapper request = form("b=2&c=3".getBytes(StandardCharsets.US_ASCII), 100, 2);
		((MockHttpServletRequest) request.getRequest()).setQueryString("a=1");
		ContentDecodingException failure = CodingProblem.decodingFailure(catchThrowable(() -> request.getParameter("a")));
		assertThat(failure.getMessage()).contains("more than 2 parameters");
		assertThat(CodingProblem.decodingFailed(failure).status().value()).isEqualTo(400);
	}

	@Test
	void answersAnUnknownCharsetWith400() {
		DecodingRequestWrapper request = form("a=1".getBytes(StandardCharsets.US_ASCII), 100, 10);
		((MockHttpServletRequest) request.getRequest()).setCharacterEncoding("x-no-such-charset");
		ContentDecodingException failure = CodingProblem.decodingFailure(catchThrowable(() -> request.getParameter("a")));
		assertThat(failure.getMessage()).contains("unknown charset");
	}

	@ParameterizedTest
	@ValueSource(strings = { "PUT", "PATCH", "DELETE" })
	void holdsAFormThatSpringReadsIntoParametersThroughTheStreamToTheSizeLimit(String method) {
		DecodingRequestWrapper request = form("a=1&b=2".getBytes(StandardCharsets.US_ASCII), 6, 10);
		((MockHttpServletRequest) request.getRequest()).setMethod(method);
		assertThatExceptionOfType(ContentTooLargeException.class)
			.isThrownBy(() -> request.getInputStream().readAllBytes());
	}

	@Test
	void streamsAPostedFormPastTheFormLimitAsTheContainerDoes() throws IOException {
		byte[] form = "a=1&b=2".getBytes(StandardCharsets.US_ASCII);
		DecodingRequestWrapper request = form(form, 6, 10);
		assertThat(request.getInputStream().readAllBytes()).isEqualTo(form);
	}

	@Test
	void readsPercentEscapesAsBytesOfTheCharset() {
		DecodingRequestWrapper request = form(new byte[] { 'a', '=', '%', 'C', '3', (byte) 0xA9, '+', '%', '2', 'B' },
				100, 10);
		((MockHttpServletRequest) request.getRequest()).setCharacterEncoding("UTF-8");
		assertThat(request.getParameter("a")).isEqualTo("é +");
	}

	@ParameterizedTest
	@ValueSource(strings = { "x=%C3", "x=%FF", "x=%+1", "x=%1", "x=%zz", "=nameless" })
	void answersAFormTheCharsetCannotReadOrWithAMalformedEscapeWith400(String form) {
		DecodingRequestWrapper request = form(form.getBytes(StandardCharsets.US_ASCII), 100, 10);
		((MockHttpServletRequest) request.getRequest()).setCharacterEncoding("UTF-8");
		ContentDecodingException failure = CodingProblem.decodingFailure(catchThrowable(() -> request.getParameter("x")));
		assertThat(failure).isNotNull();
		assertThat(CodingProblem.decodingFailed(failure).status().value()).isEqualTo(400);
	}

	@Test
	void answersRawBytesTheCharsetCannotReadWith400() {
		DecodingRequestWrapper request = form(new byte[] { 'a', '=', (byte) 0xFF, (byte) 0xFE }, 100, 10);
		((MockHttpServletRequest) request.getRequest()).setCharacterEncoding("UTF-8");
		assertThat(CodingProblem.decodingFailure(catchThrowable(() -> request.getParameter("a"))).getMessage())
			.contains("not UTF-8");
	}

	@Test
	void leavesTheParametersOfAnotherTypeToTheContainer() {
		DecodingRequestWrapper request = form("a=1".getBytes(StandardCharsets.US_ASCII), 100, 10);
		((MockHttpServletRequest) request.getRequest()).setContentType("application/x-www-form-urlencodedX");
		assertThat(request.getParameter("a")).isNull();
	}

	@Test
	void givesAnEmptyReaderOnceTheParametersHaveBeenRead() throws IOException {
		DecodingRequestWrapper request = form("a=1".getBytes(StandardCharsets.US_ASCII), 100, 10);
		assertThat(request.getParameter("a")).isEqualTo("1");
		assertThat(request.getReader().read()).isEqualTo(-1);
	}

	@Test
	void givesOnlyTheQuerysParametersOnceTheApplicationHasReadTheBody() throws IOException {
		DecodingRequestWrapper request = form("a=1".getBytes(StandardCharsets.US_ASCII), 100, 10);
		((MockHttpServletRequest) request.getRequest()).setQueryString("q=2");
		assertThat(request.getInputStream().readAllBytes()).asString(StandardCharsets.US_ASCII).isEqualTo("a=1");
		assertThat(request.getParameterMap()).containsOnlyKeys("q");
		assertThatIllegalStateException().isThrownBy(request::getReader);
	}

	@Test
	void hidesTheFieldsThatDescribeTheEncodedBodyFromEveryHeaderAccessor() {
		DecodingRequestWrapper request = form("a=1".getBytes(StandardCharsets.US_ASCII), 100, 10);
		MockHttpServletRequest raw = (MockHttpServletRequest) request.getRequest();
		raw.addHeader("Content-Encoding", "gzip");
		raw.addHeader("Content-Length", "23");
		raw.addHeader("X-Other", "kept");
		assertThat(request.getHeader("Content-Encoding")).isNull();
		assertThat(request.getHeaders("content-encoding").hasMoreElements()).isFalse();
		assertThat(request.getHeaders("Content-Length").hasMoreElements()).isFalse();
		assertThat(request.getIntHeader("Content-Length")).isEqualTo(-1);
		assertThat(request.getContentLength()).isEqualTo(-1);
		assertThat(request.getContentLengthLong()).isEqualTo(-1);
		assertThat(Collections.list(request.getHeaderNames())).contains("X-Other")
			.noneMatch((name) -> name.equalsIgnoreCase("Content-Encoding") || name.equalsIgnoreCase("Content-Length"));
		assertThat(request.getHeader("X-Other")).isEqualTo("kept");
	}

	@Test
	void readsTheDecodedBodyAsIso88591WhenTheRequestNamesNoCharset() throws IOException {
		DecodingRequestWrapper request = form(new byte[] { 'a', '=', (byte) 0xE9 }, 100, 10);
		((MockHttpServletRequest) request.getRequest()).setMethod("PUT");
		assertThat(request.getCharacterEncoding()).isNull();
		assertThat(request.getReader().readLine()).isEqualTo("a=\u00e9");
	}

	@Test
	void refusesTheStreamOnceTheApplicationHasTakenTheReader() throws IOException {
		DecodingRequestWrapper request = form("a=1".getBytes(StandardCharsets.US_ASCII), 100, 10);
		request.getReader();
		assertThatIllegalStateException().isThrownBy(request::getInputStream);
	}

	/**
	 * An async exchange may end (a timeout, an error) while an application thread is inside a
	 * read of the body, and another application thread may close the body meanwhile: the
	 * decoder, whose native context a pooled codec would hand to another request, is closed
	 * only once that read has returned, and once.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "released", "closed by the application", "closed, then released" })
	void closesTheDecoderOnceAndOnlyAfterAReadInProgressReturns(String ending) throws Exception {
		CountDownLatch reading = new CountDownLatch(1);
		CountDownLatch released = new CountDownLatch(1);
		AtomicBoolean closedWhileReading = new AtomicBoolean();
		AtomicInteger closed = new AtomicInteger();
		ContentCodec watched = new ContentCodec() {

			@Override
			public String coding() {
				return "watched";
			}

			@Override
			public OutputStream encoder(OutputStream target) {
				return target;
			}

			@Override
			public InputStream decoder(InputStream source) {
				return new FilterInputStream(source) {

					private volatile boolean inRead;

					@Override
					public int read(byte[] bytes, int offset, int length) throws IOException {
						this.inRead = true;
						try {
							reading.countDown();
							awaitQuietly(released);
							return super.read(bytes, offset, length);
						}
						finally {
							this.inRead = false;
						}
					}

					@Override
					public void close() throws IOException {
						closedWhileReading.compareAndSet(false, this.inRead);
						closed.incrementAndGet();
						super.close();
					}

				};
			}

		};
		MockHttpServletRequest raw = new MockHttpServletRequest("POST", "/async");
		raw.setContent("body".getBytes(StandardCharsets.US_ASCII));
		ContentCodecs codecs = ContentCodecs.of(GZIP);
		ServerCompressionSettings settings = new ServerCompressionSettings(codecs, codecs.all(),
				CompressionMode.ANNOTATED, 4500, List.of(MimeType.valueOf("application/json")), List.of(), true,
				1024 * 1024, 2, true);
		DecodingRequestWrapper request = new DecodingRequestWrapper(raw, List.of(watched), settings,
				new ContentDecoding.Listener() {
				});
		InputStream body = request.getInputStream();
		CompletableFuture<Integer> read = CompletableFuture.supplyAsync(() -> {
			try {
				return body.read(new byte[16]);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		});
		assertThat(reading.await(10, TimeUnit.SECONDS)).isTrue();
		if (!ending.equals("released")) {
			body.close();
		}
		if (ending.endsWith("released")) {
			request.release();
		}
		released.countDown();
		assertThat(read.get(10, TimeUnit.SECONDS)).isEqualTo(4);
		request.release();
		assertThat(closed).hasValue(1);
		assertThat(closedWhileReading).isFalse();
		assertThat(body.read()).isEqualTo(-1);
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static DecodingRequestWrapper form(byte[] form, long maxFormSize, int maxFormParameters) {
		MockHttpServletRequest raw = new MockHttpServletRequest("POST", "/form");
		raw.setContentType("application/x-www-form-urlencoded");
		raw.setContent(HttpTestClient.encode("gzip", form));
		ContentCodecs codecs = ContentCodecs.of(GZIP);
		ServerCompressionSettings settings = new ServerCompressionSettings(codecs, codecs.all(),
				CompressionMode.ANNOTATED, 4500, List.of(MimeType.valueOf("application/json")), List.of(), true,
				1024 * 1024, 2, true, maxFormSize, maxFormParameters);
		return new DecodingRequestWrapper(raw, List.of(GZIP), settings, new ContentDecoding.Listener() {
		});
	}

}
