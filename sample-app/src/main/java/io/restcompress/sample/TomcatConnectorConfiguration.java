package io.restcompress.sample;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Turns off Tomcat's asynchronous IO API unless {@code sample.tomcat.async-io=true}: with it,
 * Tomcat 11 reads an HTTP/2 connection's preface and its first frames on two threads at once
 * now and then, and closes the connection ("Invalid frame type"), losing the first request
 * (docs/reliability.md).
 */
@Configuration(proxyBeanMethods = false)
class TomcatConnectorConfiguration {

	@Bean
	@ConditionalOnBooleanProperty(name = "sample.tomcat.async-io", havingValue = false, matchIfMissing = true)
	WebServerFactoryCustomizer<TomcatServletWebServerFactory> synchronousHttp2ConnectionStart() {
		return (factory) -> factory.addConnectorCustomizers((connector) -> connector.setProperty("useAsyncIO", "false"));
	}

}
