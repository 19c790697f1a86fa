package io.restcompress.internal.server;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.web.util.ServletRequestPathUtils;
import org.springframework.web.util.UrlPathHelper;

/**
 * Where a Spring MVC application's paths start: after the context path and, for a
 * DispatcherServlet mapped below a path of its own ({@code spring.mvc.servlet.path}), after
 * that path as well, as Spring MVC's handler mappings see them. Match patterns and the trained
 * dictionaries' URLs are written within the application, and clients see them below both.
 * Read from the request path DispatcherServlet parsed, else (with the Ant-style path matcher) as
 * UrlPathHelper finds the lookup path, undecoded, without caching anything on the request.
 */
public final class ServletApplicationPaths {

	private static final UrlPathHelper LOOKUP_PATHS = undecodedLookupPaths();

	private ServletApplicationPaths() {
	}

	/**
	 * Returns the path a request's application is below, without the path parameters a client
	 * may have put into it ({@code /app;x=1}, or {@code /;x=1/app}, which would otherwise read
	 * as {@code //app}, a reference to host {@code app}): they are the client's, not the
	 * application's.
	 * @param request the request
	 * @return the context path and the servlet's own path, empty at the server's root
	 */
	public static String applicationPath(HttpServletRequest request) {
		String whole = ServletRequestPathUtils.hasParsedRequestPath(request)
				? ServletRequestPathUtils.getParsedRequestPath(request).value() : request.getRequestURI();
		String within = pathWithinApplication(request);
		String path = whole.endsWith(within) ? whole.substring(0, whole.length() - within.length())
				: request.getContextPath();
		return PathParameters.removeFrom(path);
	}


	/**
	 * Returns a request's path within its application, as handler mappings match it.
	 * @param request the request
	 * @return the path
	 */
	public static String pathWithinApplication(HttpServletRequest request) {
		if (ServletRequestPathUtils.hasParsedRequestPath(request)) {
			return ServletRequestPathUtils.getParsedRequestPath(request).pathWithinApplication().value();
		}
		return LOOKUP_PATHS.getLookupPathForRequest(request);
	}

	private static UrlPathHelper undecodedLookupPaths() {
		UrlPathHelper lookupPaths = new UrlPathHelper();
		lookupPaths.setUrlDecode(false);
		lookupPaths.setRemoveSemicolonContent(false);
		return lookupPaths;
	}

}
