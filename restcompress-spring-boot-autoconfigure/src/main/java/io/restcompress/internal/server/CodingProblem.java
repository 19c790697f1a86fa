package io.restcompress.internal.server;

import java.nio.charset.StandardCharsets;

import io.restcompress.codec.ContentDecodingException;
import io.restcompress.internal.RecordingDecodingListener;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * A request body the server refuses, as an RFC 9457 problem: the status, the detail, the
 * coding concerned and the {@code Accept-Encoding} to answer with (RFC 7694), the same for
 * every web stack.
 *
 * @param status the status
 * @param detail the explanation for the client
 * @param coding the coding concerned, as the client named it
 * @param acceptEncoding the codings the server takes, or {@code null} if the answer names none
 */
public record CodingProblem(HttpStatus status, String detail, String coding, @Nullable String acceptEncoding) {

	/** At most this many characters of a field value the client sent are echoed back. */
	static final int MAX_ECHOED_LENGTH = 200;

	/**
	 * A 415 for a request body in a coding the server does not support.
	 * @param contentEncoding the request's codings
	 * @param supported the supported codings, as an {@code Accept-Encoding} value
	 * @return the problem
	 */
	public static CodingProblem unsupportedCoding(String contentEncoding, String supported) {
		String echoed = echoed(contentEncoding);
		return new CodingProblem(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
				"Content-Encoding '" + echoed + "' is not supported; supported codings: " + supported, echoed,
				supported);
	}

	/**
	 * A 415 for a body with more stacked codings than the server decodes, with
	 * {@code Accept-Encoding} listing the codings it does decode, one layer at a time.
	 * @param contentEncoding the request's codings
	 * @param maxLayers the most stacked codings decoded
	 * @param supported the supported codings, as {@code Accept-Encoding} lists them
	 * @return the problem
	 */
	public static CodingProblem tooManyCodings(String contentEncoding, int maxLayers, String supported) {
		String echoed = echoed(contentEncoding);
		return new CodingProblem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Content-Encoding '" + echoed
				+ "' stacks more codings than the " + maxLayers + " this server decodes; supported codings: "
				+ supported, echoed, supported);
	}

	/**
	 * A 415 for an encoded multipart body, whose parts the server reads without the whole
	 * decoded body, with {@code Accept-Encoding: identity} so the client sends it as it is.
	 * @param contentEncoding the request's codings
	 * @return the problem
	 */
	public static CodingProblem unsupportedCodingForMultipart(String contentEncoding) {
		String echoed = echoed(contentEncoding);
		return new CodingProblem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Content-Encoding '" + echoed
				+ "' is not supported for multipart bodies; send them without a content coding",
				echoed, "identity");
	}

	/**
	 * A 413 for a body that decodes to more than the limit, a 408 for one that stopped
	 * arriving, or a 400 for a corrupt one.
	 * @param failure why the body failed to decode
	 * @return the problem
	 */
	public static CodingProblem decodingFailed(ContentDecodingException failure) {
		HttpStatus status = switch (RecordingDecodingListener.reason(failure)) {
			case TOO_LARGE -> HttpStatus.CONTENT_TOO_LARGE;
			case TIMEOUT -> HttpStatus.REQUEST_TIMEOUT;
			case CORRUPT, UNSUPPORTED_CODING -> HttpStatus.BAD_REQUEST;
		};
		return new CodingProblem(status, String.valueOf(failure.getMessage()), failure.getCoding(), null);
	}

	/**
	 * A 503 for a request body that no decoder thread can take now.
	 * @param contentEncoding the request's codings
	 * @param detail why, naming the limit
	 * @return the problem
	 */
	public static CodingProblem decodersBusy(String contentEncoding, String detail) {
		return new CodingProblem(HttpStatus.SERVICE_UNAVAILABLE, detail, echoed(contentEncoding), null);
	}

	/**
	 * Returns the decoding failure that caused an exception, searching its causes.
	 * @param ex what the application's handling failed with
	 * @return the decoding failure, or {@code null} if none caused it
	 */
	public static @Nullable ContentDecodingException decodingFailure(Throwable ex) {
		return cause(ex, ContentDecodingException.class);
	}

	/**
	 * Returns the first exception of a type among an exception and its causes.
	 * @param <T> the type
	 * @param ex the exception
	 * @param type the type
	 * @return the exception of that type, or {@code null} if none caused it
	 */
	public static <T extends Throwable> @Nullable T cause(Throwable ex, Class<T> type) {
		Throwable candidate = ex;
		for (int depth = 0; candidate != null && depth < 20; depth++) {
			if (type.isInstance(candidate)) {
				return type.cast(candidate);
			}
			candidate = candidate.getCause();
		}
		return null;
	}

	/**
	 * Sets the problem response's header fields, except its status and length, which each
	 * stack sets its own way: no {@code Content-Encoding}, and no {@code ETag} or
	 * {@code Last-Modified} of the representation the application may have begun (the problem
	 * is not that representation); the codings the server takes in {@code Accept-Encoding} when
	 * the problem names them; and the problem's media type.
	 * @param fields the response's header fields
	 */
	public void applyTo(ResponseFields fields) {
		fields.set(HttpHeaders.CONTENT_ENCODING, null);
		fields.set(HttpHeaders.ETAG, null);
		fields.set(HttpHeaders.LAST_MODIFIED, null);
		if (this.acceptEncoding != null) {
			fields.set(HttpHeaders.ACCEPT_ENCODING, this.acceptEncoding);
		}
		fields.set(HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_PROBLEM_JSON_VALUE);
	}

	/**
	 * Returns the {@code application/problem+json} body.
	 * @param instance the request's path
	 * @return the body, UTF-8
	 */
	public byte[] body(String instance) {
		String body = "{\"type\":\"about:blank\",\"title\":" + quote(this.status.getReasonPhrase()) + ",\"status\":"
				+ this.status.value() + ",\"detail\":" + quote(this.detail) + ",\"instance\":" + quote(instance)
				+ ",\"coding\":" + quote(this.coding) + "}";
		return body.getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * Returns a field value the client sent, cut to {@link #MAX_ECHOED_LENGTH} characters so
	 * that a huge header cannot make a huge problem body.
	 */
	static String echoed(String value) {
		return (value.length() <= MAX_ECHOED_LENGTH) ? value : value.substring(0, MAX_ECHOED_LENGTH) + "...";
	}

	static String quote(String value) {
		StringBuilder quoted = new StringBuilder(value.length() + 2).append('"');
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			switch (c) {
				case '"' -> quoted.append("\\\"");
				case '\\' -> quoted.append("\\\\");
				case '\n' -> quoted.append("\\n");
				case '\r' -> quoted.append("\\r");
				case '\t' -> quoted.append("\\t");
				default -> {
					if (c < 0x20) {
						quoted.append(String.format("\\u%04x", (int) c));
					}
					else {
						quoted.append(c);
					}
				}
			}
		}
		return quoted.append('"').toString();
	}

}
