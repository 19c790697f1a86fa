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
		return withoutPathParameters(path);
	}

	/**
	 * Returns a path without its path parameters ({@code /app;x=1/a;b} becomes {@code /app/a}),
	 * dropping a segment that held nothing else ({@code /;x=1/app} becomes {@code /app}).
	 * @param path the path as the client sent it
	 * @return the path
	 */
	public static String withoutPathParameters(String path) {
		if (path.indexOf(';') == -1) {
			return path;
		}
		StringBuilder kept = new StringBuilder(path.length());
		int start = 0;
		while (start < path.length()) {
			int next = path.indexOf('/', start + 1);
			int end = (next != -1) ? next : path.length();
			int semicolon = path.indexOf(';', start);
			if (semicolon == -1 || semicolon >= end) {
				kept.append(path, start, end);
			}
			else if (semicolon > start + 1 || path.charAt(start) != '/') {
				kept.append(path, start, semicolon);
			}
			start = end;
		}
		return kept.toString();
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
