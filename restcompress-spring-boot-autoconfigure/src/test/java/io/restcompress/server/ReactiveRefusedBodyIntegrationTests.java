package io.restcompress.server;

import org.springframework.boot.test.context.SpringBootTest;

/**
 * Refused request bodies on Reactor Netty.
 */
@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.main.web-application-type=reactive", "restcompress.server.request.drain-timeout=1s" })
class ReactiveRefusedBodyIntegrationTests extends AbstractRefusedBodyTests {

	@Override
	String echoPath() {
		return "/echo";
	}

}
