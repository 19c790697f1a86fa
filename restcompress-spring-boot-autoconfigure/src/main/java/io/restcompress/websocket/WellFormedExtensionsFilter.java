package io.restcompress.websocket;

import java.io.IOException;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;

/**
 * Hands a WebSocket handshake request on with its well-formed {@code Sec-WebSocket-Extensions}
 * fields only, rewritten as every parser reads them ({@link WellFormedExtensionsRequest}).
 * Spring's handshake reads the offers before the engine does, with a parser that failed the
 * handshake with a {@code 500} on a field it cannot read ({@code permessage-deflate, ;}), where
 * RFC 7692 has the server decline the offer. Other requests pass as they are. The
 * auto-configuration registers it for every request.
 */
public final class WellFormedExtensionsFilter implements Filter {

	@Override
	public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
			throws IOException, ServletException {
		chain.doFilter((request instanceof HttpServletRequest http && isHandshake(http))
				? WellFormedExtensionsRequest.of(http) : request, response);
	}

	private static boolean isHandshake(HttpServletRequest request) {
		return "websocket".equalsIgnoreCase(request.getHeader("Upgrade"));
	}

}
