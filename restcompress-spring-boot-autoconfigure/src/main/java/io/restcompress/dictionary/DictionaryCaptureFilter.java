package io.restcompress.dictionary;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Keeps the bodies of {@link DictionaryCompressed} handlers' {@code 200} responses to
 * {@code GET} in the {@link DictionaryStore}. Runs inside the content-coding filter, so it sees
 * the body before it is encoded. Streamed (asynchronous) responses are not kept.
 */
public class DictionaryCaptureFilter extends OncePerRequestFilter {

	private final DictionaryStore store;

	private final DictionaryDeclarations declarations;

	/**
	 * Creates the filter.
	 * @param store where dictionaries are kept
	 * @param declarations which handlers are dictionaries
	 */
	public DictionaryCaptureFilter(DictionaryStore store, DictionaryDeclarations declarations) {
		this.store = store;
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
				this.store.maxSize());
		chain.doFilter(request, capturing);
		if (!request.isAsyncStarted()) {
			CapturingResponseWrapper.Captured captured = capturing.captured();
			if (captured != null) {
				this.store.store(captured.body(), captured.match(), captured.id());
			}
		}
	}

}
