package io.restcompress.client;

import java.net.URI;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The origin the clients keep what they learn under, and offer dictionaries to.
 */
class OriginCacheTests {

	@Test
	void anOriginIsSchemeHostAndPortWithTheDefaultPortSpelledOut() {
		assertThat(OriginCache.origin(URI.create("HTTP://Api.Example.com/orders"))).isEqualTo("http://api.example.com:80");
		assertThat(OriginCache.origin(URI.create("https://api.example.com:443/"))).isEqualTo("https://api.example.com:443");
		assertThat(OriginCache.origin(URI.create("http://[::1]:8080/"))).isEqualTo("http://[::1]:8080");
	}

	@Test
	void hostsThatUriDoesNotTakeForServerNamesStayDistinctOrigins() {
		assertThat(OriginCache.origin(URI.create("http://svc_a:8080/orders"))).isEqualTo("http://svc_a:8080");
		assertThat(OriginCache.origin(URI.create("http://user@Svc_B/orders"))).isEqualTo("http://svc_b:80");
		assertThat(RedirectHops.sameOrigin(URI.create("http://svc_a:8080/x"), URI.create("http://svc_b:8080/x")))
			.isFalse();
		assertThat(RedirectHops.sameOrigin(URI.create("http://svc_a:8080/x"), URI.create("http://svc_a:8080/y")))
			.isTrue();
	}

}
