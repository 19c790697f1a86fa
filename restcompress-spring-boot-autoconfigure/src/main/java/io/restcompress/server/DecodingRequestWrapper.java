package io.restcompress.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

import io.restcompress.codec.CodecStreams;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentDecodingException;
import io.restcompress.codec.ContentTooLargeException;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.RejectReason;
import io.restcompress.metrics.Side;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;

/**
 * Presents a request as the application should see it: the body decoded lazily as it is read
 * (at most the configured number of bytes), no {@code Content-Encoding} or
 * {@code Content-Length}, and conditional fields without the coding suffixes of entity tags.
 */
final class DecodingRequestWrapper extends HttpServletRequestWrapper {

	private static final Set<String> HIDDEN = Set.of("content-encoding", "content-length");

	private final List<ContentCodec> codings;

	private final ServerCompressionSettings settings;

	private final CompressionRecorder recorder;

	private @Nullable DecodedInputStream body;

	private @Nullable BufferedReader reader;

	private @Nullable ContentDecodingException failure;

	/**
	 * @param codings the codings to undo, in decoding order (the last one applied first), empty
	 * when the body is not encoded
	 */
	DecodingRequestWrapper(HttpServletRequest request, List<ContentCodec> codings, ServerCompressionSettings settings,
			CompressionRecorder recorder) {
		super(request);
		this.codings = codings;
		this.settings = settings;
		this.recorder = recorder;
	}

	private boolean decoding() {
		return !this.codings.isEmpty();
	}

	/**
	 * Returns the decoding failure the application ran into, if any.
	 */
	@Nullable ContentDecodingException failure() {
		return this.failure;
	}

	@Override
	public ServletInputStream getInputStream() throws IOException {
		if (!decoding()) {
			return super.getInputStream();
		}
		if (this.reader != null) {
			throw new IllegalStateException("getReader() has already been called for this request");
		}
		return decodedBody();
	}

	@Override
	public BufferedReader getReader() throws IOException {
		if (!decoding()) {
			return super.getReader();
		}
		if (this.reader == null) {
			if (this.body != null) {
				throw new IllegalStateException("getInputStream() has already been called for this request");
			}
			String encoding = getCharacterEncoding();
			Charset charset = (encoding != null) ? Charset.forName(encoding) : StandardCharsets.ISO_8859_1;
			this.reader = new BufferedReader(new InputStreamReader(decodedBody(), charset));
		}
		return this.reader;
	}

	private DecodedInputStream decodedBody() throws IOException {
		if (this.body == null) {
			InputStream stream = super.getInputStream();
			for (ContentCodec codec : this.codings) {
				stream = measured(codec, stream);
			}
			this.body = new DecodedInputStream(stream);
		}
		return this.body;
	}

	private InputStream measured(ContentCodec codec, InputStream source) throws IOException {
		InputStream decoder = CodecStreams.measuredDecoder(codec, source, (identity, encoded, nanos) -> this.recorder
			.decoded(Side.SERVER, Direction.REQUEST, codec.coding(), identity, encoded, nanos));
		return CodecStreams.limited(decoder, codec.coding(), this.settings.maxDecodedRequestSize());
	}

	/**
	 * Closes the decoders and releases what they hold.
	 */
	void release() {
		if (this.body != null) {
			try {
				this.body.delegate.close();
			}
			catch (IOException ex) {
				// the exchange is over; nothing is left to tell
			}
		}
	}

	@Override
	public int getContentLength() {
		return decoding() ? -1 : super.getContentLength();
	}

	@Override
	public long getContentLengthLong() {
		return decoding() ? -1 : super.getContentLengthLong();
	}

	@Override
	public @Nullable String getHeader(String name) {
		if (hidden(name)) {
			return null;
		}
		String value = super.getHeader(name);
		return conditional(name) ? EntityTags.withoutCodings(value, this.settings.codecs().all()) : value;
	}

	@Override
	public Enumeration<String> getHeaders(String name) {
		if (hidden(name)) {
			return Collections.emptyEnumeration();
		}
		Enumeration<String> values = super.getHeaders(name);
		if (!conditional(name)) {
			return values;
		}
		List<String> stripped = Collections.list(values)
			.stream()
			.map((value) -> EntityTags.withoutCodings(value, this.settings.codecs().all()))
			.toList();
		return Collections.enumeration(stripped);
	}

	@Override
	public Enumeration<String> getHeaderNames() {
		if (!decoding()) {
			return super.getHeaderNames();
		}
		return Collections.enumeration(Collections.list(super.getHeaderNames())
			.stream()
			.filter((name) -> !HIDDEN.contains(name.toLowerCase(Locale.ROOT)))
			.toList());
	}

	@Override
	public int getIntHeader(String name) {
		return hidden(name) ? -1 : super.getIntHeader(name);
	}

	private boolean hidden(String name) {
		return decoding() && HIDDEN.contains(name.toLowerCase(Locale.ROOT));
	}

	private static boolean conditional(String name) {
		return name.equalsIgnoreCase(HttpHeaders.IF_NONE_MATCH) || name.equalsIgnoreCase(HttpHeaders.IF_MATCH);
	}

	private void failed(ContentDecodingException ex) {
		if (this.failure == null) {
			this.failure = ex;
			RejectReason reason = (ex instanceof ContentTooLargeException) ? RejectReason.TOO_LARGE
					: RejectReason.CORRUPT;
			this.recorder.rejected(Side.SERVER, Direction.REQUEST, ex.getCoding(), reason);
		}
	}

	private final class DecodedInputStream extends ServletInputStream {

		private final InputStream delegate;

		private boolean finished;

		DecodedInputStream(InputStream delegate) {
			this.delegate = delegate;
		}

		@Override
		public int read() throws IOException {
			try {
				int b = this.delegate.read();
				this.finished = b == -1;
				return b;
			}
			catch (ContentDecodingException ex) {
				failed(ex);
				throw ex;
			}
		}

		@Override
		public int read(byte[] bytes, int offset, int length) throws IOException {
			try {
				int n = this.delegate.read(bytes, offset, length);
				this.finished = n == -1;
				return n;
			}
			catch (ContentDecodingException ex) {
				failed(ex);
				throw ex;
			}
		}

		@Override
		public void close() throws IOException {
			this.delegate.close();
		}

		@Override
		public boolean isFinished() {
			return this.finished;
		}

		@Override
		public boolean isReady() {
			return true;
		}

		@Override
		public void setReadListener(ReadListener readListener) {
			throw new UnsupportedOperationException("Non-blocking reads of an encoded request body are not supported");
		}

	}

}
