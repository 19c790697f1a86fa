package io.restcompress.codec.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.restcompress.codec.BrotliCodec;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.Lz4Codec;
import io.restcompress.codec.ZstdCodec;
import io.restcompress.internal.OnNativeLibraryCondition;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

class NativeCodecAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ContentCodecAutoConfiguration.class));

	@Test
	void providesTheNativeCodecsInTheDefaultPreferenceOrder() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(ZstdCodec.class)
				.hasSingleBean(BrotliCodec.class)
				.hasSingleBean(Lz4Codec.class);
			assertThat(context.getBean(ContentCodecs.class).tokens()).isEqualTo("lzf, lz4, gzip, zstd, br, deflate");
			assertThat(context.getBean(ContentCodecs.class).all()).filteredOn(ContentCodec::registered)
				.extracting(ContentCodec::coding)
				.containsExactly("gzip", "zstd", "br", "deflate");
		});
	}

	@Test
	void usesDefaultLevelsAndWindowLimits() {
		this.contextRunner.run((context) -> {
			assertThat(context.getBean(ZstdCodec.class).level()).isEqualTo(1);
			assertThat(context.getBean(ZstdCodec.class).maxWindow()).isEqualTo(8 * 1024 * 1024);
			assertThat(context.getBean(BrotliCodec.class).quality()).isEqualTo(4);
			assertThat(context.getBean(BrotliCodec.class).maxWindow()).isEqualTo(16 * 1024 * 1024 - 16);
			assertThat(context.getBean(Lz4Codec.class).level()).isEqualTo(1);
		});
	}

	@Test
	void bindsLevelsAndWindowLimitsFromProperties() {
		this.contextRunner
			.withPropertyValues("restcompress.codec.zstd.level=6", "restcompress.codec.zstd.max-window=2MB",
					"restcompress.codec.brotli.quality=7", "restcompress.codec.brotli.max-window=1MB",
					"restcompress.codec.lz4.level=9")
			.run((context) -> {
				assertThat(context.getBean(ZstdCodec.class).level()).isEqualTo(6);
				assertThat(context.getBean(ZstdCodec.class).maxWindow()).isEqualTo(2 * 1024 * 1024);
				assertThat(context.getBean(BrotliCodec.class).quality()).isEqualTo(7);
				assertThat(context.getBean(BrotliCodec.class).maxWindow()).isEqualTo(1024 * 1024 - 16);
				assertThat(context.getBean(Lz4Codec.class).level()).isEqualTo(9);
			});
	}

	@Test
	void failsToStartWithALevelOutOfRange() {
		this.contextRunner.withPropertyValues("restcompress.codec.zstd.level=23")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("zstd level"));
	}

	@Test
	void leavesOutZstdWithoutZstdJni() {
		this.contextRunner.withClassLoader(new FilteredClassLoader("com.github.luben.zstd"))
			.run((context) -> {
				assertThat(context).doesNotHaveBean(ZstdCodec.class).hasSingleBean(BrotliCodec.class);
				assertThat(context.getBean(ContentCodecs.class).find("zstd")).isEmpty();
			});
	}

	@Test
	void leavesOutBrotliWithoutBrotli4j() {
		this.contextRunner.withClassLoader(new FilteredClassLoader("com.aayushatharva.brotli4j"))
			.run((context) -> {
				assertThat(context).doesNotHaveBean(BrotliCodec.class).hasSingleBean(ZstdCodec.class);
				assertThat(context.getBean(ContentCodecs.class).find("br")).isEmpty();
			});
	}

	@Test
	void leavesOutLz4WithoutLz4Java() {
		this.contextRunner.withClassLoader(new FilteredClassLoader("net.jpountz.lz4"))
			.run((context) -> {
				assertThat(context).doesNotHaveBean(Lz4Codec.class).hasSingleBean(ZstdCodec.class);
				assertThat(context.getBean(ContentCodecs.class).find("lz4")).isEmpty();
			});
	}

	@Test
	void providesNoCodecWhenDisabled() {
		this.contextRunner.withPropertyValues("restcompress.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(ContentCodec.class));
	}

	@Test
	void backsOffFromCodecsTheUserDefines() {
		this.contextRunner.withUserConfiguration(UserCodecs.class).run((context) -> {
			assertThat(context).hasSingleBean(ZstdCodec.class).hasSingleBean(BrotliCodec.class)
				.hasSingleBean(Lz4Codec.class);
			assertThat(context.getBean(ZstdCodec.class)).isSameAs(context.getBean("myZstd"));
			assertThat(context.getBean(ZstdCodec.class).level()).isEqualTo(12);
			assertThat(context.getBean(BrotliCodec.class)).isSameAs(context.getBean("myBrotli"));
			assertThat(context.getBean(Lz4Codec.class)).isSameAs(context.getBean("myLz4"));
		});
	}

	@Test
	void guardsTheNativeCodecsWithTheirNativeLibraryConditions() {
		this.contextRunner.run((context) -> {
			Map<String, ConditionEvaluationReport.ConditionAndOutcomes> bySource = ConditionEvaluationReport
				.get(context.getBeanFactory())
				.getConditionAndOutcomesBySource();
			assertThat(conditions(bySource, "ZstdCodecConfiguration")).contains(OnNativeLibraryCondition.Zstd.class);
			assertThat(conditions(bySource, "BrotliCodecConfiguration")).contains(OnNativeLibraryCondition.Brotli.class);
		});
	}

	private static List<Class<?>> conditions(Map<String, ConditionEvaluationReport.ConditionAndOutcomes> bySource,
			String configuration) {
		ConditionEvaluationReport.ConditionAndOutcomes outcomes = bySource
			.get(ContentCodecAutoConfiguration.class.getName() + "$" + configuration);
		assertThat(outcomes).as(configuration).isNotNull();
		List<Class<?>> conditions = new ArrayList<>();
		outcomes.forEach((conditionAndOutcome) -> conditions.add(conditionAndOutcome.getCondition().getClass()));
		return conditions;
	}

	@Configuration(proxyBeanMethods = false)
	static class UserCodecs {

		@Bean
		ZstdCodec myZstd() {
			return new ZstdCodec(12, ZstdCodec.DEFAULT_MAX_WINDOW);
		}

		@Bean
		BrotliCodec myBrotli() {
			return new BrotliCodec(2, BrotliCodec.DEFAULT_MAX_WINDOW);
		}

		@Bean
		Lz4Codec myLz4() {
			return new Lz4Codec(3);
		}

	}

}
