package io.restcompress.server;

import org.springframework.boot.test.context.SpringBootTest;

/**
 * The drained part of a refused body on Reactor Netty. The decoders' idle timeout, which also
 * ends a drain whose body stops coming, is as long as the drain timeout here.
 */
@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.main.web-application-type=reactive", "restcompress.server.request.drain-timeout=10m",
				"restcompress.server.request.decoder-idle-timeout=10m" })
class ReactiveRefusedBodyLimitIntegrationTests extends AbstractRefusedBodyLimitTests {

	@Override
	String echoPath() {
		return "/echo";
	}

}
