package io.restcompress.server;

import java.io.IOException;

import io.restcompress.codec.ContentDecodingException;
import io.restcompress.internal.server.CodingProblem;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Writes the {@link CodingProblem problem responses} for request bodies the servlet server
 * refuses.
 */
final class ProblemResponses {

	private ProblemResponses() {
	}

	static void decodingFailed(HttpServletRequest request, HttpServletResponse response,
			ContentDecodingException failure) throws IOException {
		write(request, response, CodingProblem.decodingFailed(failure));
	}

	static void write(HttpServletRequest request, HttpServletResponse response, CodingProblem problem)
			throws IOException {
		if (response.isCommitted()) {
			return;
		}
		response.resetBuffer();
		response.setStatus(problem.status().value());
		problem.applyTo(new ServletResponseFields(response));
		byte[] bytes = problem.body((request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI) instanceof String failed)
				? failed : request.getRequestURI());
		response.setContentLength(bytes.length);
		response.getOutputStream().write(bytes);
		response.flushBuffer();
	}

}
