package io.restcompress.server;

import org.springframework.boot.test.context.SpringBootTest;

/**
 * The drained part of a refused body on Tomcat.
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "restcompress.server.request.drain-timeout=10m")
class RefusedBodyLimitIntegrationTests extends AbstractRefusedBodyLimitTests {

	@Override
	String echoPath() {
		return "/plain/echo";
	}

}
