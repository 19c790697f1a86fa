package io.restcompress.server;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.LzfCodec;
import io.restcompress.metrics.CompressionRecorder;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.util.MimeType;

import static org.assertj.core.api.Assertions.assertThat;

class ContentCodingFilterTests {

	private final ContentCodingFilter filter = new ContentCodingFilter(settings(), CompressionRecorder.NONE);

	@Test
	void readsAShortRefusedFormBodyBeforeAnswering() throws Exception {
		MockHttpServletRequest request = post("gzip", gzip(new byte[] { 'a', '=', '1' }));
		request.setContentType("application/x-www-form-urlencoded");
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
	void leavesALongRefusedBodyToTheContainer() throws Exception {
		MockHttpServletRequest request = post("x-unknown", new byte[(int) ContentCodingFilter.MAX_DISCARDED_BODY + 1]);
		MockHttpServletResponse response = filter(request);
		assertThat(response.getStatus()).isEqualTo(415);
		assertThat(request.getInputStream().read()).isZero();
	}

	@Test
	void ignoresAFlushAndPassesOnAWriteAfterAnAsyncHandlerClosedItsEncodedBody() throws Exception {
		ContentCodingFilter all = new ContentCodingFilter(settings(CompressionMode.ALL), CompressionRecorder.NONE);
		MockHttpServletRequest request = new MockHttpServletRequest("GET", "/stream");
		request.addHeader("Accept-Encoding", "gzip");
		request.setAsyncSupported(true);
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
			output.write('x');
		});
		assertThat(response.getHeader("Content-Encoding")).isEqualTo("gzip");
		try (GZIPInputStream decoded = new GZIPInputStream(new ByteArrayInputStream(response.getContentAsByteArray()))) {
			assertThat(decoded.readAllBytes()).isEqualTo(body);
		}
	}

	private MockHttpServletResponse filter(MockHttpServletRequest request) throws ServletException, IOException {
		MockHttpServletResponse response = new MockHttpServletResponse();
		MockFilterChain chain = new MockFilterChain();
		this.filter.doFilter(request, response, chain);
		assertThat(chain.getRequest()).as("the handler is not called").isNull();
		return response;
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

	private static ServerCompressionSettings settings() {
		return settings(CompressionMode.ANNOTATED);
	}

	private static ServerCompressionSettings settings(CompressionMode mode) {
		ContentCodecs codecs = ContentCodecs.of(new LzfCodec(), new GzipCodec(1));
		return new ServerCompressionSettings(codecs, codecs.all(), mode, 4500,
				List.of(MimeType.valueOf("application/json")), List.of(), true, 16 * 1024 * 1024, 2, true);
	}

}
