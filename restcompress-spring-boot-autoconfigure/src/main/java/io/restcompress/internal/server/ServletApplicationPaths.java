package io.restcompress.internal.server;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.server.RequestPath;
import org.springframework.web.util.ServletRequestPathUtils;

/**
 * Where a Spring MVC application's paths start: after the context path and, for a
 * DispatcherServlet mapped below a path of its own ({@code spring.mvc.servlet.path}), after
 * that path as well, as Spring MVC's handler mappings see them. Match patterns and the trained
 * dictionaries' URLs are written within the application, and clients see them below both.
 */
public final class ServletApplicationPaths {

	private ServletApplicationPaths() {
	}

	/**
	 * Returns the path a request's application is below.
	 * @param request the request
	 * @return the context path and the servlet's own path, empty at the server's root
	 */
	public static String applicationPath(HttpServletRequest request) {
		RequestPath path = requestPath(request);
		String whole = path.value();
		return whole.substring(0, whole.length() - path.pathWithinApplication().value().length());
	}

	/**
	 * Returns a request's path within its application, as handler mappings match it.
	 * @param request the request
	 * @return the path
	 */
	public static String pathWithinApplication(HttpServletRequest request) {
		return requestPath(request).pathWithinApplication().value();
	}

	private static RequestPath requestPath(HttpServletRequest request) {
		return ServletRequestPathUtils.hasParsedRequestPath(request)
				? ServletRequestPathUtils.getParsedRequestPath(request) : ServletRequestPathUtils.parseAndCache(request);
	}

}
