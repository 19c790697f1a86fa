package io.restcompress.server;

import org.springframework.boot.test.context.SpringBootTest;

/**
 * HTTP/2 request bodies on Reactor Netty.
 */
@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.main.web-application-type=reactive", "server.http2.enabled=true",
				"restcompress.server.request.max-decoded-size=2MB" })
class ReactiveHttp2RequestDecodingIntegrationTests extends AbstractHttp2RequestDecodingTests {

	@Override
	String echoPath() {
		return "/echo";
	}

}
