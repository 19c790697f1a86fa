package io.restcompress.websocket.autoconfigure;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.restcompress.websocket.CompressionHandshakeHandler;
import io.restcompress.websocket.MicrometerWebSocketMessageRecorder;
import io.restcompress.websocket.PerMessageDeflatePolicy;
import io.restcompress.websocket.WebSocketEngine;
import io.restcompress.websocket.WebSocketMessageRecorder;
import io.restcompress.websocket.WellFormedExtensionsFilter;
import jakarta.websocket.server.ServerContainer;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.web.socket.server.standard.StandardWebSocketUpgradeStrategy;

import static org.assertj.core.api.Assertions.assertThat;

class WebSocketCompressionAutoConfigurationTests {

	private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(WebSocketCompressionAutoConfiguration.class));

	@Test
	void providesTheHandshakeHandlerInAServletApplication() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(CompressionHandshakeHandler.class);
			assertThat(context).doesNotHaveBean(WebSocketMessageRecorder.class);
			assertThat(context.getBean(CompressionHandshakeHandler.class).unhonouredSettings(WebSocketEngine.TOMCAT))
				.isEmpty();
		});
	}

	@Test
	void registersTheFilterThatKeepsAMalformedOfferFromFailingAHandshake() {
		this.runner.run((context) -> assertThat(context).getBean("restCompressWebSocketExtensionsFilter")
			.isInstanceOf(FilterRegistrationBean.class)
			.extracting((registration) -> ((FilterRegistrationBean<?>) registration).getFilter())
			.isInstanceOf(WellFormedExtensionsFilter.class));
	}

	@Test
	void backsOffWhenTheApplicationRegistersTheFilterItself() {
		this.runner.withBean("ownFilter", WellFormedExtensionsFilter.class, WellFormedExtensionsFilter::new)
			.run((context) -> assertThat(context).doesNotHaveBean("restCompressWebSocketExtensionsFilter"));
	}

	@Test
	void offersPermessageDeflateWithFullWindowsAndContextTakeoverByDefault() {
		WebSocketCompressionProperties properties = new WebSocketCompressionProperties();
		assertThat(properties.isEnabled()).isTrue();
		assertThat(properties.isPermessageDeflate()).isTrue();
		assertThat(properties.getClientMaxWindowBits()).isEqualTo(15);
		assertThat(properties.getServerMaxWindowBits()).isEqualTo(15);
		assertThat(properties.isClientNoContextTakeover()).isFalse();
		assertThat(properties.isServerNoContextTakeover()).isFalse();
	}

	@Test
	void doesNothingOutsideAServletApplication() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(WebSocketCompressionAutoConfiguration.class))
			.run((context) -> assertThat(context).doesNotHaveBean(CompressionHandshakeHandler.class));
	}

	@Test
	void doesNothingInAReactiveApplication() {
		new ReactiveWebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(WebSocketCompressionAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(CompressionHandshakeHandler.class)
				.doesNotHaveBean(WebSocketCompressionProperties.class));
	}

	@Test
	void doesNothingWithoutSpringWebSocket() {
		this.runner.withClassLoader(new FilteredClassLoader(StandardWebSocketUpgradeStrategy.class))
			.run((context) -> assertThat(context).doesNotHaveBean(CompressionHandshakeHandler.class));
	}

	@Test
	void doesNothingWithoutTheJakartaWebSocketApi() {
		this.runner.withClassLoader(new FilteredClassLoader(ServerContainer.class))
			.run((context) -> assertThat(context).doesNotHaveBean(CompressionHandshakeHandler.class));
	}

	@Test
	void doesNothingWhenSwitchedOff() {
		this.runner.withPropertyValues("restcompress.websocket.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(CompressionHandshakeHandler.class));
	}

	@Test
	void doesNothingWhenRestcompressIsSwitchedOff() {
		this.runner.withPropertyValues("restcompress.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(CompressionHandshakeHandler.class));
	}

	@Test
	void backsOffWhenTheUserDefinesAHandshakeHandler() {
		CompressionHandshakeHandler own = new CompressionHandshakeHandler(
				PerMessageDeflatePolicy.DEFAULT, 15, WebSocketMessageRecorder.NONE);
		this.runner.withBean(CompressionHandshakeHandler.class, () -> own)
			.run((context) -> assertThat(context.getBean(CompressionHandshakeHandler.class)).isSameAs(own));
	}

	@Test
	void recordsIntoAMeterRegistry() {
		this.runner.withBean(SimpleMeterRegistry.class).run((context) -> {
			assertThat(context).getBean(WebSocketMessageRecorder.class)
				.isInstanceOf(MicrometerWebSocketMessageRecorder.class);
			context.getBean(WebSocketMessageRecorder.class).message(true, true, 100);
			assertThat(context.getBean(MeterRegistry.class)
				.get(MicrometerWebSocketMessageRecorder.MESSAGE_SIZE)
				.tags("direction", "outbound", "coding", "permessage-deflate")
				.summary()
				.totalAmount()).isEqualTo(100);
		});
	}

	@Test
	void backsOffWhenTheUserDefinesAMessageRecorder() {
		WebSocketMessageRecorder own = new WebSocketMessageRecorder() {
		};
		this.runner.withBean(SimpleMeterRegistry.class)
			.withBean(WebSocketMessageRecorder.class, () -> own)
			.run((context) -> {
				assertThat(context).hasSingleBean(WebSocketMessageRecorder.class);
				assertThat(context.getBean(WebSocketMessageRecorder.class)).isSameAs(own);
				assertThat(context.getBean(CompressionHandshakeHandler.class).getRequestUpgradeStrategy())
					.extracting("recorder")
					.isSameAs(own);
			});
	}

	@Test
	void recordsNothingWhenMetricsAreSwitchedOff() {
		this.runner.withBean(SimpleMeterRegistry.class)
			.withPropertyValues("restcompress.metrics.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(WebSocketMessageRecorder.class));
	}

	@Test
	void recordsNothingWithoutMicrometerOnTheClasspath() {
		this.runner.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.withBean(SimpleMeterRegistry.class)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context).doesNotHaveBean(WebSocketMessageRecorder.class);
			});
	}

	@Test
	void reportsSettingsTheEngineCannotHonour() {
		this.runner
			.withPropertyValues("restcompress.websocket.server-max-window-bits=10",
					"restcompress.websocket.client-max-window-bits=12")
			.run((context) -> {
				CompressionHandshakeHandler handler = context.getBean(CompressionHandshakeHandler.class);
				assertThat(handler.unhonouredSettings(WebSocketEngine.TOMCAT)).singleElement()
					.asString()
					.contains("server-max-window-bits=10");
				assertThat(handler.unhonouredSettings(WebSocketEngine.JETTY)).hasSize(2);
			});
	}

	@Test
	void failsToStartWithAWindowOutsideNineToFifteen() {
		this.runner.withPropertyValues("restcompress.websocket.client-max-window-bits=8")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessage("restcompress.websocket.client-max-window-bits must be 9 to 15 (RFC 7692), was 8"));
		this.runner.withPropertyValues("restcompress.websocket.server-max-window-bits=16")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessage("restcompress.websocket.server-max-window-bits must be 9 to 15 (RFC 7692), was 16"));
	}

	@Test
	void recordsIntoTheRegistryOfBootsMetricsAutoConfiguration() {
		this.runner
			.withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
					CompositeMeterRegistryAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class))
			.run((context) -> assertThat(context).getBean(WebSocketMessageRecorder.class)
				.isInstanceOf(MicrometerWebSocketMessageRecorder.class));
	}

}
