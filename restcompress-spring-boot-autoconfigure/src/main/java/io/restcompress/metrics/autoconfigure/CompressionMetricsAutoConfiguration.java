package io.restcompress.metrics.autoconfigure;

import io.micrometer.core.instrument.MeterRegistry;
import io.restcompress.metrics.CompositeCompressionRecorder;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.CompressionStatistics;
import io.restcompress.metrics.MicrometerCompressionRecorder;
import io.restcompress.metrics.actuate.CompressionEndpoint;
import io.restcompress.metrics.actuate.DecisionsContributor;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Auto-configuration of the {@link CompressionRecorder} that the server and the clients
 * report to: Micrometer meters when there is a {@link MeterRegistry}, plus the
 * {@link CompressionStatistics} behind the {@code restcompress} endpoint when that endpoint
 * is available. The statistics-only recorder is declared on this class so that it is
 * considered after the nested configurations.
 */
@AutoConfiguration(afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnBooleanProperty(name = "restcompress.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "restcompress.metrics.enabled", matchIfMissing = true)
@EnableConfigurationProperties({ CompressionMetricsProperties.class, NetworkProperties.class })
public final class CompressionMetricsAutoConfiguration {

	@Bean
	@ConditionalOnBean(CompressionStatistics.class)
	@ConditionalOnMissingBean(CompressionRecorder.class)
	CompressionRecorder statisticsCompressionRecorder(CompressionStatistics statistics) {
		return statistics.recorder();
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "org.springframework.boot.actuate.endpoint.annotation.Endpoint",
			"org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint" })
	static class EndpointConfiguration {

		@Bean
		@ConditionalOnMissingBean
		@ConditionalOnAvailableEndpoint(CompressionEndpoint.class)
		CompressionStatistics compressionStatistics() {
			return new CompressionStatistics();
		}

		@Bean
		@ConditionalOnMissingBean
		@ConditionalOnAvailableEndpoint
		CompressionEndpoint compressionEndpoint(CompressionStatistics statistics, NetworkProperties network,
				ObjectProvider<DecisionsContributor> decisions) {
			return new CompressionEndpoint(statistics, network.getBandwidth(), decisions.getIfAvailable());
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterRegistry.class)
	@ConditionalOnBean(MeterRegistry.class)
	static class MicrometerRecorderConfiguration {

		@Bean
		@ConditionalOnMissingBean(CompressionRecorder.class)
		CompressionRecorder micrometerCompressionRecorder(MeterRegistry registry,
				ObjectProvider<CompressionStatistics> statistics) {
			CompressionRecorder meters = new MicrometerCompressionRecorder(registry);
			CompressionStatistics found = statistics.getIfAvailable();
			return (found != null) ? CompositeCompressionRecorder.of(meters, found.recorder()) : meters;
		}

	}

}
