package io.restcompress.dictionary;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Serves trained dictionaries at their stable URLs on Spring MVC: {@code GET <prefix>/<hash>}
 * answers the raw dictionary with {@code Use-As-Dictionary} naming its pattern, so that a client
 * that follows the {@code Link} keeps it for the pattern's paths. Mapped to {@code <prefix>/*}
 * only, so that no other request passes through it.
 */
public class TrainedDictionaryFilter extends OncePerRequestFilter {

	private final DictionaryTrainer trainer;

	/**
	 * @param trainer the trained dictionaries
	 */
	public TrainedDictionaryFilter(DictionaryTrainer trainer) {
		this.trainer = trainer;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		StoredDictionary dictionary = "GET".equals(request.getMethod()) ? this.trainer.served(request.getRequestURI())
				: null;
		if (dictionary == null) {
			chain.doFilter(request, response);
			return;
		}
		DictionaryTrainer.servedFields(dictionary).forEach(response::setHeader);
		response.getOutputStream().write(dictionary.content());
	}

}
