package io.restcompress.server;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The adaptive decision against what a peer says about itself: a client that refuses identity,
 * and a client behind a proxy that the application trusts to forward its address, on both
 * stacks.
 */
class AdaptiveDecisionPeersIntegrationTests {

	/**
	 * A loopback peer gets identity under the adaptive decision, unless it refuses identity
	 * (RFC 9110, section 12.5.3): then the coding it accepts.
	 */
	@Nested
	@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = "restcompress.server.decision=adaptive")
	class ServletClientRefusingIdentity extends AbstractServerIntegrationTests {

		@ParameterizedTest
		@ValueSource(strings = { "gzip, identity;q=0", "gzip, *;q=0" })
		void getsTheCodingItAcceptsOverLoopback(String acceptEncoding) {
			assertThat(this.http.get("/large").headers().firstValue("Content-Encoding")).isEmpty();
			HttpResponse<byte[]> response = this.http.get("/large", "Accept-Encoding", acceptEncoding);
			assertThat(header(response, "Content-Encoding")).isEqualTo("gzip");
			assertThat(HttpTestClient.decode("gzip", response.body())).isEqualTo(TestEndpoints.LARGE);
		}

	}

	@Nested
	@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "spring.main.web-application-type=reactive", "restcompress.server.decision=adaptive" })
	class ReactiveClientRefusingIdentity extends AbstractServerIntegrationTests {

		@ParameterizedTest
		@ValueSource(strings = { "gzip, identity;q=0", "gzip, *;q=0" })
		void getsTheCodingItAcceptsOverLoopback(String acceptEncoding) {
			assertThat(header(this.http.get("/known-length/20000", "Accept-Encoding", acceptEncoding),
					"Content-Encoding"))
				.isEqualTo("gzip");
		}

	}

	@Nested
	@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "restcompress.server.decision=adaptive", "restcompress.decision.explore=false",
					"server.forward-headers-strategy=framework", "restcompress.network.links[0].name=branch",
					"restcompress.network.links[0].addresses=203.0.113.0/24",
					"restcompress.network.links[0].bandwidth=10Mbit" })
	class ServletForwardedClient extends AbstractServerIntegrationTests {

		@ParameterizedTest
		@ValueSource(strings = { "X-Forwarded-For", "Forwarded" })
		void isMatchedByItsOwnAddress(String field) {
			String value = field.equals("Forwarded") ? "for=203.0.113.7" : "203.0.113.7";
			assertThat(header(this.http.get("/large", "Accept-Encoding", "gzip", field, value), "Content-Encoding"))
				.isEqualTo("gzip");
			assertThat(this.http.get("/large", "Accept-Encoding", "gzip").headers().firstValue("Content-Encoding"))
				.isEmpty();
		}

	}

	@Nested
	@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "spring.main.web-application-type=reactive", "restcompress.server.decision=adaptive",
					"restcompress.decision.explore=false", "server.forward-headers-strategy=framework", "restcompress.network.links[0].name=branch",
					"restcompress.network.links[0].addresses=203.0.113.0/24",
					"restcompress.network.links[0].bandwidth=10Mbit" })
	class ReactiveForwardedClient extends AbstractServerIntegrationTests {

		@ParameterizedTest
		@ValueSource(strings = { "X-Forwarded-For", "Forwarded" })
		void isMatchedByItsOwnAddress(String field) {
			String value = field.equals("Forwarded") ? "for=203.0.113.7" : "203.0.113.7";
			assertThat(header(this.http.get("/known-length/20000", "Accept-Encoding", "gzip", field, value),
					"Content-Encoding"))
				.isEqualTo("gzip");
			assertThat(this.http.get("/known-length/20000", "Accept-Encoding", "gzip")
				.headers()
				.firstValue("Content-Encoding")).isEmpty();
		}

	}

}
