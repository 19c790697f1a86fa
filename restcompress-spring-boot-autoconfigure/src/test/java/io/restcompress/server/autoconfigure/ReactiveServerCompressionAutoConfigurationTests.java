package io.restcompress.server.autoconfigure;

import java.time.Duration;
import java.util.concurrent.ThreadPoolExecutor;

import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.autoconfigure.ContentCodecAutoConfiguration;
import io.restcompress.codec.autoconfigure.GzipOnlyCodecsConfiguration;
import io.restcompress.internal.reactive.Http1ResponsesInFlight;
import io.restcompress.internal.server.ResponseEncodingRules;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.server.ContentCodingFilter;
import io.restcompress.server.ServerCompressionSettings;
import io.restcompress.server.reactive.ContentCodingWebFilter;
import io.restcompress.server.reactive.ContentDecodingHttpHandler;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.netty.ConnectionObserver;
import reactor.netty.NettyPipeline;
import reactor.netty.http.server.HttpServer;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.HttpHandlerDecoratorFactory;
import org.springframework.web.server.WebFilter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.type;
import static org.mockito.Mockito.mock;

/**
 * Tests for {@link ReactiveServerCompressionAutoConfiguration}, and that each web stack gets
 * its own server side only.
 */
class ReactiveServerCompressionAutoConfigurationTests {

	private static final AutoConfigurations AUTO_CONFIGURATIONS = AutoConfigurations.of(
			ContentCodecAutoConfiguration.class, ServerCompressionAutoConfiguration.class,
			ReactiveServerCompressionAutoConfiguration.class);

	private final ReactiveWebApplicationContextRunner contextRunner = new ReactiveWebApplicationContextRunner()
		.withConfiguration(AUTO_CONFIGURATIONS);

	@Test
	void registersWebFilterAndRequestDecodingInAReactiveApplication() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(ContentCodingWebFilter.class)
				.hasSingleBean(HttpHandlerDecoratorFactory.class)
				.hasSingleBean(ServerCompressionSettings.class)
				.hasSingleBean(ResponseEncodingRules.class)
				.doesNotHaveBean(FilterRegistrationBean.class)
				.doesNotHaveBean(ContentCodingFilter.class);
			assertThat(context.getBean(ContentCodingWebFilter.class).getOrder())
				.isEqualTo(new ServerCompressionProperties().getFilterOrder());
			HttpHandler decorated = context.getBean(HttpHandlerDecoratorFactory.class).apply(mock(HttpHandler.class));
			assertThat(decorated).extracting("decoder")
				.extracting("executor", type(ThreadPoolExecutor.class))
				.satisfies((threads) -> assertThat(threads.getMaximumPoolSize()).isEqualTo(128));
		});
	}

	@Test
	void boundsTheDecoderThreadsFromProperty() {
		this.contextRunner.withPropertyValues("restcompress.server.request.decoder-threads=3").run((context) -> {
			HttpHandler decorated = context.getBean(HttpHandlerDecoratorFactory.class).apply(mock(HttpHandler.class));
			assertThat(decorated).extracting("decoder")
				.extracting("executor", type(ThreadPoolExecutor.class))
				.satisfies((threads) -> assertThat(threads.getMaximumPoolSize()).isEqualTo(3));
		});
	}

	@Test
	void waitsTwentySecondsForTheNextBytesOfARequestBodyByDefault() {
		this.contextRunner.run((context) -> {
			HttpHandler decorated = context.getBean(HttpHandlerDecoratorFactory.class).apply(mock(HttpHandler.class));
			assertThat(decorated).extracting("decoder")
				.extracting("idleTimeout")
				.isEqualTo(Duration.ofSeconds(20));
		});
	}

	@Test
	void takesTheDecoderIdleTimeoutFromProperty() {
		this.contextRunner.withPropertyValues("restcompress.server.request.decoder-idle-timeout=750ms")
			.run((context) -> {
				HttpHandler decorated = context.getBean(HttpHandlerDecoratorFactory.class)
					.apply(mock(HttpHandler.class));
				assertThat(decorated).extracting("decoder")
					.extracting("idleTimeout")
					.isEqualTo(Duration.ofMillis(750));
			});
	}

	@Test
	void failsAtStartupOnANegativeDecoderIdleTimeout() {
		this.contextRunner.withPropertyValues("restcompress.server.request.decoder-idle-timeout=-1s")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("restcompress.server.request.decoder-idle-timeout must not be negative"));
	}

	@Test
	void failsAtStartupOnNoDecoderThreads() {
		this.contextRunner.withPropertyValues("restcompress.server.request.decoder-threads=0")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("restcompress.server.request.decoder-threads must be at least 1"));
	}

	@Test
	void ordersWebFilterFromProperty() {
		this.contextRunner.withPropertyValues("restcompress.server.filter-order=42")
			.run((context) -> assertThat(context.getBean(ContentCodingWebFilter.class).getOrder()).isEqualTo(42));
	}

	@Test
	void backsOffFromAUserWebFilter() {
		this.contextRunner
			.withBean("userFilter", ContentCodingWebFilter.class,
					() -> mock(ContentCodingWebFilter.class))
			.run((context) -> assertThat(context).getBeans(ContentCodingWebFilter.class).containsOnlyKeys("userFilter"));
	}

	@Test
	void backsOffFromAUserRequestDecoder() {
		ContentDecodingHttpHandler.Decorator own = new ContentDecodingHttpHandler.Decorator(
				mock(ServerCompressionSettings.class), CompressionRecorder.NONE, Runnable::run, Duration.ZERO);
		this.contextRunner.withBean("ownDecoder", ContentDecodingHttpHandler.Decorator.class, () -> own)
			.run((context) -> assertThat(context).getBean(HttpHandlerDecoratorFactory.class).isSameAs(own));
	}

	@Test
	void leavesRequestBodiesAloneWhenRequestDecodingIsDisabled() {
		this.contextRunner.withPropertyValues("restcompress.server.request.enabled=false")
			.run((context) -> assertThat(context).hasSingleBean(ContentCodingWebFilter.class)
				.doesNotHaveBean(HttpHandlerDecoratorFactory.class));
	}

	@Test
	void letsReactorNettyConnectionsEndAfterTheResponsesInFlight() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(NettyServerCustomizer.class)
				.hasBean("restcompressHttp1ResponsesInFlight");
			HttpServer server = context.getBean(NettyServerCustomizer.class).apply(HttpServer.create());
			NioSocketChannel channel = new NioSocketChannel();
			channel.pipeline().addLast(NettyPipeline.HttpTrafficHandler, new ChannelInboundHandlerAdapter());
			server.configuration()
				.doOnChannelInit()
				.onChannelInit(ConnectionObserver.emptyListener(), channel, null);
			assertThat(channel.pipeline().get(Http1ResponsesInFlight.NAME)).extracting("idleNanos")
				.isEqualTo(Duration.ofSeconds(30).toNanos());
			assertThat(channel.config().getOption(ChannelOption.ALLOW_HALF_CLOSURE)).isTrue();
			channel.unsafe().closeForcibly();
		});
	}

	@Test
	void leavesConnectionsAloneWithoutReactorNetty() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(HttpServer.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(ContentCodingWebFilter.class)
				.doesNotHaveBean(NettyServerCustomizer.class));
		this.contextRunner.withClassLoader(new FilteredClassLoader(NettyServerCustomizer.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(ContentCodingWebFilter.class)
				.doesNotHaveBean("restcompressHttp1ResponsesInFlight"));
	}

	@Test
	void leavesConnectionsAloneWhenDisabled() {
		this.contextRunner.withPropertyValues("restcompress.server.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(NettyServerCustomizer.class));
	}

	@Test
	void doesNothingWhenDisabled() {
		this.contextRunner.withPropertyValues("restcompress.server.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(WebFilter.class)
				.doesNotHaveBean(HttpHandlerDecoratorFactory.class));
		this.contextRunner.withPropertyValues("restcompress.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(WebFilter.class));
	}

	@Test
	void doesNothingWithoutWebFlux() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(WebFilter.class))
			.run((context) -> assertThat(context).doesNotHaveBean(ContentCodingWebFilter.class));
	}

	@Test
	void doesNothingWithoutReactor() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(Flux.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(ContentCodingWebFilter.class)
				.doesNotHaveBean(HttpHandlerDecoratorFactory.class));
	}

	@Test
	void doesNothingWhenRestcompressIsDisabledAlthoughTheUserDefinesContentCodecs() {
		this.contextRunner.withUserConfiguration(GzipOnlyCodecsConfiguration.class)
			.withPropertyValues("restcompress.enabled=false")
			.run((context) -> assertThat(context).hasSingleBean(ContentCodecs.class)
				.doesNotHaveBean(WebFilter.class)
				.doesNotHaveBean(HttpHandlerDecoratorFactory.class)
				.doesNotHaveBean(ServerCompressionSettings.class));
	}

	@Test
	void doesNothingWithoutContentCodecs() {
		new ReactiveWebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(ReactiveServerCompressionAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(ContentCodingWebFilter.class)
				.doesNotHaveBean(HttpHandlerDecoratorFactory.class)
				.doesNotHaveBean(ServerCompressionSettings.class));
	}

	@Test
	void webFilterUsesUserResponseEncodingRules() {
		this.contextRunner.withUserConfiguration(UserResponseEncodingRulesConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(ResponseEncodingRules.class).hasBean("userRules");
			assertThat(context.getBean(ContentCodingWebFilter.class)).extracting("rules")
				.isSameAs(context.getBean("userRules"));
		});
	}

	@Test
	void registersOnlyTheServletFilterInAServletApplication() {
		new WebApplicationContextRunner().withConfiguration(AUTO_CONFIGURATIONS)
			.run((context) -> assertThat(context).hasSingleBean(FilterRegistrationBean.class)
				.doesNotHaveBean(ContentCodingWebFilter.class)
				.doesNotHaveBean(HttpHandlerDecoratorFactory.class));
	}

	@Test
	void registersNoServerSideOutsideAWebApplication() {
		new ApplicationContextRunner().withConfiguration(AUTO_CONFIGURATIONS)
			.run((context) -> assertThat(context).doesNotHaveBean(ServerCompressionSettings.class)
				.doesNotHaveBean(ContentCodingWebFilter.class)
				.doesNotHaveBean(FilterRegistrationBean.class));
	}

}
