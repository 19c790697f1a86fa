package io.restcompress.dictionary;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Keeps the bodies of {@link DictionaryCompressed} handlers' {@code 200} responses to
 * {@code GET} as dictionaries or training samples ({@link CapturedBodies}). Runs inside the content-coding filter, so it sees
 * the body before it is encoded. Streamed (asynchronous) responses are not kept.
 */
public class DictionaryCaptureFilter extends OncePerRequestFilter {

	private final CapturedBodies bodies;

	private final DictionaryDeclarations declarations;

	/**
	 * Creates the filter.
	 * @param bodies where kept bodies go
	 * @param declarations which handlers are dictionaries
	 */
	public DictionaryCaptureFilter(CapturedBodies bodies, DictionaryDeclarations declarations) {
		this.bodies = bodies;
		this.declarations = declarations;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (!"GET".equals(request.getMethod())) {
			chain.doFilter(request, response);
			return;
		}
		CapturingResponseWrapper capturing = new CapturingResponseWrapper(request, response, this.declarations,
				this.bodies.maxSize());
		chain.doFilter(request, capturing);
		if (!request.isAsyncStarted()) {
			CapturingResponseWrapper.Captured captured = capturing.captured();
			if (captured != null) {
				this.bodies.keep(captured.declaration(), captured.body());
			}
		}
	}

}
