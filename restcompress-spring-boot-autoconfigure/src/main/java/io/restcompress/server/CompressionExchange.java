package io.restcompress.server;

import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import jakarta.servlet.ServletRequest;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import io.restcompress.codec.AcceptEncoding;
import io.restcompress.codec.ContentCodec;
import io.restcompress.metrics.SkipReason;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.util.InvalidMimeTypeException;
import org.springframework.util.MimeType;

/**
 * The state of one exchange: the client's {@code Accept-Encoding}, what the handler allows, and
 * the rules that decide whether its response is encoded. Stored as a request attribute so the
 * interceptor and async dispatches find it.
 */
public final class CompressionExchange {

	private static final String ATTRIBUTE = CompressionExchange.class.getName();

	private final ServerCompressionSettings settings;

	private final HttpServletRequest request;

	private @Nullable AcceptEncoding acceptEncoding;

	private final boolean head;

	private @Nullable HandlerCompression handler;

	CompressionExchange(ServerCompressionSettings settings, HttpServletRequest request) {
		this.settings = settings;
		this.request = request;
		this.head = "HEAD".equals(request.getMethod());
	}

	/**
	 * Returns the exchange of a request, if the filter handles it.
	 * @param request the request
	 * @return the exchange or {@code null}
	 */
	public static @Nullable CompressionExchange find(ServletRequest request) {
		return (CompressionExchange) request.getAttribute(ATTRIBUTE);
	}

	void attachTo(ServletRequest request) {
		request.setAttribute(ATTRIBUTE, this);
	}

	/**
	 * Records what the handler that serves the exchange allows.
	 * @param handler the handler's compression
	 */
	public void handledBy(HandlerCompression handler) {
		this.handler = handler;
	}

	ServerCompressionSettings settings() {
		return this.settings;
	}

	long minResponseSize() {
		return this.settings.minResponseSize();
	}

	/**
	 * Returns why the response may not be encoded whatever its size (rules 1 to 4 of the
	 * contract), or {@code null} if it may.
	 */
	@Nullable SkipReason ineligibility(HttpServletResponse response) {
		if (!handlerAllows()) {
			return SkipReason.NOT_ANNOTATED;
		}
		int status = response.getStatus();
		if (this.head || status < 200 || status == 204 || status == 206 || status == 304
				|| response.containsHeader(HttpHeaders.CONTENT_RANGE)) {
			return SkipReason.STATUS_OR_METHOD;
		}
		String contentEncoding = response.getHeader(HttpHeaders.CONTENT_ENCODING);
		if ((contentEncoding != null && !contentEncoding.isBlank() && !"identity".equalsIgnoreCase(contentEncoding.trim()))
				|| forbidsTransformation(response)) {
			return SkipReason.ALREADY_ENCODED;
		}
		return compressibleType(response.getContentType()) ? null : SkipReason.CONTENT_TYPE;
	}

	/**
	 * Selects the coding for an eligible response, or empty if the client accepts none.
	 */
	Optional<ContentCodec> selectCoding() {
		List<ContentCodec> candidates = (this.handler != null && this.handler.codecs() != null)
				? this.handler.codecs() : this.settings.responseCodecs();
		return acceptEncoding().select(candidates);
	}

	private AcceptEncoding acceptEncoding() {
		if (this.acceptEncoding == null) {
			this.acceptEncoding = AcceptEncoding
				.parse(Collections.list(this.request.getHeaders(HttpHeaders.ACCEPT_ENCODING)));
		}
		return this.acceptEncoding;
	}

	boolean handlerAllows() {
		if (this.handler != null) {
			return this.handler.allowed();
		}
		return this.settings.mode() == CompressionMode.ALL;
	}

	private static boolean forbidsTransformation(HttpServletResponse response) {
		if (!response.containsHeader(HttpHeaders.CACHE_CONTROL)) {
			return false;
		}
		for (String cacheControl : response.getHeaders(HttpHeaders.CACHE_CONTROL)) {
			if (cacheControl.toLowerCase(Locale.ROOT).contains("no-transform")) {
				return true;
			}
		}
		return false;
	}

	private boolean compressibleType(@Nullable String contentType) {
		if (contentType == null) {
			return false;
		}
		try {
			return this.settings.isCompressible(MimeType.valueOf(contentType));
		}
		catch (InvalidMimeTypeException ex) {
			return false;
		}
	}

}
