package io.restcompress.dictionary.autoconfigure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ZstdCodec;
import io.restcompress.codec.autoconfigure.ContentCodecAutoConfiguration;
import io.restcompress.dictionary.DictionaryBodyCopies;
import io.restcompress.dictionary.DictionaryCodings;
import io.restcompress.dictionary.DictionaryExchangeCodings;
import io.restcompress.dictionary.DictionaryStore;
import io.restcompress.dictionary.DictionaryTrainer;
import io.restcompress.dictionary.MatchPattern;
import io.restcompress.dictionary.StoredDictionary;
import io.restcompress.dictionary.TrainedDictionaryHandler;
import io.restcompress.dictionary.TrainedDictionaryWebHandler;
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

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.util.unit.DataSize;
import org.springframework.web.servlet.handler.SimpleUrlHandlerMapping;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link DictionaryAutoConfiguration}.
 */
class DictionaryAutoConfigurationTests {

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
				.doesNotHaveBean("trainedDictionaryFilter");
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

}
