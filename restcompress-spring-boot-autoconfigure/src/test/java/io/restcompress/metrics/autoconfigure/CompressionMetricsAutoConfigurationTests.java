package io.restcompress.metrics.autoconfigure;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.restcompress.metrics.Bandwidth;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.CompressionStatistics;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.Side;
import io.restcompress.metrics.SkipReason;
import io.restcompress.metrics.actuate.CompressionEndpoint;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

class CompressionMetricsAutoConfigurationTests {

	private static final String EXPOSE_ENDPOINT = "management.endpoints.web.exposure.include=restcompress";

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(CompressionMetricsAutoConfiguration.class));

	private final ApplicationContextRunner withBootMetrics = this.runner
		.withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
				CompositeMeterRegistryAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class));

	@Test
	void recordsNothingWithoutARegistryOrTheEndpoint() {
		this.runner.run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context).doesNotHaveBean(CompressionRecorder.class);
			assertThat(context).doesNotHaveBean(CompressionStatistics.class);
			assertThat(context).doesNotHaveBean(CompressionEndpoint.class);
		});
	}

	@Test
	void recordsNothingWithoutMicrometerOnTheClasspath() {
		this.runner.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.withBean(SimpleMeterRegistry.class)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context).doesNotHaveBean(CompressionRecorder.class);
			});
	}

	@Test
	void recordsIntoTheRegistryThatBootConfigures() {
		this.withBootMetrics.run((context) -> {
			assertThat(context).hasSingleBean(CompressionRecorder.class);
			context.getBean(CompressionRecorder.class)
				.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.BELOW_THRESHOLD);
			assertThat(context.getBean(MeterRegistry.class).get("restcompress.skipped").counter().count())
				.isEqualTo(1);
			assertThat(context).doesNotHaveBean(CompressionStatistics.class);
		});
	}

	@Test
	void runsAfterTheAutoConfigurationsItNamesWhichExist() {
		String[] after = MergedAnnotations.from(CompressionMetricsAutoConfiguration.class)
			.get(AutoConfiguration.class)
			.getStringArray("afterName");
		assertThat(after).containsExactlyInAnyOrder(MetricsAutoConfiguration.class.getName(),
				CompositeMeterRegistryAutoConfiguration.class.getName());
		assertThat(after).allSatisfy((name) -> assertThat(ClassUtils.isPresent(name, null)).isTrue());
	}

	@Test
	void backsOffWhenTheUserDefinesARecorder() {
		this.withBootMetrics.withPropertyValues(EXPOSE_ENDPOINT)
			.withUserConfiguration(UserRecorderConfiguration.class)
			.run((context) -> {
				assertThat(context).hasSingleBean(CompressionRecorder.class);
				assertThat(context.getBean(CompressionRecorder.class)).isSameAs(UserRecorderConfiguration.RECORDER);
			});
	}

	@Test
	void providesTheEndpointAndItsStatisticsWhenExposed() {
		this.runner.withPropertyValues(EXPOSE_ENDPOINT).run((context) -> {
			assertThat(context).hasSingleBean(CompressionEndpoint.class);
			assertThat(context).hasSingleBean(CompressionStatistics.class);
			assertThat(context.getBean(CompressionRecorder.class))
				.isSameAs(context.getBean(CompressionStatistics.class).recorder());
		});
	}

	@Test
	void backsOffWhenTheUserDefinesCompressionStatistics() {
		this.runner.withPropertyValues(EXPOSE_ENDPOINT)
			.withUserConfiguration(UserStatisticsConfiguration.class)
			.run((context) -> {
				assertThat(context).hasSingleBean(CompressionStatistics.class);
				CompressionStatistics statistics = context.getBean(CompressionStatistics.class);
				assertThat(statistics).isSameAs(UserStatisticsConfiguration.STATISTICS);
				assertThat(context.getBean(CompressionEndpoint.class)).extracting("statistics").isSameAs(statistics);
				assertThat(context.getBean(CompressionRecorder.class)).isSameAs(statistics.recorder());
			});
	}

	@Test
	void backsOffWhenTheUserDefinesCompressionEndpoint() {
		this.runner.withPropertyValues(EXPOSE_ENDPOINT)
			.withUserConfiguration(UserEndpointConfiguration.class)
			.run((context) -> {
				assertThat(context).hasSingleBean(CompressionEndpoint.class);
				assertThat(context.getBean(CompressionEndpoint.class)).isSameAs(UserEndpointConfiguration.ENDPOINT);
			});
	}

	@Test
	void recordsIntoTheRegistryAndTheStatisticsWhenBothAreThere() {
		this.withBootMetrics.withPropertyValues(EXPOSE_ENDPOINT).run((context) -> {
			context.getBean(CompressionRecorder.class).skipped(Side.SERVER, Direction.RESPONSE, SkipReason.DISABLED);
			assertThat(context.getBean(MeterRegistry.class).get("restcompress.skipped").counter().count())
				.isEqualTo(1);
			assertThat(context.getBean(CompressionStatistics.class).snapshot().skipped()).hasSize(1);
		});
	}

	@Test
	void leavesTheEndpointOutWhenItIsNotExposed() {
		this.withBootMetrics.run((context) -> assertThat(context).doesNotHaveBean(CompressionEndpoint.class));
	}

	@Test
	void leavesTheEndpointOutWhenAccessIsNone() {
		this.runner.withPropertyValues(EXPOSE_ENDPOINT, "management.endpoint.restcompress.access=NONE")
			.run((context) -> {
				assertThat(context).doesNotHaveBean(CompressionEndpoint.class);
				assertThat(context).doesNotHaveBean(CompressionStatistics.class);
			});
	}

	@Test
	void needsTheActuatorsAutoConfigurationForTheEndpointWhoseExposureItChecks() {
		this.withBootMetrics.run((context) -> assertThat(ConditionEvaluationReport.get(context.getBeanFactory())
			.getConditionAndOutcomesBySource()
			.get(CompressionMetricsAutoConfiguration.EndpointConfiguration.class.getName()))
			.anySatisfy((conditionAndOutcome) -> assertThat(conditionAndOutcome.getOutcome().getMessage())
				.contains(ConditionalOnAvailableEndpoint.class.getName())));
	}

	@Test
	void leavesTheEndpointOutWithoutTheActuatorOnTheClasspath() {
		this.withBootMetrics.withPropertyValues(EXPOSE_ENDPOINT)
			.withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate"))
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context).doesNotHaveBean(CompressionEndpoint.class);
				assertThat(context).hasSingleBean(CompressionRecorder.class);
			});
	}

	@Test
	void configuresNothingWhenRestcompressIsDisabled() {
		this.withBootMetrics.withPropertyValues(EXPOSE_ENDPOINT, "restcompress.enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(CompressionRecorder.class);
			assertThat(context).doesNotHaveBean(CompressionEndpoint.class);
			assertThat(context).doesNotHaveBean(NetworkProperties.class);
		});
	}

	@Test
	void configuresNothingWhenMetricsAreDisabled() {
		this.withBootMetrics.withPropertyValues(EXPOSE_ENDPOINT, "restcompress.metrics.enabled=false")
			.run((context) -> {
				assertThat(context).doesNotHaveBean(CompressionRecorder.class);
				assertThat(context).doesNotHaveBean(CompressionEndpoint.class);
			});
	}

	@Test
	void bindsTheBandwidthFromAString() {
		this.runner.withPropertyValues(EXPOSE_ENDPOINT, "restcompress.network.bandwidth=2.5Gbit").run((context) -> {
			assertThat(context.getBean(NetworkProperties.class).getBandwidth())
				.isEqualTo(Bandwidth.ofBitsPerSecond(2_500_000_000L));
			assertThat(context.getBean(CompressionEndpoint.class).compression().bandwidthMegabitsPerSecond())
				.isEqualTo(2_500.0);
		});
	}

	@Test
	void failsToStartWithAnUnreadableBandwidth() {
		this.runner.withPropertyValues("restcompress.network.bandwidth=fast").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context).getFailure().rootCause().hasMessageContaining("'fast' is not a bandwidth");
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class UserRecorderConfiguration {

		static final CompressionRecorder RECORDER = new CompressionRecorder() {
		};

		@Bean
		CompressionRecorder userRecorder() {
			return RECORDER;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserStatisticsConfiguration {

		static final CompressionStatistics STATISTICS = new CompressionStatistics();

		@Bean
		CompressionStatistics userStatistics() {
			return STATISTICS;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserEndpointConfiguration {

		static final CompressionEndpoint ENDPOINT = new CompressionEndpoint(new CompressionStatistics(), null);

		@Bean
		CompressionEndpoint userEndpoint() {
			return ENDPOINT;
		}

	}

}
