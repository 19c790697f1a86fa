package io.restcompress.internal.server;

import jakarta.servlet.http.MappingMatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.mock.web.MockHttpServletMapping;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.util.ServletRequestPathUtils;

import static org.assertj.core.api.Assertions.assertThat;

class ServletApplicationPathsTests {

	@Test
	void readsThePathDispatcherServletParsed() {
		MockHttpServletRequest request = request();
		ServletRequestPathUtils.parseAndCache(request);
		assertThat(ServletApplicationPaths.applicationPath(request)).isEqualTo("/app/v1");
		assertThat(ServletApplicationPaths.pathWithinApplication(request)).isEqualTo("/api/feed%20x");
	}

	@Test
	void findsTheLookupPathWithoutCachingAParsedPathWhenNoneWasParsed() {
		MockHttpServletRequest request = request();
		assertThat(ServletApplicationPaths.applicationPath(request)).isEqualTo("/app/v1");
		assertThat(ServletApplicationPaths.pathWithinApplication(request)).isEqualTo("/api/feed%20x");
		assertThat(ServletRequestPathUtils.hasParsedRequestPath(request)).isFalse();
	}

	@ParameterizedTest(name = "{0} -> {1}")
	@CsvSource({ "/app;x=1, /app", "/app;x=1/v1;y, /app/v1", "/;x=1/app, /app", "/app/v1, /app/v1", "'', ''",
			"/a;b/c;d/e, /a/c/e" })
	void leavesPathParametersOut(String path, String expected) {
		assertThat(PathParameters.removeFrom(path)).isEqualTo(expected);
	}

	private static MockHttpServletRequest request() {
		MockHttpServletRequest request = new MockHttpServletRequest("GET", "/app/v1/api/feed%20x");
		request.setContextPath("/app");
		request.setServletPath("/v1");
		request.setPathInfo("/api/feed x");
		request.setHttpServletMapping(new MockHttpServletMapping("/api/feed x", "/v1/*", "dispatcher", MappingMatch.PATH));
		return request;
	}

}
