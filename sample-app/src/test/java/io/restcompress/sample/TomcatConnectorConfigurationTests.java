package io.restcompress.sample;

import java.lang.reflect.Method;

import org.apache.coyote.AbstractProtocol;
import org.apache.tomcat.util.net.AbstractEndpoint;
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
				assertThat(endpoint(server).getUseAsyncIO()).isFalse();
			}
			finally {
				server.stop();
			}
		});
	}

	/**
	 * The connector's endpoint, which holds the setting in effect ({@code getProperty} returns
	 * whatever string was set, a misspelt name included).
	 */
	private static AbstractEndpoint<?, ?> endpoint(TomcatWebServer server) throws ReflectiveOperationException {
		Method getEndpoint = AbstractProtocol.class.getDeclaredMethod("getEndpoint");
		getEndpoint.setAccessible(true);
		return (AbstractEndpoint<?, ?>) getEndpoint.invoke(server.getTomcat().getConnector().getProtocolHandler());
	}

	@Test
	void leavesTomcatsDefaultWhenAsynchronousIoIsAskedFor() {
		this.contextRunner.withPropertyValues("sample.tomcat.async-io=true")
			.run((context) -> assertThat(context).doesNotHaveBean(WebServerFactoryCustomizer.class));
	}

}
