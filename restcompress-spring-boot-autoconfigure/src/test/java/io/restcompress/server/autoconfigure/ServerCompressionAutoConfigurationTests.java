package io.restcompress.server.autoconfigure;

import java.time.Duration;
import java.util.List;

import jakarta.servlet.DispatcherType;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.autoconfigure.ContentCodecAutoConfiguration;
import io.restcompress.codec.autoconfigure.GzipOnlyCodecsConfiguration;
import io.restcompress.internal.server.ResponseEncodingRules;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.server.CompressionHandlerInterceptor;
import io.restcompress.server.CompressionMode;
import io.restcompress.server.ContentCodingFilter;
import io.restcompress.server.ContentDecodingExceptionResolver;
import io.restcompress.server.ServerCompressionSettings;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableWebApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.tomcat.TomcatProtocolHandlerCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.util.MimeType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.DispatcherServlet;
import org.springframework.web.servlet.HandlerExecutionChain;
import org.springframework.web.servlet.handler.HandlerExceptionResolverComposite;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.pattern.PathPattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ServerCompressionAutoConfiguration}.
 */
class ServerCompressionAutoConfigurationTests {

	private static final AutoConfigurations AUTO_CONFIGURATIONS = AutoConfigurations
		.of(ContentCodecAutoConfiguration.class, ServerCompressionAutoConfiguration.class);

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AUTO_CONFIGURATIONS);

	@Test
	void registersFilterForRequestAsyncAndErrorDispatches() {
		this.contextRunner.run((context) -> {
			FilterRegistrationBean<?> registration = filterRegistration(context);
			assertThat(registration.getFilter()).isInstanceOf(ContentCodingFilter.class);
			assertThat(registration.determineDispatcherTypes()).containsExactlyInAnyOrder(DispatcherType.REQUEST,
					DispatcherType.ASYNC, DispatcherType.ERROR);
			assertThat(registration.getOrder()).isEqualTo(Ordered.HIGHEST_PRECEDENCE + 10);
			assertThat(registration.getFilter()).extracting("settings")
				.isSameAs(context.getBean(ServerCompressionSettings.class));
		});
	}

	@Test
	void ordersFilterFromProperty() {
		this.contextRunner.withPropertyValues("restcompress.server.filter-order=42")
			.run((context) -> assertThat(filterRegistration(context).getOrder()).isEqualTo(42));
	}

	@Test
	void filterReportsToRecorderBean() {
		this.contextRunner.withBean(CompressionRecorder.class, () -> new CompressionRecorder() {
		}).run((context) -> assertThat(filterRegistration(context).getFilter()).extracting("recorder")
			.isSameAs(context.getBean(CompressionRecorder.class)));
	}

	@Test
	void filterReportsToNoRecorderWithoutRecorderBean() {
		this.contextRunner.run((context) -> assertThat(filterRegistration(context).getFilter()).extracting("recorder")
			.isSameAs(CompressionRecorder.NONE));
	}

	@Test
	void backsOffInNonWebApplication() {
		new ApplicationContextRunner().withConfiguration(AUTO_CONFIGURATIONS).run((context) -> {
			assertThat(context).hasSingleBean(ContentCodecs.class);
			assertThat(context).doesNotHaveBean(FilterRegistrationBean.class)
				.doesNotHaveBean(ServerCompressionSettings.class)
				.doesNotHaveBean(ServerCompressionProperties.class);
		});
	}

	@Test
	void backsOffInReactiveWebApplication() {
		new ReactiveWebApplicationContextRunner().withConfiguration(AUTO_CONFIGURATIONS).run((context) -> {
			assertThat(context).hasSingleBean(ContentCodecs.class);
			assertThat(context).doesNotHaveBean(FilterRegistrationBean.class)
				.doesNotHaveBean(ServerCompressionSettings.class);
		});
	}

	@Test
	void backsOffWithoutContentCodecs() {
		new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(ServerCompressionAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(FilterRegistrationBean.class)
				.doesNotHaveBean(ServerCompressionSettings.class));
	}

	@Test
	void backsOffWithoutOncePerRequestFilter() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(OncePerRequestFilter.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(FilterRegistrationBean.class));
	}

	@Test
	void backsOffWhenRestcompressIsDisabled() {
		this.contextRunner.withPropertyValues("restcompress.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(FilterRegistrationBean.class)
				.doesNotHaveBean(ServerCompressionSettings.class)
				.doesNotHaveBean(CompressionHandlerInterceptor.class));
	}

	@Test
	void backsOffWhenRestcompressIsDisabledAlthoughTheUserDefinesContentCodecs() {
		this.contextRunner.withUserConfiguration(GzipOnlyCodecsConfiguration.class)
			.withPropertyValues("restcompress.enabled=false")
			.run((context) -> assertThat(context).hasSingleBean(ContentCodecs.class)
				.doesNotHaveBean(FilterRegistrationBean.class)
				.doesNotHaveBean(ServerCompressionSettings.class)
				.doesNotHaveBean(TomcatDoubleEncodingGuard.class)
				.doesNotHaveBean(CompressionHandlerInterceptor.class));
	}

	@Test
	void guardsTomcatAgainstEncodingTwice() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(TomcatDoubleEncodingGuard.class);
			assertThat(context.getBean(TomcatDoubleEncodingGuard.class)).extracting("codecs")
				.isSameAs(context.getBean(ContentCodecs.class));
		});
	}

	@Test
	void doesNotGuardTomcatWithoutTomcat() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(AbstractHttp11Protocol.class))
			.run((context) -> assertThat(context).hasSingleBean(FilterRegistrationBean.class)
				.doesNotHaveBean(TomcatDoubleEncodingGuard.class));
	}

	@Test
	void doesNotGuardTomcatWithoutBootsTomcatModule() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(TomcatProtocolHandlerCustomizer.class))
			.run((context) -> assertThat(context).hasSingleBean(FilterRegistrationBean.class)
				.doesNotHaveBean(TomcatDoubleEncodingGuard.class));
	}

	@Test
	void filterUsesUserResponseEncodingRules() {
		this.contextRunner.withUserConfiguration(UserResponseEncodingRulesConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(ResponseEncodingRules.class).hasBean("userRules");
			assertThat(filterRegistration(context).getFilter()).extracting("rules")
				.isSameAs(context.getBean("userRules"));
		});
	}

	@Test
	void backsOffWhenServerSideIsDisabled() {
		this.contextRunner.withPropertyValues("restcompress.server.enabled=false").run((context) -> {
			assertThat(context).hasSingleBean(ContentCodecs.class);
			assertThat(context).doesNotHaveBean(FilterRegistrationBean.class)
				.doesNotHaveBean(ServerCompressionSettings.class)
				.doesNotHaveBean(CompressionHandlerInterceptor.class)
				.doesNotHaveBean(CompressionWebMvcConfigurer.class);
		});
	}

	@Test
	void registersInterceptorAndExceptionResolverWithSpringMvc() {
		this.contextRunner
			.withConfiguration(
					AutoConfigurations.of(DispatcherServletAutoConfiguration.class, WebMvcAutoConfiguration.class))
			.withUserConfiguration(PingController.class)
			.run((context) -> {
				CompressionHandlerInterceptor interceptor = context.getBean(CompressionHandlerInterceptor.class);
				assertThat(context).hasSingleBean(CompressionWebMvcConfigurer.class);
				HandlerExecutionChain chain = context.getBean("requestMappingHandlerMapping",
						RequestMappingHandlerMapping.class)
					.getHandler(new MockHttpServletRequest("GET", "/ping"));
				assertThat(chain).isNotNull();
				assertThat(chain.getInterceptorList()).contains(interceptor);
				assertThat(context.getBean("handlerExceptionResolver", HandlerExceptionResolverComposite.class)
					.getExceptionResolvers()).first().isInstanceOf(ContentDecodingExceptionResolver.class);
			});
	}

	@Test
	void keepsFilterButLeavesOutInterceptorWithoutSpringMvc() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(DispatcherServlet.class)).run((context) -> {
			assertThat(context).hasSingleBean(FilterRegistrationBean.class);
			assertThat(context).doesNotHaveBean(CompressionHandlerInterceptor.class)
				.doesNotHaveBean(CompressionWebMvcConfigurer.class);
		});
	}

	@Test
	void usesUserSettings() {
		this.contextRunner.withUserConfiguration(UserSettingsConfiguration.class).run((context) -> {
			ServerCompressionSettings settings = context.getBean(ServerCompressionSettings.class);
			assertThat(settings).isSameAs(context.getBean("userSettings"));
			assertThat(filterRegistration(context).getFilter()).extracting("settings").isSameAs(settings);
			assertThat(context.getBean(CompressionHandlerInterceptor.class)).extracting("resolver.settings")
				.isSameAs(settings);
		});
	}

	@Test
	void usesUserInterceptor() {
		this.contextRunner.withUserConfiguration(UserInterceptorConfiguration.class).run((context) -> {
			CompressionHandlerInterceptor interceptor = context.getBean(CompressionHandlerInterceptor.class);
			assertThat(interceptor).isSameAs(context.getBean("userInterceptor"));
			assertThat(context.getBean(CompressionWebMvcConfigurer.class)).extracting("interceptor")
				.isSameAs(interceptor);
		});
	}

	@Test
	void backsOffWhenUserRegistersTheFilter() {
		this.contextRunner.withUserConfiguration(UserFilterRegistrationConfiguration.class)
			.run((context) -> assertThat(context.getBeansOfType(FilterRegistrationBean.class))
				.containsOnlyKeys("userFilterRegistration"));
	}

	@Test
	void backsOffWhenUserDefinesTheFilter() {
		this.contextRunner.withUserConfiguration(UserFilterConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(ContentCodingFilter.class);
			assertThat(context).doesNotHaveBean(FilterRegistrationBean.class);
		});
	}

	@Test
	void defaultSettings() {
		this.contextRunner.run((context) -> {
			ServerCompressionSettings settings = context.getBean(ServerCompressionSettings.class);
			assertThat(settings.codecs()).isSameAs(context.getBean(ContentCodecs.class));
			assertThat(settings.mode()).isEqualTo(CompressionMode.ANNOTATED);
			assertThat(settings.responseCodecs()).extracting(ContentCodec::coding)
				.containsExactly("lzf", "lz4", "gzip", "zstd", "br", "deflate");
			assertThat(settings.minResponseSize()).isEqualTo(4500);
			assertThat(settings.isCompressible(MimeType.valueOf("application/problem+json"))).isTrue();
			assertThat(settings.isCompressible(MimeType.valueOf("image/png"))).isFalse();
			assertThat(settings.excludedPaths()).isEmpty();
			assertThat(settings.decodeRequests()).isTrue();
			assertThat(settings.maxDecodedRequestSize()).isEqualTo(16 * 1024 * 1024);
			assertThat(settings.maxRequestCodings()).isEqualTo(2);
			assertThat(settings.advertiseRequestCodings()).isTrue();
			assertThat(settings.maxFormSize()).isEqualTo(2 * 1024 * 1024);
			assertThat(settings.maxFormParameters()).isEqualTo(1000);
			assertThat(settings.drainTimeout()).isEqualTo(Duration.ofSeconds(10));
		});
	}

	@Test
	void bindsPropertiesIntoSettings() {
		this.contextRunner
			.withPropertyValues("restcompress.server.mode=all", "restcompress.server.encodings=gzip, LZF",
					"restcompress.server.min-response-size=2KB",
					"restcompress.server.mime-types=application/json,text/csv",
					"restcompress.server.excluded-paths=/account/**,/files/*",
					"restcompress.server.request.enabled=false", "restcompress.server.request.max-decoded-size=1MB",
					"restcompress.server.request.max-codings=3", "restcompress.server.request.advertise=false",
					"restcompress.server.request.max-form-size=64KB", "restcompress.server.request.max-form-parameters=50",
					"restcompress.server.request.drain-timeout=2s")
			.run((context) -> {
				ServerCompressionSettings settings = context.getBean(ServerCompressionSettings.class);
				assertThat(settings.mode()).isEqualTo(CompressionMode.ALL);
				assertThat(settings.responseCodecs()).extracting(ContentCodec::coding).containsExactly("gzip", "lzf");
				assertThat(settings.minResponseSize()).isEqualTo(2048);
				assertThat(settings.mimeTypes()).extracting(MimeType::toString)
					.containsExactly("application/json", "text/csv");
				assertThat(settings.excludedPaths()).extracting(PathPattern::getPatternString)
					.containsExactly("/account/**", "/files/*");
				assertThat(settings.decodeRequests()).isFalse();
				assertThat(settings.maxDecodedRequestSize()).isEqualTo(1024 * 1024);
				assertThat(settings.maxRequestCodings()).isEqualTo(3);
				assertThat(settings.advertiseRequestCodings()).isFalse();
				assertThat(settings.maxFormSize()).isEqualTo(64 * 1024);
				assertThat(settings.maxFormParameters()).isEqualTo(50);
				assertThat(settings.drainTimeout()).isEqualTo(Duration.ofSeconds(2));
			});
	}

	/**
	 * The contract's compressible types by default: JSON, XML, any {@code +json} or {@code +xml}
	 * type, text, protobuf, NDJSON, YAML, JavaScript and SVG, with or without parameters.
	 */
	@Test
	void compressesTheContractsTypesByDefault() {
		this.contextRunner.run((context) -> {
			ServerCompressionSettings settings = context.getBean(ServerCompressionSettings.class);
			assertThat(List.of("application/json;charset=UTF-8", "application/vnd.api+json", "application/xml",
					"application/atom+xml", "application/soap+xml;charset=UTF-8", "text/csv", "application/x-protobuf",
					"application/x-ndjson", "application/yaml", "application/javascript", "image/svg+xml"))
				.allSatisfy((type) -> assertThat(settings.isCompressible(MimeType.valueOf(type))).as(type).isTrue());
			assertThat(settings.isCompressible(MimeType.valueOf("application/octet-stream"))).isFalse();
		});
	}

	@Test
	void addsAdditionalMimeTypesToTheDefaults() {
		this.contextRunner.withPropertyValues("restcompress.server.additional-mime-types=text/csv, application/x-custom")
			.run((context) -> {
				ServerCompressionSettings settings = context.getBean(ServerCompressionSettings.class);
				assertThat(settings.mimeTypes()).hasSize(16);
				assertThat(settings.isCompressible(MimeType.valueOf("application/json"))).isTrue();
				assertThat(settings.isCompressible(MimeType.valueOf("application/x-custom"))).isTrue();
			});
	}

	@Test
	void failsOnAContentTypeThatIsNotOneNamingItsProperty() {
		this.contextRunner.withPropertyValues("restcompress.server.additional-mime-types=json")
			.run((context) -> assertThat(context).getFailure()
				.hasStackTraceContaining("restcompress.server.additional-mime-types: 'json' is not a content type"));
		this.contextRunner.withPropertyValues("restcompress.server.mime-types=application/json,xml")
			.run((context) -> assertThat(context).getFailure()
				.hasStackTraceContaining("restcompress.server.mime-types: 'xml' is not a content type"));
	}

	@Test
	void failsOnUnknownEncoding() {
		assertStartupFailure("restcompress.server.encodings=gzip,foo", "restcompress.server.encodings", "'foo'");
	}

	@Test
	void failsOnNegativeMinResponseSize() {
		assertStartupFailure("restcompress.server.min-response-size=-1B", "restcompress.server.min-response-size",
				"was -1");
	}

	@Test
	void failsOnMinResponseSizeBeyondTwoGigabytes() {
		assertStartupFailure("restcompress.server.min-response-size=2GB", "restcompress.server.min-response-size",
				"was 2147483648");
	}

	@Test
	void failsOnMaxCodingsBelowOne() {
		assertStartupFailure("restcompress.server.request.max-codings=0", "restcompress.server.request.max-codings",
				"at least 1");
	}

	@Test
	void failsOnNegativeFormLimits() {
		assertStartupFailure("restcompress.server.request.max-form-size=-1KB",
				"restcompress.server.request.max-form-size", "was -1024");
		assertStartupFailure("restcompress.server.request.max-form-parameters=-1",
				"restcompress.server.request.max-form-parameters", "was -1");
	}

	@Test
	void failsOnANegativeDrainTimeout() {
		assertStartupFailure("restcompress.server.request.drain-timeout=-1s",
				"restcompress.server.request.drain-timeout", "must not be negative");
	}

	@Test
	void failsOnAMaxDecodedSizeThatIsNotPositive() {
		assertStartupFailure("restcompress.server.request.max-decoded-size=-1MB",
				"restcompress.server.request.max-decoded-size", "was -1048576");
		assertStartupFailure("restcompress.server.request.max-decoded-size=0B",
				"restcompress.server.request.max-decoded-size must be positive", "was 0");
	}

	@Test
	void failsOnAnExcludedPathThatIsNotAPatternNamingTheProperty() {
		assertStartupFailure("restcompress.server.excluded-paths=/api/{id", "restcompress.server.excluded-paths",
				"'/api/{id'");
	}

	@Test
	void failsWhenNoContentTypeIsLeftToEncode() {
		assertStartupFailure("restcompress.server.mime-types=", "restcompress.server.mime-types and "
				+ "additional-mime-types are both empty");
	}

	@Test
	void encodesOnlyTheAdditionalContentTypesWhenTheDefaultsAreCleared() {
		this.contextRunner
			.withPropertyValues("restcompress.server.mime-types=",
					"restcompress.server.additional-mime-types=application/x-ndjson")
			.run((context) -> {
				ServerCompressionSettings settings = context.getBean(ServerCompressionSettings.class);
				assertThat(settings.isCompressible(MimeType.valueOf("application/x-ndjson"))).isTrue();
				assertThat(settings.isCompressible(MimeType.valueOf("application/json"))).isFalse();
			});
	}

	private void assertStartupFailure(String property, String... messageParts) {
		this.contextRunner.withPropertyValues(property).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(IllegalArgumentException.class)
				.message()
				.contains(messageParts);
		});
	}

	private static FilterRegistrationBean<?> filterRegistration(AssertableWebApplicationContext context) {
		assertThat(context).hasSingleBean(FilterRegistrationBean.class);
		return context.getBean(FilterRegistrationBean.class);
	}

	@RestController
	static class PingController {

		@GetMapping("/ping")
		String ping() {
			return "pong";
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserSettingsConfiguration {

		@Bean
		ServerCompressionSettings userSettings() {
			ContentCodecs codecs = ContentCodecs.of(new GzipCodec(9));
			return new ServerCompressionSettings(codecs, codecs.all(), CompressionMode.ALL, 0, List.of(), List.of(),
					true, 1024, 1, false);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserInterceptorConfiguration {

		@Bean
		CompressionHandlerInterceptor userInterceptor(ServerCompressionSettings settings) {
			return new CompressionHandlerInterceptor(settings);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserFilterRegistrationConfiguration {

		@Bean
		FilterRegistrationBean<ContentCodingFilter> userFilterRegistration(ServerCompressionSettings settings) {
			return new FilterRegistrationBean<>(new ContentCodingFilter(settings, CompressionRecorder.NONE));
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserFilterConfiguration {

		@Bean
		ContentCodingFilter userFilter(ServerCompressionSettings settings) {
			return new ContentCodingFilter(settings, CompressionRecorder.NONE);
		}

	}

}
