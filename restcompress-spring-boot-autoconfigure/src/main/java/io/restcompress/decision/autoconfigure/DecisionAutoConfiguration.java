package io.restcompress.decision.autoconfigure;

import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.autoconfigure.ContentCodecAutoConfiguration;
import io.restcompress.decision.AdaptivePolicy;
import io.restcompress.decision.CodingLadder;
import io.restcompress.decision.CodingOption;
import io.restcompress.decision.CompressionDecisions;
import io.restcompress.decision.DecisionLog;
import io.restcompress.decision.DecisionReport;
import io.restcompress.decision.LearnedPerformance;
import io.restcompress.decision.NetworkLinks;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.actuate.DecisionsContributor;
import io.restcompress.metrics.autoconfigure.CompressionMetricsAutoConfiguration;
import io.restcompress.metrics.autoconfigure.NetworkProperties;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * Auto-configuration of the adaptive decision, when the server or the clients use it: the
 * links to peers, the ladder of codings and levels, the learned performance and the policy.
 */
@AutoConfiguration(after = { ContentCodecAutoConfiguration.class, CompressionMetricsAutoConfiguration.class })
@ConditionalOnBooleanProperty(name = "restcompress.enabled", matchIfMissing = true)
@ConditionalOnBean(ContentCodecs.class)
@Conditional(OnAdaptiveDecisionCondition.class)
@EnableConfigurationProperties({ DecisionProperties.class, NetworkProperties.class })
public final class DecisionAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	NetworkLinks networkLinks(NetworkProperties properties) {
		return NetworkLinksFactory.create(properties);
	}

	@Bean
	@ConditionalOnMissingBean
	CodingLadder codingLadder(DecisionProperties properties, ContentCodecs codecs) {
		return new CodingLadder(properties.getLadder().stream().map(CodingOption::parse).toList(), codecs);
	}

	@Bean
	@ConditionalOnMissingBean
	CompressionDecisions compressionDecisions(NetworkLinks links, CodingLadder ladder, DecisionProperties properties,
			ObjectProvider<CompressionRecorder> recorder) {
		return new CompressionDecisions(links, ladder,
				new AdaptivePolicy(new LearnedPerformance(properties.getLearningRate()), properties.isExplore()),
				new DecisionLog(),
				recorder.getIfAvailable(() -> CompressionRecorder.NONE));
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.boot.actuate.endpoint.annotation.Endpoint")
	static class EndpointConfiguration {

		@Bean
		@ConditionalOnMissingBean
		DecisionsContributor decisionsContributor(CompressionDecisions decisions) {
			return () -> DecisionReport.describe(decisions);
		}

	}

}
