package io.restcompress.server;

import org.springframework.boot.test.context.SpringBootTest;

/**
 * HTTP/2 request bodies on Tomcat, whose requests without {@code Content-Length} carry no
 * {@code Transfer-Encoding}.
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "server.http2.enabled=true", "restcompress.server.request.max-decoded-size=2MB" })
class Http2RequestDecodingIntegrationTests extends AbstractHttp2RequestDecodingTests {

	@Override
	String echoPath() {
		return "/plain/echo";
	}

}
