package io.restcompress.dictionary;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.jspecify.annotations.Nullable;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Keeps the bodies of {@link DictionaryCompressed} handlers' {@code 200} responses to
 * {@code GET} in the {@link DictionaryStore}. Runs inside the content-coding filter, so it sees
 * the body before it is encoded; {@link DictionaryExchangeCodings} starts the capture once the
 * handler is known. Streamed (asynchronous) responses are not kept.
 */
public class DictionaryCaptureFilter extends OncePerRequestFilter {

	private static final String ATTRIBUTE = DictionaryCaptureFilter.class.getName() + ".response";

	private final DictionaryStore store;

	private final long maxSize;

	/**
	 * Creates the filter.
	 * @param store where dictionaries are kept
	 * @param maxSize the largest body kept, in bytes
	 */
	public DictionaryCaptureFilter(DictionaryStore store, long maxSize) {
		this.store = store;
		this.maxSize = maxSize;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (!"GET".equals(request.getMethod())) {
			chain.doFilter(request, response);
			return;
		}
		CapturingResponseWrapper capturing = new CapturingResponseWrapper(response, this.maxSize);
		request.setAttribute(ATTRIBUTE, capturing);
		chain.doFilter(request, capturing);
		if (!request.isAsyncStarted()) {
			CapturingResponseWrapper.Captured captured = capturing.captured();
			if (captured != null) {
				this.store.store(captured.body(), captured.match(), captured.id());
			}
		}
	}

	static @Nullable CapturingResponseWrapper find(ServletRequest request) {
		return (CapturingResponseWrapper) request.getAttribute(ATTRIBUTE);
	}

}
