package io.restcompress.dictionary.autoconfigure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.ZstdCodec;
import io.restcompress.codec.autoconfigure.ContentCodecAutoConfiguration;
import io.restcompress.dictionary.CapturedBodies;
import io.restcompress.dictionary.DictionaryBodyCopies;
import io.restcompress.dictionary.DictionaryCodings;
import io.restcompress.dictionary.DictionaryCompressed;
import io.restcompress.dictionary.DictionaryDeclarations;
import io.restcompress.dictionary.DictionaryEndpoint;
import io.restcompress.dictionary.DictionaryExchangeCodings;
import io.restcompress.dictionary.DictionaryResponseBodies;
import io.restcompress.dictionary.DictionaryScope;
import io.restcompress.dictionary.DictionaryStore;
import io.restcompress.dictionary.DictionaryTrainer;
import io.restcompress.dictionary.MatchPattern;
import io.restcompress.dictionary.StoredDictionary;
import io.restcompress.dictionary.TrainedDictionaryHandler;
import io.restcompress.dictionary.TrainedDictionaryWebHandler;
import io.restcompress.internal.OnNativeLibraryCondition;
import io.restcompress.internal.server.ExchangeCodings;
import io.restcompress.internal.server.ResponseBodyCopies;
import io.restcompress.server.CompressionHandlerInterceptor;
import io.restcompress.server.autoconfigure.ReactiveServerCompressionAutoConfiguration;
import io.restcompress.server.autoconfigure.ServerCompressionAutoConfiguration;
import io.restcompress.server.reactive.ContentCodingWebFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.webflux.autoconfigure.WebFluxAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.unit.DataSize;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.DispatcherHandler;
import org.springframework.web.servlet.DispatcherServlet;
import org.springframework.web.servlet.handler.SimpleUrlHandlerMapping;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link DictionaryAutoConfiguration}.
 */
class DictionaryAutoConfigurationTests {

	private static final String ENABLED = "restcompress.dictionary.enabled=true";

	private static final String EXPOSE_ENDPOINT = "management.endpoints.web.exposure.include=restcompressdictionaries";

	private static final String MAPPING = "trainedDictionaryHandlerMapping";

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ContentCodecAutoConfiguration.class, DictionaryAutoConfiguration.class,
				ServerCompressionAutoConfiguration.class));

	@ParameterizedTest
	@ValueSource(strings = { "max-sample-size=0B", "dictionary-size=0B", "dictionary-size=2GB", "url-prefix=/",
			"url-prefix=dictionaries", "url-prefix=/dictionaries/", "url-prefix=/dict*", "url-prefix=/a//b" })
	void failsToStartWithATrainingSettingOutOfRange(String setting) {
		this.contextRunner
			.withPropertyValues("restcompress.dictionary.enabled=true", "restcompress.dictionary.training." + setting)
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasStackTraceContaining("restcompress.dictionary.training"));
	}

	@Test
	void acceptsATrainingUrlPrefixOfSeveralSegments() {
		this.contextRunner
			.withPropertyValues("restcompress.dictionary.enabled=true",
					"restcompress.dictionary.training.url-prefix=/internal/v2.1/dicts")
			.run((context) -> assertThat(context.getBean(DictionaryTrainer.class).urlPrefix())
				.isEqualTo("/internal/v2.1/dicts"));
	}

	@Test
	void isOffByDefault() {
		this.contextRunner.run((context) -> {
			assertThat(context).doesNotHaveBean(DictionaryStore.class)
				.doesNotHaveBean(ExchangeCodings.class)
				.doesNotHaveBean(ResponseBodyCopies.class)
				.doesNotHaveBean("trainedDictionaryHandlerMapping");
			CompressionHandlerInterceptor interceptor = context.getBean(CompressionHandlerInterceptor.class);
			assertThat(interceptor).extracting("exchangeCodings").isSameAs(ExchangeCodings.NONE);
			assertThat(interceptor).extracting("bodyCopies").isSameAs(ResponseBodyCopies.NONE);
		});
	}

	@Test
	void oneSwitchTurnsItOnAndTheInterceptorOffersDczAndCopiesDictionaryBodies() {
		this.contextRunner.withPropertyValues("restcompress.dictionary.enabled=true").run((context) -> {
			assertThat(context).hasSingleBean(DictionaryStore.class);
			CompressionHandlerInterceptor interceptor = context.getBean(CompressionHandlerInterceptor.class);
			assertThat(interceptor).extracting("exchangeCodings")
				.isSameAs(context.getBean(DictionaryExchangeCodings.class));
			assertThat(interceptor).extracting("bodyCopies").isSameAs(context.getBean(DictionaryBodyCopies.class));
		});
	}

	@Test
	void trainedDictionariesAreServedOnlyUnderTheirPrefix() {
		this.contextRunner
			.withPropertyValues("restcompress.dictionary.enabled=true",
					"restcompress.dictionary.training.url-prefix=/dictionaries")
			.run((context) -> {
				SimpleUrlHandlerMapping mapping = context.getBean("trainedDictionaryHandlerMapping",
						SimpleUrlHandlerMapping.class);
				assertThat(mapping.getUrlMap()).containsOnlyKeys("/dictionaries/*");
				assertThat(mapping.getUrlMap().get("/dictionaries/*")).isInstanceOf(TrainedDictionaryHandler.class);
				assertThat(mapping.getOrder()).isOne();
			});
	}

	@Test
	void userDefinedBodyCopiesAreUsed() {
		ResponseBodyCopies own = (handler, method, requestHeader) -> null;
		this.contextRunner.withPropertyValues("restcompress.dictionary.enabled=true")
			.withBean(ResponseBodyCopies.class, () -> own)
			.run((context) -> assertThat(context.getBean(CompressionHandlerInterceptor.class)).extracting("bodyCopies")
				.isSameAs(own));
	}

	@Test
	void failsToStartWhenAHandlersDictionaryAnnotationIsInvalid() {
		this.contextRunner
			.withConfiguration(AutoConfigurations.of(DispatcherServletAutoConfiguration.class,
					WebMvcAutoConfiguration.class))
			.withPropertyValues(ENABLED)
			.withUserConfiguration(InvalidDictionaryController.class)
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("no-slash"));
		this.contextRunner
			.withConfiguration(AutoConfigurations.of(DispatcherServletAutoConfiguration.class,
					WebMvcAutoConfiguration.class))
			.withPropertyValues(ENABLED)
			.withUserConfiguration(ValidDictionaryController.class)
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void failsToStartWhenAReactiveHandlersDictionaryAnnotationIsInvalid() {
		new ReactiveWebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(ContentCodecAutoConfiguration.class,
					DictionaryAutoConfiguration.class, ReactiveServerCompressionAutoConfiguration.class,
					WebFluxAutoConfiguration.class))
			.withPropertyValues(ENABLED)
			.withUserConfiguration(InvalidDictionaryController.class)
			.run((context) -> assertThat(context).getFailure()
				.hasMessageContaining("Invalid @DictionaryCompressed")
				.rootCause()
				.hasMessageContaining("no-slash"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "max-size=0B", "max-total-size=-1B", "max-entries=0", "ttl=0s", "ttl=-1h" })
	void failsToStartWithAStoreLimitThatKeepsNothing(String setting) {
		this.contextRunner.withPropertyValues(ENABLED, "restcompress.dictionary." + setting)
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageStartingWith("restcompress.dictionary: ")
				.hasMessageContaining("must be positive"));
	}

	@Test
	void onAReactiveServerTheCodingFilterOffersDczAndCopiesDictionaryBodies() {
		new ReactiveWebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(ContentCodecAutoConfiguration.class,
					DictionaryAutoConfiguration.class, ReactiveServerCompressionAutoConfiguration.class))
			.withPropertyValues("restcompress.dictionary.enabled=true")
			.run((context) -> {
				org.springframework.web.reactive.handler.SimpleUrlHandlerMapping mapping = context.getBean(
						"trainedDictionaryHandlerMapping", org.springframework.web.reactive.handler.SimpleUrlHandlerMapping.class);
				assertThat(mapping.getUrlMap()).containsOnlyKeys("/restcompress/dictionaries/*");
				assertThat(mapping.getUrlMap().get("/restcompress/dictionaries/*"))
					.isInstanceOf(TrainedDictionaryWebHandler.class);
				assertThat(mapping.getOrder()).isOne();
				assertThat(context).doesNotHaveBean(SimpleUrlHandlerMapping.class);
				ContentCodingWebFilter filter = context.getBean(ContentCodingWebFilter.class);
				assertThat(filter).extracting("handlers")
					.extracting("exchangeCodings")
					.isSameAs(context.getBean(DictionaryExchangeCodings.class));
				assertThat(filter).extracting("handlers")
					.extracting("bodyCopies")
					.isSameAs(context.getBean(DictionaryBodyCopies.class));
			});
	}

	@Test
	void doesNotCreateStoreOutsideAWebApplication() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(ContentCodecAutoConfiguration.class, DictionaryAutoConfiguration.class))
			.withPropertyValues(ENABLED)
			.run((context) -> assertThat(context).hasSingleBean(ContentCodecs.class)
				.doesNotHaveBean(DictionaryStore.class)
				.doesNotHaveBean(DictionaryTrainer.class)
				.doesNotHaveBean(MAPPING));
	}

	@Test
	void isGuardedByZstdJnisNativeLibraryCondition() {
		this.contextRunner.withPropertyValues(ENABLED).run((context) -> {
			ConditionEvaluationReport.ConditionAndOutcomes outcomes = ConditionEvaluationReport
				.get(context.getBeanFactory())
				.getConditionAndOutcomesBySource()
				.get(DictionaryAutoConfiguration.class.getName());
			assertThat(outcomes).extracting((conditionAndOutcome) -> (Object) conditionAndOutcome.getCondition().getClass())
				.contains(OnNativeLibraryCondition.Zstd.class);
		});
	}

	@Test
	void doesNotCreateStoreWhenRestcompressIsDisabled() {
		this.contextRunner.withUserConfiguration(UserContentCodecsConfiguration.class)
			.withPropertyValues(ENABLED, "restcompress.enabled=false")
			.run((context) -> assertThat(context).hasSingleBean(ContentCodecs.class)
				.doesNotHaveBean(DictionaryStore.class)
				.doesNotHaveBean(DictionaryProperties.class)
				.doesNotHaveBean(MAPPING));
	}

	@Test
	void doesNotCreateStoreWhenServerIsDisabled() {
		this.contextRunner.withPropertyValues(ENABLED, "restcompress.server.enabled=false")
			.run((context) -> assertThat(context).hasSingleBean(ContentCodecs.class)
				.doesNotHaveBean(DictionaryStore.class)
				.doesNotHaveBean(DictionaryProperties.class)
				.doesNotHaveBean(MAPPING));
	}

	@Test
	void doesNotCreateStoreWithoutZstdJni() {
		this.contextRunner.withClassLoader(new FilteredClassLoader("com.github.luben.zstd"))
			.withPropertyValues(ENABLED)
			.run((context) -> assertThat(context).hasSingleBean(ContentCodecs.class)
				.doesNotHaveBean(DictionaryStore.class)
				.doesNotHaveBean(DictionaryExchangeCodings.class)
				.doesNotHaveBean(MAPPING));
	}

	@Test
	void doesNotCreateStoreWithoutContentCodecs() {
		new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DictionaryAutoConfiguration.class))
			.withPropertyValues(ENABLED)
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(DictionaryStore.class)
				.doesNotHaveBean(MAPPING));
	}

	@Test
	void scopesPreviousVersionsByAuthorizationAndCookieByDefault() {
		this.contextRunner.withPropertyValues(ENABLED).run((context) -> {
			DictionaryScope scope = context.getBean(DictionaryScope.class);
			assertThat(scope).hasToString("DictionaryScope[Authorization, Cookie]");
			assertThat(context.getBean(DictionaryExchangeCodings.class)).extracting("scope").isSameAs(scope);
			assertThat(context.getBean(DictionaryBodyCopies.class)).extracting("scope").isSameAs(scope);
		});
	}

	@Test
	void sharesPreviousVersionsAmongAllClientsWithoutScopeHeaders() {
		this.contextRunner.withPropertyValues(ENABLED, "restcompress.dictionary.scope-headers=")
			.run((context) -> assertThat(context.getBean(DictionaryScope.class)).isSameAs(DictionaryScope.SHARED));
	}

	@Test
	void backsOffWhenUserDefinesTheScope() {
		DictionaryScope own = DictionaryScope.of(List.of("X-Tenant"));
		this.contextRunner.withPropertyValues(ENABLED).withBean(DictionaryScope.class, () -> own).run((context) -> {
			assertThat(context).hasSingleBean(DictionaryScope.class);
			assertThat(context.getBean(DictionaryExchangeCodings.class)).extracting("scope").isSameAs(own);
		});
	}

	@Test
	void backsOffWhenUserDefinesDictionaryStore() {
		DictionaryStore own = new DictionaryStore(1024, 4096, 2, Duration.ofMinutes(1), Clock.systemUTC());
		this.contextRunner.withPropertyValues(ENABLED).withBean(DictionaryStore.class, () -> own).run((context) -> {
			assertThat(context).hasSingleBean(DictionaryStore.class);
			assertThat(context.getBean(DictionaryStore.class)).isSameAs(own);
			assertThat(context.getBean(CapturedBodies.class)).extracting("store").isSameAs(own);
			assertThat(context.getBean(DictionaryExchangeCodings.class)).extracting("store").isSameAs(own);
		});
	}

	@Test
	void backsOffWhenUserDefinesDictionaryDeclarations() {
		DictionaryDeclarations own = new DictionaryDeclarations();
		this.contextRunner.withPropertyValues(ENABLED).withBean(DictionaryDeclarations.class, () -> own).run((context) -> {
			assertThat(context).hasSingleBean(DictionaryDeclarations.class);
			assertThat(context.getBean(DictionaryDeclarations.class)).isSameAs(own);
			assertThat(context.getBean(DictionaryExchangeCodings.class)).extracting("declarations").isSameAs(own);
			assertThat(context.getBean(DictionaryBodyCopies.class)).extracting("declarations").isSameAs(own);
		});
	}

	@Test
	void backsOffWhenUserDefinesDictionaryTrainer() {
		DictionaryTrainer own = new DictionaryTrainer(1024, 1024, "/own-dictionaries");
		this.contextRunner.withPropertyValues(ENABLED, EXPOSE_ENDPOINT)
			.withBean(DictionaryTrainer.class, () -> own)
			.run((context) -> {
				assertThat(context).hasSingleBean(DictionaryTrainer.class);
				assertThat(context.getBean(DictionaryTrainer.class)).isSameAs(own);
				assertThat(context.getBean(CapturedBodies.class)).extracting("trainer").isSameAs(own);
				assertThat(context.getBean(DictionaryEndpoint.class)).extracting("trainer").isSameAs(own);
				SimpleUrlHandlerMapping mapping = context.getBean(MAPPING, SimpleUrlHandlerMapping.class);
				assertThat(mapping.getUrlMap()).containsOnlyKeys("/own-dictionaries/*");
				assertThat(mapping.getUrlMap().get("/own-dictionaries/*")).extracting("trainer").isSameAs(own);
			});
	}

	@Test
	void backsOffWhenUserDefinesDictionaryResponseBodies() {
		DictionaryResponseBodies own = new DictionaryResponseBodies(List.of(new GzipCodec(1)));
		this.contextRunner.withPropertyValues(ENABLED)
			.withBean(DictionaryResponseBodies.class, () -> own)
			.run((context) -> {
				assertThat(context).hasSingleBean(DictionaryResponseBodies.class);
				assertThat(context.getBean(DictionaryResponseBodies.class)).isSameAs(own);
				SimpleUrlHandlerMapping mapping = context.getBean(MAPPING, SimpleUrlHandlerMapping.class);
				assertThat(mapping.getUrlMap().get("/restcompress/dictionaries/*")).extracting("bodies").isSameAs(own);
			});
	}

	@Test
	void backsOffWhenUserDefinesCapturedBodies() {
		CapturedBodies own = new CapturedBodies(
				new DictionaryStore(1024, 4096, 2, Duration.ofMinutes(1), Clock.systemUTC()), null);
		this.contextRunner.withPropertyValues(ENABLED).withBean(CapturedBodies.class, () -> own).run((context) -> {
			assertThat(context).hasSingleBean(CapturedBodies.class);
			assertThat(context.getBean(CapturedBodies.class)).isSameAs(own);
			assertThat(context.getBean(DictionaryBodyCopies.class)).extracting("bodies").isSameAs(own);
		});
	}

	@Test
	void backsOffWhenUserDefinesExchangeCodings() {
		ExchangeCodings own = (handler, path, applicationPath, requestHeader, response) -> List.of();
		this.contextRunner.withPropertyValues(ENABLED).withBean(ExchangeCodings.class, () -> own).run((context) -> {
			assertThat(context).hasSingleBean(ExchangeCodings.class).doesNotHaveBean(DictionaryExchangeCodings.class);
			assertThat(context.getBean(ExchangeCodings.class)).isSameAs(own);
			assertThat(context.getBean(CompressionHandlerInterceptor.class)).extracting("exchangeCodings")
				.isSameAs(own);
		});
	}

	@Test
	void providesTheEndpointWhenItIsExposed() {
		this.contextRunner.withPropertyValues(ENABLED, EXPOSE_ENDPOINT).run((context) -> {
			assertThat(context).hasSingleBean(DictionaryEndpoint.class);
			assertThat(context.getBean(DictionaryEndpoint.class)).extracting("trainer")
				.isSameAs(context.getBean(DictionaryTrainer.class));
		});
	}

	@Test
	void leavesTheEndpointOutWhenItIsNotExposed() {
		this.contextRunner.withPropertyValues(ENABLED)
			.run((context) -> assertThat(context).hasSingleBean(DictionaryTrainer.class)
				.doesNotHaveBean(DictionaryEndpoint.class));
	}

	@Test
	void leavesTheEndpointOutWhenAccessIsNone() {
		this.contextRunner
			.withPropertyValues(ENABLED, EXPOSE_ENDPOINT, "management.endpoint.restcompressdictionaries.access=NONE")
			.run((context) -> assertThat(context).hasSingleBean(DictionaryTrainer.class)
				.doesNotHaveBean(DictionaryEndpoint.class));
	}

	@Test
	void needsTheActuatorsAutoConfigurationForTheEndpointWhoseExposureItChecks() {
		this.contextRunner.withPropertyValues(ENABLED)
			.run((context) -> assertThat(ConditionEvaluationReport.get(context.getBeanFactory())
				.getConditionAndOutcomesBySource()
				.get(DictionaryAutoConfiguration.EndpointConfiguration.class.getName()))
				.anySatisfy((conditionAndOutcome) -> assertThat(conditionAndOutcome.getOutcome().getMessage())
					.contains(ConditionalOnAvailableEndpoint.class.getName())));
	}

	@Test
	void leavesTheEndpointOutWithoutTheActuatorOnTheClasspath() {
		this.contextRunner.withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate"))
			.withPropertyValues(ENABLED, EXPOSE_ENDPOINT)
			.run((context) -> assertThat(context).hasSingleBean(DictionaryStore.class)
				.doesNotHaveBean(DictionaryEndpoint.class));
	}

	@Test
	void backsOffWhenUserDefinesDictionaryEndpoint() {
		DictionaryEndpoint own = new DictionaryEndpoint(new DictionaryTrainer(1024, 1024, "/own-dictionaries"));
		this.contextRunner.withPropertyValues(ENABLED, EXPOSE_ENDPOINT)
			.withBean(DictionaryEndpoint.class, () -> own)
			.run((context) -> {
				assertThat(context).hasSingleBean(DictionaryEndpoint.class);
				assertThat(context.getBean(DictionaryEndpoint.class)).isSameAs(own);
			});
	}

	@Test
	void doesNotMapTrainedDictionariesWithoutSpringMvc() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(DispatcherServlet.class))
			.withPropertyValues(ENABLED)
			.run((context) -> assertThat(context).hasSingleBean(DictionaryStore.class)
				.hasSingleBean(DictionaryTrainer.class)
				.doesNotHaveBean(MAPPING));
	}

	@Test
	void doesNotMapTrainedDictionariesWithoutWebFlux() {
		new ReactiveWebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(ContentCodecAutoConfiguration.class,
					DictionaryAutoConfiguration.class, ReactiveServerCompressionAutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader(DispatcherHandler.class))
			.withPropertyValues(ENABLED)
			.run((context) -> assertThat(context).hasSingleBean(DictionaryStore.class)
				.hasSingleBean(DictionaryTrainer.class)
				.doesNotHaveBean(MAPPING));
	}

	@Test
	void dictionaryCodingsUseTheConfiguredZstdAndBrotliCodecs() {
		this.contextRunner.withPropertyValues("restcompress.dictionary.enabled=true").run((context) -> {
			DictionaryCodings codings = context.getBean(DictionaryCodings.class);
			StoredDictionary dictionary = new StoredDictionary(new byte[] { 1, 2, 3 }, new byte[32],
					MatchPattern.of("/*"), "");
			assertThat(codings.of(dictionary, List.of(DictionaryCodings.Coding.DCB, DictionaryCodings.Coding.DCZ)))
				.extracting(ContentCodec::coding)
				.containsExactly("dcb", "dcz");
		});
	}

	@Test
	void userDefinedDictionaryCodingsAreUsed() {
		DictionaryCodings own = new DictionaryCodings(new ZstdCodec(3, ZstdCodec.DEFAULT_MAX_WINDOW), null);
		this.contextRunner.withPropertyValues("restcompress.dictionary.enabled=true")
			.withBean(DictionaryCodings.class, () -> own)
			.run((context) -> assertThat(context.getBean(DictionaryExchangeCodings.class)).extracting("codings")
				.isSameAs(own));
	}

	@Test
	void loadsTheConfiguredTrainedDictionariesAtStartup(@TempDir Path directory) throws IOException {
		byte[] dictionary = "{\"id\":0,\"name\":\"\",\"tags\":[]}".repeat(20).getBytes(StandardCharsets.UTF_8);
		Path file = Files.write(directory.resolve("small.dict"), dictionary);
		this.contextRunner
			.withPropertyValues("restcompress.dictionary.enabled=true",
					"restcompress.dictionary.training.dictionaries[0].match=/api/small/*",
					"restcompress.dictionary.training.dictionaries[0].location=" + file.toUri())
			.run((context) -> {
				StoredDictionary loaded = context.getBean(DictionaryTrainer.class).trained(MatchPattern.of("/api/small/*"));
				assertThat(loaded).isNotNull();
				assertThat(loaded.content()).isEqualTo(dictionary);
			});
	}

	@Test
	void failsToStartWhenAConfiguredDictionaryCannotBeRead(@TempDir Path directory) {
		String missing = directory.resolve("missing.dict").toUri().toString();
		this.contextRunner
			.withPropertyValues("restcompress.dictionary.enabled=true",
					"restcompress.dictionary.training.dictionaries[0].match=/api/small/*",
					"restcompress.dictionary.training.dictionaries[0].location=" + missing)
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.isInstanceOf(IOException.class)
				.satisfies((ex) -> assertThat(context.getStartupFailure())
					.hasStackTraceContaining("restcompress.dictionary.training.dictionaries[0] (/api/small/*)")
					.hasStackTraceContaining("missing.dict")));
	}

	@Test
	void failsToStartWhenAConfiguredDictionaryHasNoMatch(@TempDir Path directory) throws IOException {
		Path file = Files.write(directory.resolve("small.dict"), new byte[] { 1, 2, 3 });
		this.contextRunner
			.withPropertyValues("restcompress.dictionary.enabled=true",
					"restcompress.dictionary.training.dictionaries[0].location=" + file.toUri())
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasStackTraceContaining("restcompress.dictionary.training.dictionaries[0] needs both a match and a location"));
	}

	@Test
	void limitsHaveDefaults() {
		DictionaryProperties properties = new DictionaryProperties();
		assertThat(properties.isEnabled()).isFalse();
		assertThat(properties.getMaxSize()).isEqualTo(DataSize.ofMegabytes(4));
		assertThat(properties.getMaxTotalSize()).isEqualTo(DataSize.ofMegabytes(32));
		assertThat(properties.getMaxEntries()).isEqualTo(64);
		assertThat(properties.getTtl()).isEqualTo(Duration.ofHours(1));
		assertThat(properties.getTraining().getDictionaries()).isEmpty();
		assertThat(properties.getTraining().getMaxSampleSize()).isEqualTo(DataSize.ofMegabytes(2));
		assertThat(properties.getTraining().getDictionarySize()).isEqualTo(DataSize.ofKilobytes(256));
	}

	@Test
	void trainerAppliesTheConfiguredSizes() {
		this.contextRunner
			.withPropertyValues("restcompress.dictionary.enabled=true",
					"restcompress.dictionary.training.dictionary-size=1KB",
					"restcompress.dictionary.training.max-sample-size=3KB")
			.run((context) -> {
				DictionaryTrainer trainer = context.getBean(DictionaryTrainer.class);
				MatchPattern all = MatchPattern.of("/*");
				for (int n = 0; n < 4; n++) {
					trainer.sample(all, ("{\"order\":" + n + ",\"state\":\"open\"}").repeat(30).getBytes());
				}
				assertThat(trainer.report().get("/*")).containsEntry("samples", 3);
				assertThat(trainer.train(all).content()).hasSize(1024);
			});
	}

	@Test
	void storeAppliesTheConfiguredLimits() {
		this.contextRunner
			.withPropertyValues("restcompress.dictionary.enabled=true", "restcompress.dictionary.max-size=3B",
					"restcompress.dictionary.max-entries=1")
			.run((context) -> {
				DictionaryStore store = context.getBean(DictionaryStore.class);
				MatchPattern all = MatchPattern.of("/*");
				assertThat(store.store(new byte[4], all, "")).isNull();
				store.store(new byte[] { 1 }, all, "");
				store.store(new byte[] { 2 }, all, "");
				assertThat(store.size()).isOne();
			});
	}

	@Configuration(proxyBeanMethods = false)
	static class UserContentCodecsConfiguration {

		@Bean
		ContentCodecs userContentCodecs() {
			return ContentCodecs.of(new GzipCodec(1), new ZstdCodec(3, ZstdCodec.DEFAULT_MAX_WINDOW));
		}

	}

	@RestController
	static class InvalidDictionaryController {

		@DictionaryCompressed(match = "no-slash")
		@GetMapping("/feed")
		String feed() {
			return "";
		}

	}

	@RestController
	static class ValidDictionaryController {

		@DictionaryCompressed(match = "/feed*")
		@GetMapping("/feed")
		String feed() {
			return "";
		}

	}

}
