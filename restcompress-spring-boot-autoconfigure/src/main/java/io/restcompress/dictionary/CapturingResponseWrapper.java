package io.restcompress.dictionary;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import org.jspecify.annotations.Nullable;

import org.springframework.web.servlet.HandlerMapping;

/**
 * Passes a response through and, when the handler the request was mapped to is a
 * {@link DictionaryCompressed dictionary}, keeps a copy of the body the application writes,
 * before any content coding, up to a limit; a body over the limit is not kept at all.
 */
final class CapturingResponseWrapper extends HttpServletResponseWrapper {

	private final HttpServletRequest request;

	private final DictionaryDeclarations declarations;

	private final long maxSize;

	private boolean resolved;

	private @Nullable ByteArrayOutputStream copy;

	private DictionaryDeclarations.@Nullable Declaration capture;

	private boolean overflowed;

	private @Nullable ServletOutputStream stream;

	private @Nullable PrintWriter writer;

	CapturingResponseWrapper(HttpServletRequest request, HttpServletResponse response,
			DictionaryDeclarations declarations, long maxSize) {
		super(response);
		this.request = request;
		this.declarations = declarations;
		this.maxSize = maxSize;
	}

	/**
	 * Returns the body kept and what it was kept for, or {@code null} if nothing was kept
	 * (not started, over the limit, or not a {@code 200}).
	 * @return the capture with its body, or {@code null}
	 */
	@Nullable Captured captured() throws IOException {
		if (this.writer != null) {
			this.writer.flush();
		}
		if (this.capture == null || this.copy == null || this.overflowed || getStatus() != SC_OK) {
			return null;
		}
		return new Captured(this.copy.toByteArray(), this.capture);
	}

	@Override
	public ServletOutputStream getOutputStream() throws IOException {
		if (this.stream == null) {
			this.stream = new TeeStream(super.getOutputStream());
		}
		return this.stream;
	}

	@Override
	public PrintWriter getWriter() throws IOException {
		if (this.writer == null) {
			this.writer = new PrintWriter(new OutputStreamWriter(getOutputStream(), Charset.forName(getCharacterEncoding())));
		}
		return this.writer;
	}

	@Override
	public void flushBuffer() throws IOException {
		if (this.writer != null) {
			this.writer.flush();
		}
		super.flushBuffer();
	}

	@Override
	public void reset() {
		super.reset();
		this.resolved = false;
		this.capture = null;
		this.copy = null;
	}

	@Override
	public void resetBuffer() {
		super.resetBuffer();
		if (this.copy != null) {
			this.copy.reset();
		}
	}

	private void copy(byte[] bytes, int offset, int length) {
		if (!this.resolved) {
			this.resolved = true;
			DictionaryDeclarations.Declaration declaration = this.declarations
				.of(this.request.getAttribute(HandlerMapping.BEST_MATCHING_HANDLER_ATTRIBUTE));
			if (declaration != null) {
				this.capture = declaration;
				this.copy = new ByteArrayOutputStream();
			}
		}
		if (this.copy == null) {
			return;
		}
		if (this.copy.size() + (long) length > this.maxSize) {
			this.overflowed = true;
			this.copy = null;
			return;
		}
		this.copy.write(bytes, offset, length);
	}

	/**
	 * A body kept to become a dictionary or a training sample.
	 *
	 * @param body the body
	 * @param declaration what its handler declares
	 */
	record Captured(byte[] body, DictionaryDeclarations.Declaration declaration) {

	}

	private final class TeeStream extends ServletOutputStream {

		private final ServletOutputStream target;

		TeeStream(ServletOutputStream target) {
			this.target = target;
		}

		@Override
		public void write(int b) throws IOException {
			copy(new byte[] { (byte) b }, 0, 1);
			this.target.write(b);
		}

		@Override
		public void write(byte[] bytes, int offset, int length) throws IOException {
			copy(bytes, offset, length);
			this.target.write(bytes, offset, length);
		}

		@Override
		public void flush() throws IOException {
			this.target.flush();
		}

		@Override
		public void close() throws IOException {
			this.target.close();
		}

		@Override
		public boolean isReady() {
			return this.target.isReady();
		}

		@Override
		public void setWriteListener(WriteListener listener) {
			this.target.setWriteListener(listener);
		}

	}

}
