package io.restcompress.server;

import org.springframework.boot.test.context.SpringBootTest;

/**
 * Refused request bodies on Tomcat.
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "restcompress.server.request.drain-timeout=1s")
class RefusedBodyIntegrationTests extends AbstractRefusedBodyTests {

	@Override
	String echoPath() {
		return "/plain/echo";
	}

}
