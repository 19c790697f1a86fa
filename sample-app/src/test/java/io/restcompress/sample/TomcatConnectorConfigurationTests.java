package io.restcompress.sample;

import org.apache.coyote.AbstractProtocol;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;

import static org.assertj.core.api.Assertions.assertThat;

class TomcatConnectorConfigurationTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withUserConfiguration(TomcatConnectorConfiguration.class);

	@Test
	@SuppressWarnings("unchecked")
	void startsTomcatWithoutTheAsynchronousIoApiByDefault() {
		this.contextRunner.run((context) -> {
			TomcatServletWebServerFactory factory = new TomcatServletWebServerFactory(0);
			context.getBean(WebServerFactoryCustomizer.class).customize(factory);
			TomcatWebServer server = (TomcatWebServer) factory.getWebServer();
			try {
				server.start();
				AbstractProtocol<?> protocol = (AbstractProtocol<?>) server.getTomcat().getConnector().getProtocolHandler();
				assertThat(protocol.getProperty("useAsyncIO")).isEqualTo("false");
			}
			finally {
				server.stop();
			}
		});
	}

	@Test
	void leavesTomcatsDefaultWhenAsynchronousIoIsAskedFor() {
		this.contextRunner.withPropertyValues("sample.tomcat.async-io=true")
			.run((context) -> assertThat(context).doesNotHaveBean(WebServerFactoryCustomizer.class));
	}

}
