package io.restcompress.websocket;

import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import org.jspecify.annotations.Nullable;

/**
 * A handshake request whose {@code Sec-WebSocket-Extensions} fields are the well-formed ones,
 * rewritten as every engine's parser reads them ({@link ExtensionOffer#wellFormed}). Tomcat's
 * parser refuses a quoted value, which RFC 6455 allows, and fails the handshake with a
 * {@code 500} on a malformed field, where RFC 7692 has the server decline the offer.
 */
final class WellFormedExtensionsRequest extends HttpServletRequestWrapper {

	static final String EXTENSIONS = "Sec-WebSocket-Extensions";

	private final List<String> fields;

	private WellFormedExtensionsRequest(HttpServletRequest request, List<String> fields) {
		super(request);
		this.fields = fields;
	}

	/**
	 * Returns the request as it is when its extension fields need no rewriting, or wrapped.
	 * @param request the handshake request
	 * @return the request whose extension fields every engine reads
	 */
	static HttpServletRequest of(HttpServletRequest request) {
		List<String> received = Collections.list(request.getHeaders(EXTENSIONS));
		if (received.isEmpty()) {
			return request;
		}
		List<String> fields = ExtensionOffer.wellFormed(received);
		return fields.equals(received) ? request : new WellFormedExtensionsRequest(request, fields);
	}

	@Override
	public @Nullable String getHeader(String name) {
		if (EXTENSIONS.equalsIgnoreCase(name)) {
			return this.fields.isEmpty() ? null : this.fields.get(0);
		}
		return super.getHeader(name);
	}

	@Override
	public Enumeration<String> getHeaders(String name) {
		return EXTENSIONS.equalsIgnoreCase(name) ? Collections.enumeration(this.fields) : super.getHeaders(name);
	}

}
