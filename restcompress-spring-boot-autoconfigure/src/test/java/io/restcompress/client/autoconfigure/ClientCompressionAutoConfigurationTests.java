package io.restcompress.client.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicReference;

import io.restcompress.client.ClientCompression;
import io.restcompress.client.ClientCompressionExchangeFilter;
import io.restcompress.client.ClientCompressionInterceptor;
import io.restcompress.client.OriginCache;
import io.restcompress.client.StreamingCompressionRequestFactory;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.autoconfigure.ContentCodecAutoConfiguration;
import io.restcompress.codec.autoconfigure.GzipOnlyCodecsConfiguration;
import org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.http.client.ClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.JdkClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.autoconfigure.ClientHttpRequestFactoryBuilderCustomizer;
import org.springframework.boot.http.client.autoconfigure.reactive.ClientHttpConnectorBuilderCustomizer;
import org.springframework.boot.restclient.RestClientCustomizer;
import org.springframework.boot.restclient.RestTemplateCustomizer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.webclient.WebClientCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.test.util.ReflectionTestUtils;
import org.springframework.util.unit.DataSize;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Conditions of {@link ClientCompressionAutoConfiguration}.
 */
@ExtendWith(OutputCaptureExtension.class)
class ClientCompressionAutoConfigurationTests {

	private static final String JDK = "restCompressJdkHttpClientDecodingCustomizer";

	private static final String APACHE = "restCompressApacheHttpClientDecodingCustomizer";

	private static final String APACHE_REDIRECTS = "restCompressApacheHttpClientRedirectsCustomizer";

	private static final String JETTY_REDIRECTS = "restCompressJettyRedirectsCustomizer";

	private static final String APACHE_CONNECTOR = "restCompressApacheConnectorDecodingCustomizer";

	private static final String JETTY = "restCompressJettyDecodingCustomizer";

	private static final String JETTY_CONNECTOR = "restCompressJettyConnectorDecodingCustomizer";

	private static final String REACTOR_NETTY = "restCompressReactorNettyDecodingCustomizer";

	private static final String REACTOR_NETTY_CONNECTOR = "restCompressReactorNettyConnectorDecodingCustomizer";

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(ContentCodecAutoConfiguration.class, ClientCompressionAutoConfiguration.class));

	@Test
	void customizesEveryClientWithOneSharedPolicy() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(ClientCompression.class)
				.hasSingleBean(ClientCompressionInterceptor.class)
				.hasSingleBean(ClientCompressionExchangeFilter.class)
				.hasSingleBean(RestClientCustomizer.class)
				.hasSingleBean(RestTemplateCustomizer.class)
				.hasSingleBean(WebClientCustomizer.class);
			ClientCompressionInterceptor interceptor = context.getBean(ClientCompressionInterceptor.class);
			assertThat(interceptorsOf(context.getBean(RestClientCustomizer.class))).containsExactly(interceptor);
			RestTemplate restTemplate = new RestTemplate();
			context.getBean(RestTemplateCustomizer.class).customize(restTemplate);
			assertThat(restTemplate.getInterceptors()).containsExactly(interceptor);
			assertThat(filtersOf(context.getBean(WebClientCustomizer.class)))
				.containsExactly(context.getBean(ClientCompressionExchangeFilter.class));
		});
	}

	@Test
	void waitsForResponseBodiesWithoutAnIdleTimeoutByDefault() {
		this.runner.run((context) -> assertThat(context.getBean(ClientCompressionExchangeFilter.class))
			.extracting("decoder")
			.extracting("idleTimeout")
			.isEqualTo(Duration.ZERO));
	}

	@Test
	void takesTheDecoderIdleTimeoutFromProperty() {
		this.runner.withPropertyValues("restcompress.client.decoder-idle-timeout=750ms")
			.run((context) -> assertThat(context.getBean(ClientCompressionExchangeFilter.class))
				.extracting("decoder")
				.extracting("idleTimeout")
				.isEqualTo(Duration.ofMillis(750)));
	}

	@Test
	void failsAtStartupOnANegativeDecoderIdleTimeout() {
		this.runner.withPropertyValues("restcompress.client.decoder-idle-timeout=-1s")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("restcompress.client.decoder-idle-timeout must not be negative"));
	}

	@Test
	void defaultsToAcceptingEveryCodecAndCompressingWithLzfWhenAdvertised() {
		this.runner.run((context) -> {
			ClientCompression compression = context.getBean(ClientCompression.class);
			assertThat(compression.acceptEncoding()).isEqualTo("lzf, lz4, gzip, zstd, br, deflate");
			assertThat(compression.minRequestSize()).isEqualTo(4500);
		});
	}

	@Test
	void remembersAThousandOriginsForAnHourAndDecodesOnSixtyFourThreadsByDefault() {
		this.runner.run((context) -> {
			OriginCache origins = context.getBean(ClientCompression.class).origins();
			assertThat(origins).extracting("maxSize").isEqualTo(1000);
			assertThat(origins).extracting("ttlMillis").isEqualTo(Duration.ofHours(1).toMillis());
			assertThat(context.getBean(ClientCompressionExchangeFilter.class)).extracting("decoder")
				.extracting("executor")
				.extracting("maximumPoolSize")
				.isEqualTo(64);
		});
	}

	@Test
	void keepsNoDictionariesUnlessOneSwitchTurnsThemOn() {
		this.runner.run((context) -> assertThat(context.getBean(ClientCompression.class)).extracting("dictionaries")
			.isNull());
		this.runner.withPropertyValues("restcompress.client.dictionaries.enabled=true",
				"restcompress.client.dictionaries.max-size=1KB")
			.run((context) -> assertThat(context.getBean(ClientCompression.class)).extracting("dictionaries")
				.extracting("maxSize")
				.isEqualTo(1024L));
	}

	@Test
	void stopsFetchingLinkedDictionariesWhenTheContextCloses() {
		AtomicReference<ExecutorService> fetcher = new AtomicReference<>();
		this.runner.withPropertyValues("restcompress.client.dictionaries.enabled=true").run((context) -> {
			fetcher.set((ExecutorService) ReflectionTestUtils
				.getField(ReflectionTestUtils.getField(context.getBean(ClientCompression.class), "dictionaries"), "fetcher"));
			assertThat(fetcher.get().isShutdown()).isFalse();
		});
		assertThat(fetcher.get().isShutdown()).isTrue();
	}

	@Test
	void limitsTheDictionariesItKeepsByDefault() {
		this.runner.withPropertyValues("restcompress.client.dictionaries.enabled=true")
			.run((context) -> assertThat(context.getBean(ClientCompression.class)).extracting("dictionaries")
				.extracting("store")
				.satisfies((store) -> {
					assertThat(store).extracting("maxSize").isEqualTo(DataSize.ofMegabytes(4).toBytes());
					assertThat(store).extracting("maxTotalSize").isEqualTo(DataSize.ofMegabytes(32).toBytes());
					assertThat(store).extracting("maxEntries").isEqualTo(64);
					assertThat(store).extracting("ttl").isEqualTo(Duration.ofHours(1));
				}));
	}

	@Test
	void bindsTheProperties() {
		this.runner
			.withPropertyValues("restcompress.client.accept-encodings=gzip,lzf",
					"restcompress.client.min-request-size=1KB")
			.run((context) -> {
				ClientCompression compression = context.getBean(ClientCompression.class);
				assertThat(compression.acceptEncoding()).isEqualTo("gzip, lzf");
				assertThat(compression.minRequestSize()).isEqualTo(1024);
			});
	}

	@Test
	void limitsDecodedResponsesTo16MBAndThreeCodingsByDefault() {
		this.runner.run((context) -> {
			ClientCompression compression = context.getBean(ClientCompression.class);
			assertThat(compression.maxDecodedSize()).isEqualTo(16 * 1024 * 1024);
			assertThat(compression.maxCodings()).isEqualTo(3);
		});
	}

	@Test
	void bindsTheResponseLimits() {
		this.runner
			.withPropertyValues("restcompress.client.max-decoded-size=64MB", "restcompress.client.max-codings=1")
			.run((context) -> {
				ClientCompression compression = context.getBean(ClientCompression.class);
				assertThat(compression.maxDecodedSize()).isEqualTo(64 * 1024 * 1024);
				assertThat(compression.maxCodings()).isEqualTo(1);
			});
	}

	@ParameterizedTest
	@ValueSource(strings = { "restcompress.client.max-decoded-size=-1B", "restcompress.client.max-decoded-size=0B",
			"restcompress.client.max-codings=0" })
	void failsToStartWithAResponseLimitBelowItsRangeNamingTheProperty(String setting) {
		String property = setting.substring(0, setting.indexOf('='));
		this.runner.withPropertyValues(setting)
			.run((context) -> assertThat(context).hasFailed().getFailure().rootCause().hasMessageContaining(property));
	}

	@ParameterizedTest
	@ValueSource(strings = { "restcompress.client.origin-cache.ttl=0s", "restcompress.client.origin-cache.ttl=-1h",
			"restcompress.client.origin-cache.ttl=500us",
			"restcompress.client.min-request-size=-1B" })
	void failsToStartWithALimitThatWouldSilentlyDisableSomething(String setting) {
		String property = setting.substring(0, setting.indexOf('='));
		this.runner.withPropertyValues(setting)
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining(property));
	}

	@ParameterizedTest
	@ValueSource(strings = { "restcompress.client.request-encoding=snappy", "restcompress.client.accept-encodings=gzip,snappy" })
	void failsToStartWithAnUnknownCodingNamingTheProperty(String setting) {
		String property = setting.substring(0, setting.indexOf('='));
		this.runner.withPropertyValues(setting)
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("'snappy'")
				.hasMessageContaining(property));
	}

	@ParameterizedTest
	@ValueSource(strings = { "max-size=0B", "max-total-size=0B", "max-entries=0", "ttl=0s" })
	void failsToStartWithADictionaryLimitThatKeepsNothingNamingTheProperties(String limit) {
		this.runner
			.withPropertyValues("restcompress.client.dictionaries.enabled=true",
					"restcompress.client.dictionaries." + limit)
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageStartingWith("restcompress.client.dictionaries: "));
	}

	@Test
	void failsToStartWithDictionariesButWithoutZstdNamingTheDependency() {
		this.runner.withClassLoader(new FilteredClassLoader("com.github.luben.zstd"))
			.withPropertyValues("restcompress.client.dictionaries.enabled=true")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.isInstanceOf(IllegalStateException.class)
				.hasMessageContaining("restcompress.client.dictionaries.enabled=true needs zstd-jni"));
	}

	@Test
	void failsToStartWithTheAdaptiveDecisionButNoDecisionsNamingTheProperty() {
		this.runner.withPropertyValues("restcompress.client.decision=adaptive")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("restcompress.client.decision=adaptive needs a CompressionDecisions bean"));
	}

	@Test
	void startsWithoutZstdWhenDictionariesAreOff() {
		this.runner.withClassLoader(new FilteredClassLoader("com.github.luben.zstd"))
			.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(ClientCompression.class));
	}

	@Test
	void customizesNoBlockingClientWithoutTheRestClientModule() {
		this.runner.withClassLoader(new FilteredClassLoader(RestClientCustomizer.class)).run((context) -> {
			assertThat(context).doesNotHaveBean(ClientCompressionInterceptor.class)
				.doesNotHaveBean(RestClientCustomizer.class)
				.doesNotHaveBean(RestTemplateCustomizer.class)
				.hasSingleBean(WebClientCustomizer.class);
		});
	}

	@Test
	void streamsThroughTheBuildersRequestFactoriesInsteadOfAnInterceptorWhenAsked() {
		this.runner.withPropertyValues("restcompress.client.request.streaming=true")
			.withBean(ClientHttpRequestFactoryBuilder.class, ClientHttpRequestFactoryBuilder::simple)
			.run((context) -> {
				assertThat(context).doesNotHaveBean(ClientCompressionInterceptor.class)
					.doesNotHaveBean(RestClientCustomizer.class)
					.doesNotHaveBean(RestTemplateCustomizer.class)
					.hasSingleBean(WebClientCustomizer.class);
				ClientHttpRequestFactory factory = context.getBean(ClientHttpRequestFactoryBuilder.class).build();
				assertThat(factory).isInstanceOf(StreamingCompressionRequestFactory.class);
				assertThat(((StreamingCompressionRequestFactory) factory).getDelegate())
					.isInstanceOf(SimpleClientHttpRequestFactory.class);
			});
	}

	@Test
	void leavesTheBuildersRequestFactoriesAloneByDefault() {
		this.runner.withBean(ClientHttpRequestFactoryBuilder.class, ClientHttpRequestFactoryBuilder::simple)
			.run((context) -> {
				assertThat(context).hasSingleBean(ClientCompressionInterceptor.class);
				assertThat(context.getBean(ClientHttpRequestFactoryBuilder.class).build())
					.isInstanceOf(SimpleClientHttpRequestFactory.class);
			});
		this.runner.withPropertyValues("restcompress.client.request.streaming=false")
			.withBean(ClientHttpRequestFactoryBuilder.class, ClientHttpRequestFactoryBuilder::simple)
			.run((context) -> assertThat(context.getBean(ClientHttpRequestFactoryBuilder.class).build())
				.isInstanceOf(SimpleClientHttpRequestFactory.class));
	}

	@Test
	void keepsTheInterceptorWhereThereIsNoRequestFactoryBuilderToStreamThrough() {
		this.runner.withPropertyValues("restcompress.client.request.streaming=true")
			.run((context) -> assertThat(context).hasSingleBean(ClientCompressionInterceptor.class)
				.hasSingleBean(RestClientCustomizer.class)
				.getBeanNames(BeanPostProcessor.class)
				.doesNotContain("restCompressStreamingRequestFactories"));
		this.runner.withPropertyValues("restcompress.client.request.streaming=true")
			.withClassLoader(new FilteredClassLoader(ClientHttpRequestFactoryBuilder.class))
			.run((context) -> assertThat(context).hasSingleBean(ClientCompressionInterceptor.class)
				.getBeanNames(BeanPostProcessor.class)
				.doesNotContain("restCompressStreamingRequestFactories"));
	}

	@Test
	void keepsTheInterceptorWithAWarningWhenTheOnlyBuilderBeanIsDeclaredAsASpecificType(CapturedOutput output) {
		this.runner.withPropertyValues("restcompress.client.request.streaming=true")
			.withUserConfiguration(SpecificBuilderConfiguration.class)
			.run((context) -> {
				assertThat(context).hasNotFailed()
					.hasSingleBean(ClientCompressionInterceptor.class)
					.hasSingleBean(RestClientCustomizer.class)
					.getBeanNames(BeanPostProcessor.class)
					.doesNotContain("restCompressStreamingRequestFactories");
				assertThat(context.getBean(JdkClientHttpRequestFactoryBuilder.class).build())
					.isInstanceOf(JdkClientHttpRequestFactory.class);
				assertThat(output).contains("restcompress.client.request.streaming is on, but there is no "
						+ "ClientHttpRequestFactoryBuilder bean declared as such");
			});
	}

	@Test
	void leavesABuilderBeanDeclaredAsASpecificTypeAloneWhenAnotherCanBeStreamedThrough(CapturedOutput output) {
		this.runner.withPropertyValues("restcompress.client.request.streaming=true")
			.withUserConfiguration(SpecificBuilderConfiguration.class)
			.withBean("anyBuilder", ClientHttpRequestFactoryBuilder.class, ClientHttpRequestFactoryBuilder::simple)
			.run((context) -> {
				assertThat(context).doesNotHaveBean(ClientCompressionInterceptor.class);
				assertThat(context.getBean(JdkClientHttpRequestFactoryBuilder.class).build())
					.isInstanceOf(JdkClientHttpRequestFactory.class);
				assertThat(((ClientHttpRequestFactoryBuilder<?>) context.getBean("anyBuilder")).build())
					.isInstanceOf(StreamingCompressionRequestFactory.class);
				assertThat(output).contains("restcompress.client.request.streaming does not apply to the bean "
						+ "'jdkClientHttpRequestFactoryBuilder'");
			});
	}

	@Test
	void customizesNoWebClientWithoutTheWebClientModule() {
		this.runner.withClassLoader(new FilteredClassLoader(WebClientCustomizer.class)).run((context) -> {
			assertThat(context).doesNotHaveBean(ClientCompressionExchangeFilter.class)
				.doesNotHaveBean(WebClientCustomizer.class)
				.hasSingleBean(RestClientCustomizer.class);
		});
	}

	@Test
	void customizesNoWebClientWithoutWebFlux() {
		this.runner.withClassLoader(new FilteredClassLoader(WebClient.class)).run((context) -> {
			assertThat(context).doesNotHaveBean(ClientCompressionExchangeFilter.class)
				.hasSingleBean(RestClientCustomizer.class);
		});
	}

	@Test
	void backsOffWhenRestcompressIsDisabled() {
		this.runner.withPropertyValues("restcompress.enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(ClientCompression.class)
				.doesNotHaveBean(RestClientCustomizer.class)
				.doesNotHaveBean(WebClientCustomizer.class);
		});
	}

	@Test
	void backsOffWhenRestcompressIsDisabledAlthoughTheUserDefinesContentCodecs() {
		this.runner.withUserConfiguration(GzipOnlyCodecsConfiguration.class)
			.withPropertyValues("restcompress.enabled=false")
			.run((context) -> assertThat(context).hasSingleBean(ContentCodecs.class)
				.doesNotHaveBean(ClientCompression.class)
				.doesNotHaveBean(RestClientCustomizer.class)
				.doesNotHaveBean(WebClientCustomizer.class)
				.doesNotHaveBean(ClientHttpRequestFactoryBuilderCustomizer.class));
	}

	@Test
	void backsOffWithoutSpringsClientHttpRequestInterceptor() {
		this.runner.withClassLoader(new FilteredClassLoader(ClientHttpRequestInterceptor.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(ContentCodecs.class)
				.doesNotHaveBean(ClientCompression.class)
				.doesNotHaveBean(ClientCompressionInterceptor.class)
				.doesNotHaveBean(RestClientCustomizer.class)
				.doesNotHaveBean(RestTemplateCustomizer.class)
				.doesNotHaveBean(WebClientCustomizer.class)
				.doesNotHaveBean(ClientHttpRequestFactoryBuilderCustomizer.class)
				.doesNotHaveBean(ClientHttpConnectorBuilderCustomizer.class));
	}

	@Test
	void leavesTheLibrariesDecodingAloneWithoutBootsHttpClientModule() {
		this.runner.withClassLoader(new FilteredClassLoader(ClientHttpRequestFactoryBuilder.class))
			.run((context) -> assertThat(context).hasSingleBean(ClientCompression.class)
				.hasSingleBean(RestClientCustomizer.class)
				.hasSingleBean(WebClientCustomizer.class)
				.doesNotHaveBean(ClientHttpRequestFactoryBuilderCustomizer.class)
				.doesNotHaveBean(ClientHttpConnectorBuilderCustomizer.class));
	}

	@Test
	void backsOffWhenTheClientSideIsDisabled() {
		this.runner.withPropertyValues("restcompress.client.enabled=false").run((context) -> {
			assertThat(context).hasSingleBean(ContentCodecs.class)
				.doesNotHaveBean(ClientCompression.class)
				.doesNotHaveBean(RestTemplateCustomizer.class)
				.doesNotHaveBean(WebClientCustomizer.class);
		});
	}

	@Test
	void backsOffWithoutCodecs() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(ClientCompressionAutoConfiguration.class))
			.run((context) -> assertThat(context).doesNotHaveBean(ClientCompression.class));
	}

	@Test
	void usesTheApplicationsPolicyInterceptorAndFilter() {
		this.runner.withUserConfiguration(OwnComponents.class).run((context) -> {
			assertThat(context).hasSingleBean(ClientCompression.class)
				.hasSingleBean(ClientCompressionInterceptor.class)
				.hasSingleBean(ClientCompressionExchangeFilter.class);
			assertThat(context.getBean(ClientCompression.class).acceptEncoding()).isEqualTo("gzip");
			assertThat(interceptorsOf(context.getBean(RestClientCustomizer.class)))
				.containsExactly(context.getBean("ownInterceptor", ClientHttpRequestInterceptor.class));
			assertThat(filtersOf(context.getBean(WebClientCustomizer.class)))
				.containsExactly(context.getBean("ownFilter", ExchangeFilterFunction.class));
		});
	}

	@Test
	void switchesOffTheLibrariesDecoding() {
		this.runner.run((context) -> {
			assertThat(requestFactoryCustomizers(context)).containsExactlyInAnyOrder(JDK, APACHE, JETTY, REACTOR_NETTY,
					APACHE_REDIRECTS, JETTY_REDIRECTS);
			assertThat(connectorCustomizers(context)).containsExactlyInAnyOrder(APACHE_CONNECTOR, JETTY_CONNECTOR,
					REACTOR_NETTY_CONNECTOR);
		});
	}

	@Test
	void leavesTheLibrariesDecodingOnWhenAskedButStillHearsOfRedirects() {
		this.runner.withPropertyValues("restcompress.client.library-decoding=true").run((context) -> {
			assertThat(requestFactoryCustomizers(context)).containsExactlyInAnyOrder(APACHE_REDIRECTS, JETTY_REDIRECTS);
			assertThat(context).doesNotHaveBean(ClientHttpConnectorBuilderCustomizer.class)
				.hasSingleBean(RestClientCustomizer.class);
		});
	}

	@Test
	void leavesOnlyTheLibrariesOnTheClasspathAlone() {
		this.runner
			.withClassLoader(new FilteredClassLoader("org.apache.hc.client5", "reactor.netty", "org.eclipse.jetty"))
			.run((context) -> {
				assertThat(requestFactoryCustomizers(context)).containsExactly(JDK);
				assertThat(context).doesNotHaveBean(ClientHttpConnectorBuilderCustomizer.class);
			});
	}

	@Test
	void leavesApacheHttpClientAloneWithoutIt() {
		this.runner.withClassLoader(new FilteredClassLoader(HttpClientBuilder.class)).run((context) -> {
			assertThat(requestFactoryCustomizers(context)).containsExactlyInAnyOrder(JDK, JETTY, REACTOR_NETTY,
					JETTY_REDIRECTS);
			assertThat(connectorCustomizers(context)).containsExactlyInAnyOrder(APACHE_CONNECTOR, JETTY_CONNECTOR,
					REACTOR_NETTY_CONNECTOR);
		});
	}

	@Test
	void leavesTheApacheAsyncConnectorAloneWithoutTheAsyncClient() {
		this.runner.withClassLoader(new FilteredClassLoader(HttpAsyncClientBuilder.class)).run((context) -> {
			assertThat(requestFactoryCustomizers(context)).containsExactlyInAnyOrder(JDK, APACHE, JETTY, REACTOR_NETTY,
					APACHE_REDIRECTS, JETTY_REDIRECTS);
			assertThat(connectorCustomizers(context)).containsExactlyInAnyOrder(JETTY_CONNECTOR,
					REACTOR_NETTY_CONNECTOR);
		});
	}

	@Test
	void leavesTheApacheAsyncConnectorAloneWithoutHttpCoreReactive() {
		this.runner.withClassLoader(new FilteredClassLoader("org.apache.hc.core5.reactive.ReactiveDataConsumer"))
			.run((context) -> {
				assertThat(requestFactoryCustomizers(context)).containsExactlyInAnyOrder(JDK, APACHE, JETTY,
						REACTOR_NETTY, APACHE_REDIRECTS, JETTY_REDIRECTS);
				assertThat(connectorCustomizers(context)).containsExactlyInAnyOrder(JETTY_CONNECTOR,
						REACTOR_NETTY_CONNECTOR);
			});
	}

	@Test
	void leavesJettyAloneWithoutIt() {
		this.runner.withClassLoader(new FilteredClassLoader(org.eclipse.jetty.client.HttpClient.class))
			.run((context) -> {
				assertThat(requestFactoryCustomizers(context)).containsExactlyInAnyOrder(JDK, APACHE, REACTOR_NETTY,
						APACHE_REDIRECTS);
				assertThat(connectorCustomizers(context)).containsExactlyInAnyOrder(APACHE_CONNECTOR,
						REACTOR_NETTY_CONNECTOR);
			});
	}

	@Test
	void leavesReactorNettyAloneWithoutIt() {
		this.runner.withClassLoader(new FilteredClassLoader(reactor.netty.http.client.HttpClient.class))
			.run((context) -> {
				assertThat(requestFactoryCustomizers(context)).containsExactlyInAnyOrder(JDK, APACHE, JETTY,
						APACHE_REDIRECTS, JETTY_REDIRECTS);
				assertThat(connectorCustomizers(context)).containsExactlyInAnyOrder(APACHE_CONNECTOR,
						JETTY_CONNECTOR);
			});
	}

	private static Set<String> requestFactoryCustomizers(AssertableApplicationContext context) {
		assertThat(context).hasNotFailed();
		return new TreeSet<>(context.getBeansOfType(ClientHttpRequestFactoryBuilderCustomizer.class).keySet());
	}

	private static Set<String> connectorCustomizers(AssertableApplicationContext context) {
		assertThat(context).hasNotFailed();
		return new TreeSet<>(context.getBeansOfType(ClientHttpConnectorBuilderCustomizer.class).keySet());
	}

	private static List<ClientHttpRequestInterceptor> interceptorsOf(RestClientCustomizer customizer) {
		RestClient.Builder builder = RestClient.builder();
		customizer.customize(builder);
		List<ClientHttpRequestInterceptor> interceptors = new ArrayList<>();
		builder.requestInterceptors(interceptors::addAll);
		return interceptors;
	}

	private static List<ExchangeFilterFunction> filtersOf(WebClientCustomizer customizer) {
		WebClient.Builder builder = WebClient.builder();
		customizer.customize(builder);
		List<ExchangeFilterFunction> filters = new ArrayList<>();
		builder.filters(filters::addAll);
		return filters;
	}

	@Configuration(proxyBeanMethods = false)
	static class OwnComponents {

		@Bean
		ClientCompression ownCompression() {
			return ClientCompression.builder(ContentCodecs.of(new GzipCodec(1))).requestEncoding("gzip").build();
		}

		@Bean
		ClientCompressionInterceptor ownInterceptor(ClientCompression compression) {
			return new ClientCompressionInterceptor(compression);
		}

		@Bean
		ClientCompressionExchangeFilter ownFilter(ClientCompression compression) {
			return new ClientCompressionExchangeFilter(compression);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class SpecificBuilderConfiguration {

		@Bean
		JdkClientHttpRequestFactoryBuilder jdkClientHttpRequestFactoryBuilder() {
			return ClientHttpRequestFactoryBuilder.jdk();
		}

		@Bean
		String builderUser(JdkClientHttpRequestFactoryBuilder builder) {
			return builder.toString();
		}

	}

}
