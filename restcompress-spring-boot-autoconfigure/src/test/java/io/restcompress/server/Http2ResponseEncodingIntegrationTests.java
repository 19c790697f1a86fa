package io.restcompress.server;

import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.springframework.boot.test.context.SpringBootTest;

/**
 * HTTP/2 responses on Tomcat.
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "server.http2.enabled=true")
class Http2ResponseEncodingIntegrationTests extends AbstractHttp2ResponseEncodingTests {

	@Override
	List<String> notModifiedPaths() {
		return List.of("/etag");
	}

	@Override
	String streamPath() {
		return "/sse";
	}

	@Override
	void endsTheStream() {
		TestEndpoints.streamGate = new CountDownLatch(0);
	}

}
