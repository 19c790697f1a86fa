package io.restcompress.internal.server;

/**
 * The path parameters ({@code ;name=value}) a client may put into the segments of a request
 * path, which no web stack's mappings need and restcompress never repeats back. Free of any
 * web stack's types, so that servlet and reactive code can share it.
 */
public final class PathParameters {

	private PathParameters() {
	}

	/**
	 * Returns a path without its path parameters ({@code /app;x=1/a;b} becomes {@code /app/a}),
	 * dropping a segment that held nothing else ({@code /;x=1/app} becomes {@code /app}).
	 * @param path the path as the client sent it
	 * @return the path
	 */
	public static String removeFrom(String path) {
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

}
