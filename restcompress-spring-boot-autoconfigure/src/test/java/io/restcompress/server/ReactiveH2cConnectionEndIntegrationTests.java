package io.restcompress.server;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

/**
 * {@link ReactiveConnectionEndIntegrationTests} on a server that also offers h2c, whose HTTP/1.1
 * connections Reactor Netty sets up to be upgraded.
 */
@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "spring.main.web-application-type=reactive", "server.http2.enabled=true" })
class ReactiveH2cConnectionEndIntegrationTests extends ReactiveConnectionEndIntegrationTests {

}
