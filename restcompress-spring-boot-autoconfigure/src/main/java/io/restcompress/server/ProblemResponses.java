package io.restcompress.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import io.restcompress.codec.ContentDecodingException;
import io.restcompress.codec.ContentTooLargeException;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Writes RFC 9457 problem responses for request bodies the server refuses.
 */
final class ProblemResponses {

	private ProblemResponses() {
	}

	/**
	 * Answers 415 for a request body in a coding the server does not support, naming the
	 * supported codings in {@code Accept-Encoding} (RFC 7694).
	 */
	static void unsupportedCoding(HttpServletRequest request, HttpServletResponse response, String contentEncoding,
			String supported) throws IOException {
		response.setHeader(HttpHeaders.ACCEPT_ENCODING, supported);
		write(request, response, HttpStatus.UNSUPPORTED_MEDIA_TYPE,
				"Content-Encoding '" + contentEncoding + "' is not supported; supported codings: " + supported,
				contentEncoding);
	}

	/**
	 * Answers 415 for an encoded form or multipart body, which the servlet container parses
	 * from the raw bytes, with {@code Accept-Encoding: identity} so the client sends it as it is.
	 */
	static void unsupportedCodingForForms(HttpServletRequest request, HttpServletResponse response,
			String contentEncoding) throws IOException {
		response.setHeader(HttpHeaders.ACCEPT_ENCODING, "identity");
		write(request, response, HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Content-Encoding '" + contentEncoding
				+ "' is not supported for form and multipart bodies, which the server parses as they are sent; send them without a content coding",
				contentEncoding);
	}

	/**
	 * Answers 413 or 400 for a request body that failed to decode.
	 */
	static void decodingFailed(HttpServletRequest request, HttpServletResponse response,
			ContentDecodingException failure) throws IOException {
		HttpStatus status = (failure instanceof ContentTooLargeException) ? HttpStatus.CONTENT_TOO_LARGE
				: HttpStatus.BAD_REQUEST;
		write(request, response, status, failure.getMessage(), failure.getCoding());
	}

	private static void write(HttpServletRequest request, HttpServletResponse response, HttpStatus status,
			String detail, String coding) throws IOException {
		response.resetBuffer();
		response.setStatus(status.value());
		response.setHeader(HttpHeaders.CONTENT_ENCODING, null);
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		String body = "{\"type\":\"about:blank\",\"title\":" + quote(status.getReasonPhrase()) + ",\"status\":"
				+ status.value() + ",\"detail\":" + quote(detail) + ",\"instance\":" + quote(request.getRequestURI())
				+ ",\"coding\":" + quote(coding) + "}";
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		response.setContentLength(bytes.length);
		response.getOutputStream().write(bytes);
		response.flushBuffer();
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
