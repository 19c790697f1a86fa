package io.restcompress.dictionary;

import java.io.IOException;
import java.util.Collections;

import io.restcompress.codec.AcceptEncoding;
import io.restcompress.internal.server.ServletApplicationPaths;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.web.HttpRequestHandler;

/**
 * Serves trained dictionaries at their stable URLs on Spring MVC, as a handler behind the
 * application's servlet filters (Spring Security's among them): {@code GET <prefix>/<hash>}
 * answers the raw dictionary with {@code Use-As-Dictionary} naming its pattern, so that a client
 * that follows the {@code Link} keeps it for the pattern's paths; {@code HEAD} answers its header
 * fields; an unknown hash is a 404 and any other method a 405. The body is in the coding the
 * client's {@code Accept-Encoding} selects ({@link DictionaryResponseBodies}).
 */
public class TrainedDictionaryHandler implements HttpRequestHandler {

	private final DictionaryTrainer trainer;

	private final DictionaryResponseBodies bodies;

	/**
	 * Creates the handler.
	 * @param trainer the trained dictionaries
	 * @param bodies the bodies they are served with, in the coding the client accepts
	 */
	public TrainedDictionaryHandler(DictionaryTrainer trainer, DictionaryResponseBodies bodies) {
		this.trainer = trainer;
		this.bodies = bodies;
	}

	@Override
	public void handleRequest(HttpServletRequest request, HttpServletResponse response) throws IOException {
		boolean head = "HEAD".equals(request.getMethod());
		if (!head && !"GET".equals(request.getMethod())) {
			response.setHeader(HttpHeaders.ALLOW, "GET, HEAD");
			response.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
			return;
		}
		StoredDictionary dictionary = this.trainer.served(ServletApplicationPaths.pathWithinApplication(request));
		if (dictionary == null) {
			response.sendError(HttpServletResponse.SC_NOT_FOUND);
			return;
		}
		DictionaryResponseBodies.Response served = this.bodies.serve(dictionary,
				ServletApplicationPaths.applicationPath(request),
				AcceptEncoding.parse(Collections.list(request.getHeaders(HttpHeaders.ACCEPT_ENCODING))),
				response.getHeaders(HttpHeaders.VARY));
		served.fields().forEach(response::setHeader);
		if (!head) {
			response.getOutputStream().write(served.body());
		}
	}

}
