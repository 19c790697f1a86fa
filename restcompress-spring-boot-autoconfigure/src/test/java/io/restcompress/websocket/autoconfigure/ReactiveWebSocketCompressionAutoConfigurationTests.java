package io.restcompress.websocket.autoconfigure;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.restcompress.websocket.MicrometerWebSocketMessageRecorder;
import io.restcompress.websocket.PerMessageDeflatePolicy;
import io.restcompress.websocket.ReactorNettyWebSocketCompression;
import io.restcompress.websocket.WebSocketMessageRecorder;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import reactor.netty.http.server.WebsocketServerSpec;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.web.reactive.socket.server.upgrade.ReactorNettyRequestUpgradeStrategy;

import static org.assertj.core.api.Assertions.assertThat;

class ReactiveWebSocketCompressionAutoConfigurationTests {

	private final ReactiveWebApplicationContextRunner runner = new ReactiveWebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ReactiveWebSocketCompressionAutoConfiguration.class));

	@Test
	void providesTheReactorNettyMappingInAReactiveApplication() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(ReactorNettyWebSocketCompression.class);
			ReactorNettyWebSocketCompression compression = context.getBean(ReactorNettyWebSocketCompression.class);
			assertThat(compression.unhonouredSettings()).isEmpty();
			WebsocketServerSpec spec = compression.serverSpec().build();
			assertThat(spec.compress()).isTrue();
			assertThat(spec.compressionAllowServerNoContext()).isTrue();
			assertThat(spec.compressionPreferredClientNoContext()).isTrue();
		});
	}

	@Test
	void switchesNettysCompressionOffWithPermessageDeflate() {
		this.runner.withPropertyValues("restcompress.websocket.permessage-deflate=false")
			.run((context) -> assertThat(
					context.getBean(ReactorNettyWebSocketCompression.class).serverSpec().build().compress())
				.isFalse());
	}

	@Test
	void doesNothingInAServletApplication() {
		new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(ReactiveWebSocketCompressionAutoConfiguration.class))
			.run((context) -> assertThat(context).doesNotHaveBean(ReactorNettyWebSocketCompression.class));
	}

	@Test
	void doesNothingWithoutReactorNetty() {
		this.runner.withClassLoader(new FilteredClassLoader(WebsocketServerSpec.class))
			.run((context) -> assertThat(context).doesNotHaveBean(ReactorNettyWebSocketCompression.class));
	}

	@Test
	void doesNothingWithoutSpringsReactorNettyUpgradeStrategy() {
		this.runner.withClassLoader(new FilteredClassLoader(ReactorNettyRequestUpgradeStrategy.class))
			.run((context) -> assertThat(context).doesNotHaveBean(ReactorNettyWebSocketCompression.class));
	}

	@Test
	void doesNothingWhenSwitchedOff() {
		this.runner.withPropertyValues("restcompress.websocket.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(ReactorNettyWebSocketCompression.class));
		this.runner.withPropertyValues("restcompress.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(ReactorNettyWebSocketCompression.class));
	}

	@Test
	void backsOffWhenTheUserDefinesTheMapping() {
		ReactorNettyWebSocketCompression own = new ReactorNettyWebSocketCompression(PerMessageDeflatePolicy.DEFAULT,
				15);
		this.runner.withBean(ReactorNettyWebSocketCompression.class, () -> own)
			.run((context) -> assertThat(context.getBean(ReactorNettyWebSocketCompression.class)).isSameAs(own));
	}

	@Test
	void reportsOnlyTheServerWindowAsASettingNettyCannotHonour() {
		this.runner
			.withPropertyValues("restcompress.websocket.server-max-window-bits=10",
					"restcompress.websocket.client-max-window-bits=12",
					"restcompress.websocket.server-no-context-takeover=true",
					"restcompress.websocket.client-no-context-takeover=true")
			.run((context) -> assertThat(context.getBean(ReactorNettyWebSocketCompression.class).unhonouredSettings())
				.singleElement(InstanceOfAssertFactories.STRING)
				.startsWith("restcompress.websocket.server-max-window-bits=10 is not honoured on REACTOR_NETTY"));
	}

	@Test
	void recordsSessionsIntoAMeterRegistry() {
		this.runner.withBean(SimpleMeterRegistry.class)
			.run((context) -> assertThat(context).getBean(WebSocketMessageRecorder.class)
				.isInstanceOf(MicrometerWebSocketMessageRecorder.class));
	}

	@Test
	void recordsNothingWithoutAMeterRegistryOrWhenMetricsAreOff() {
		this.runner.run((context) -> assertThat(context).doesNotHaveBean(WebSocketMessageRecorder.class));
		this.runner.withBean(SimpleMeterRegistry.class)
			.withPropertyValues("restcompress.metrics.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(WebSocketMessageRecorder.class));
		this.runner.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.withBean(SimpleMeterRegistry.class)
			.run((context) -> assertThat(context).doesNotHaveBean(WebSocketMessageRecorder.class));
	}

	@Test
	void backsOffWhenTheUserDefinesAMessageRecorder() {
		WebSocketMessageRecorder own = new WebSocketMessageRecorder() {
		};
		this.runner.withBean(SimpleMeterRegistry.class)
			.withBean(WebSocketMessageRecorder.class, () -> own)
			.run((context) -> assertThat(context).getBean(WebSocketMessageRecorder.class).isSameAs(own));
	}

	@Test
	void failsToStartWithAWindowOutsideNineToFifteen() {
		this.runner.withPropertyValues("restcompress.websocket.server-max-window-bits=16")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessage("restcompress.websocket.server-max-window-bits must be 9 to 15 (RFC 7692), was 16"));
		this.runner.withPropertyValues("restcompress.websocket.client-max-window-bits=16")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessage("restcompress.websocket.client-max-window-bits must be 9 to 15 (RFC 7692), was 16"));
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
