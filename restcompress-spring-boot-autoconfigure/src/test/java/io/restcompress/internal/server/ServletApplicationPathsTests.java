package io.restcompress.internal.server;

import jakarta.servlet.http.MappingMatch;
import org.junit.jupiter.api.Test;

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

	private static MockHttpServletRequest request() {
		MockHttpServletRequest request = new MockHttpServletRequest("GET", "/app/v1/api/feed%20x");
		request.setContextPath("/app");
		request.setServletPath("/v1");
		request.setPathInfo("/api/feed x");
		request.setHttpServletMapping(new MockHttpServletMapping("/api/feed x", "/v1/*", "dispatcher", MappingMatch.PATH));
		return request;
	}

}
