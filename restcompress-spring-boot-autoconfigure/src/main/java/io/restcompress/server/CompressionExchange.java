package io.restcompress.server;

import java.util.Collections;
import java.util.List;

import io.restcompress.codec.AcceptEncoding;
import io.restcompress.internal.server.ExchangeCodings;
import io.restcompress.internal.server.HandlerCompression;
import io.restcompress.internal.server.ResponseEncodingDecision;
import io.restcompress.internal.server.ResponseBodyCopy;
import io.restcompress.internal.server.ResponseEncodingRules;
import io.restcompress.internal.server.ResponseFields;
import io.restcompress.metrics.SkipReason;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * The state of one servlet exchange that the response rules read: the client's
 * {@code Accept-Encoding}, parsed when first needed, what the handler allows, and where the
 * body is copied to, if anywhere. Stored as a request attribute so the interceptor and async
 * dispatches find it.
 */
final class CompressionExchange {

	private static final String ATTRIBUTE = CompressionExchange.class.getName();

	private final ResponseEncodingRules rules;

	private final HttpServletRequest request;

	private final boolean head;

	private @Nullable AcceptEncoding acceptEncoding;

	private @Nullable HandlerCompression handler;

	private volatile @Nullable ResponseBodyCopy bodyCopy;

	private final boolean responseEncodable;

	private List<String> keptInVary = List.of();

	private List<String> successOnlyFields = List.of();

	CompressionExchange(ResponseEncodingRules rules, HttpServletRequest request, boolean responseEncodable) {
		this.rules = rules;
		this.request = request;
		this.head = "HEAD".equals(request.getMethod());
		this.responseEncodable = responseEncodable;
	}

	static @Nullable CompressionExchange find(ServletRequest request) {
		return (CompressionExchange) request.getAttribute(ATTRIBUTE);
	}

	void attachTo(ServletRequest request) {
		request.setAttribute(ATTRIBUTE, this);
	}

	void handledBy(HandlerCompression handler) {
		this.handler = handler;
	}

	/**
	 * Keeps request field names in the response's {@code Vary} whatever the application sets
	 * it to later: the fields restcompress's choice depends on before the handler runs (a
	 * dictionary handler's {@code Available-Dictionary}).
	 * @param names the field names
	 */
	/**
	 * Names response header fields that only a successful ({@code 2xx}) response keeps.
	 */
	void keepOnlyOnSuccess(List<String> names) {
		this.successOnlyFields = List.copyOf(names);
	}

	/**
	 * Removes the fields that only a successful response keeps from one that got this status.
	 */
	void statusSet(int status, ResponseFields fields) {
		if (!this.successOnlyFields.isEmpty()) {
			ExchangeCodings.keepOnlyOnSuccess(this.successOnlyFields, status, fields);
		}
	}

	void keepInVary(List<String> names) {
		this.keptInVary = List.copyOf(names);
	}

	List<String> keptInVary() {
		return this.keptInVary;
	}

	/**
	 * Whether the response passes through the encoding wrapper: not on an excluded path.
	 */
	boolean isResponseEncodable() {
		return this.responseEncodable;
	}

	void copyBodyTo(@Nullable ResponseBodyCopy copy) {
		this.bodyCopy = copy;
	}

	@Nullable ResponseBodyCopy bodyCopy() {
		return this.bodyCopy;
	}

	/**
	 * Ends the copy of a complete body, if any, with the response's status and header fields.
	 */
	void endBodyCopy(HttpServletResponse response) {
		ResponseBodyCopy copy = this.bodyCopy;
		this.bodyCopy = null;
		if (copy != null) {
			copy.completedQuietly(response.getStatus(), new ServletResponseFields(response));
		}
	}

	/**
	 * Drops the body's copy, if any: the body will not complete here (streamed, failed, or its
	 * client went away).
	 */
	void dropBodyCopy() {
		this.bodyCopy = null;
	}

	boolean isHead() {
		return this.head;
	}

	long minResponseSize() {
		return this.rules.minResponseSize();
	}

	ResponseEncodingDecision decide(int status, ResponseFields fields, long identityLength) {
		return this.rules.decide(this.handler, status, fields, identityLength, this::acceptEncoding,
				this.request::getRemoteAddr);
	}

	/**
	 * The request's {@code If-None-Match} field values as the client sent them, suffixes
	 * included.
	 */
	List<String> ifNoneMatch() {
		return Collections.list(this.request.getHeaders(HttpHeaders.IF_NONE_MATCH));
	}

	ResponseEncodingDecision decideNotModified(ResponseFields fields) {
		return this.rules.decideNotModified(this.handler, fields, acceptEncoding(), this.request.getRemoteAddr());
	}

	@Nullable SkipReason ineligibility(int status, ResponseFields fields) {
		return this.rules.ineligibility(this.handler, status, fields);
	}

	void varyPartialContent(int status, ResponseFields fields) {
		this.rules.varyPartialContent(this.handler, status, fields);
	}

	private AcceptEncoding acceptEncoding() {
		if (this.acceptEncoding == null) {
			this.acceptEncoding = AcceptEncoding
				.parse(Collections.list(this.request.getHeaders(HttpHeaders.ACCEPT_ENCODING)));
		}
		return this.acceptEncoding;
	}

}
