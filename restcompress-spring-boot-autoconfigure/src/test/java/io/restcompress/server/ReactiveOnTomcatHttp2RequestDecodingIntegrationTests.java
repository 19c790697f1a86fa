package io.restcompress.server;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.tomcat.reactive.TomcatReactiveWebServerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * HTTP/2 request bodies on WebFlux served by Tomcat, which, unlike Reactor Netty, hands a body
 * framed by HTTP/2 to the application without {@code Content-Length} or
 * {@code Transfer-Encoding}.
 */
@SpringBootTest(
		classes = { ReactiveTestApplication.class, ReactiveOnTomcatHttp2RequestDecodingIntegrationTests.OnTomcat.class },
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.main.web-application-type=reactive", "server.http2.enabled=true",
				"restcompress.server.request.max-decoded-size=2MB" })
class ReactiveOnTomcatHttp2RequestDecodingIntegrationTests extends AbstractHttp2RequestDecodingTests {

	@Override
	String echoPath() {
		return "/echo";
	}

	@Configuration(proxyBeanMethods = false)
	static class OnTomcat {

		@Bean
		TomcatReactiveWebServerFactory tomcatReactiveWebServerFactory() {
			return new TomcatReactiveWebServerFactory();
		}

	}

}
