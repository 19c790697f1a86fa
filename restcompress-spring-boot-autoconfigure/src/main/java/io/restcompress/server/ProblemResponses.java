package io.restcompress.server;

import java.io.IOException;

import io.restcompress.codec.ContentDecodingException;
import io.restcompress.internal.server.CodingProblem;
import io.restcompress.internal.server.RequestDecodingRules;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;

/**
 * Writes the {@link CodingProblem problem responses} for request bodies the servlet server
 * refuses.
 */
final class ProblemResponses {

	private ProblemResponses() {
	}

	/**
	 * Answers a body that failed to decode with its problem, after reading and dropping what
	 * is left of the body as sent, up to {@link RequestDecodingRules#MAX_DRAINED_BODY}: over
	 * HTTP/2, Tomcat ends the whole connection ({@code GOAWAY}) when a stream's answer leaves
	 * the body unread, and the client reports that instead of the problem. Not always
	 * ({@link RequestDecodingRules#drainsAfterDecodingFailure}). An HTTP/1.x answer that leaves
	 * the body unread closes the connection, and says so.
	 */
	static void decodingFailed(HttpServletRequest request, HttpServletResponse response,
			ContentDecodingException failure) throws IOException {
		boolean overHttp1 = RequestDecodingRules.isHttp1(request.getProtocol());
		boolean bodyRead = false;
		if (RequestDecodingRules.drainsAfterDecodingFailure(failure, overHttp1)
				&& request.getAttribute(DecodingRequestWrapper.ATTRIBUTE) instanceof DecodingRequestWrapper decoding) {
			bodyRead = decoding.drainRest();
		}
		if (!response.isCommitted() && RequestDecodingRules.closesAfterRefusal(bodyRead, overHttp1)) {
			response.setHeader(HttpHeaders.CONNECTION, "close");
		}
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
