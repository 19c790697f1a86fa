package io.restcompress.decision.autoconfigure;

import java.util.List;
import java.util.Map;

import io.restcompress.client.ClientCompression;
import io.restcompress.client.autoconfigure.ClientCompressionAutoConfiguration;
import io.restcompress.codec.AcceptEncoding;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.autoconfigure.ContentCodecAutoConfiguration;
import io.restcompress.codec.autoconfigure.GzipOnlyCodecsConfiguration;
import io.restcompress.decision.AdaptivePolicy;
import io.restcompress.decision.CodingLadder;
import io.restcompress.decision.CodingOption;
import io.restcompress.decision.CompressionDecisions;
import io.restcompress.decision.DecisionLog;
import io.restcompress.decision.DecisionReport;
import io.restcompress.decision.LearnedPerformance;
import io.restcompress.decision.NetworkLinks;
import io.restcompress.internal.server.ResponseEncodingRules;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.Side;
import io.restcompress.metrics.actuate.CompressionEndpoint;
import io.restcompress.metrics.actuate.DecisionsContributor;
import io.restcompress.metrics.autoconfigure.CompressionMetricsAutoConfiguration;
import io.restcompress.metrics.autoconfigure.NetworkProperties;
import io.restcompress.server.autoconfigure.ServerCompressionAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.util.ReflectionTestUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link DecisionAutoConfiguration} and the server's and clients' use of it.
 */
class DecisionAutoConfigurationTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ContentCodecAutoConfiguration.class, DecisionAutoConfiguration.class,
				ServerCompressionAutoConfiguration.class, ClientCompressionAutoConfiguration.class));

	@Test
	void staysOutWithTheFixedDecision() {
		this.contextRunner.run((context) -> {
			assertThat(context).doesNotHaveBean(CompressionDecisions.class);
			assertThat(decisionsOf(context.getBean(ResponseEncodingRules.class))).isNull();
		});
	}

	@Test
	void servesTheServerWhenItIsAdaptive() {
		this.contextRunner.withPropertyValues("restcompress.server.decision=adaptive").run((context) -> {
			assertThat(context).hasSingleBean(CompressionDecisions.class)
				.hasSingleBean(NetworkLinks.class)
				.hasSingleBean(CodingLadder.class)
				.hasSingleBean(DecisionsContributor.class);
			assertThat(decisionsOf(context.getBean(ResponseEncodingRules.class)))
				.isSameAs(context.getBean(CompressionDecisions.class));
		});
	}

	@Test
	void servesTheClientsWhenTheyAreAdaptive() {
		this.contextRunner.withPropertyValues("restcompress.client.decision=adaptive",
				"restcompress.client.request.time-budget=20ms")
			.run((context) -> {
				assertThat(context).hasSingleBean(CompressionDecisions.class);
				assertThat(decisionsOf(context.getBean(ResponseEncodingRules.class))).isNull();
				Object requests = ReflectionTestUtils.getField(context.getBean(ClientCompression.class), "requests");
				assertThat(ReflectionTestUtils.getField(requests, "decisions"))
					.isSameAs(context.getBean(CompressionDecisions.class));
				assertThat(ReflectionTestUtils.getField(requests, "timeBudget")).hasToString("PT0.02S");
			});
	}

	@Test
	void leavesTheClientsFixedWhenOnlyTheServerIsAdaptive() {
		this.contextRunner.withPropertyValues("restcompress.server.decision=adaptive").run((context) -> {
			Object requests = ReflectionTestUtils.getField(context.getBean(ClientCompression.class), "requests");
			assertThat(ReflectionTestUtils.getField(requests, "decisions")).isNull();
		});
	}

	@Test
	void setsNoTimeBudgetByDefault() {
		this.contextRunner.withPropertyValues("restcompress.server.decision=adaptive", "restcompress.client.decision=adaptive")
			.run((context) -> {
				Object requests = ReflectionTestUtils.getField(context.getBean(ClientCompression.class), "requests");
				assertThat(ReflectionTestUtils.getField(requests, "decisions")).isNotNull();
				assertThat(ReflectionTestUtils.getField(requests, "timeBudget")).isNull();
				assertThat(decisionsOf(context.getBean(ResponseEncodingRules.class))).isNotNull();
				assertThat(ReflectionTestUtils.getField(context.getBean(ResponseEncodingRules.class), "timeBudget"))
					.isNull();
			});
	}

	@Test
	void failsOnAClientTimeBudgetWithoutTheAdaptiveDecision() {
		this.contextRunner.withPropertyValues("restcompress.client.request.time-budget=20ms")
			.run((context) -> assertThat(context).getFailure()
				.hasStackTraceContaining("A request time budget (restcompress.client.request.time-budget) needs the adaptive decision"));
	}

	@Test
	void leavesTheEndpointContributionOutWithoutActuator() {
		this.contextRunner.withPropertyValues("restcompress.server.decision=adaptive")
			.withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate"))
			.run((context) -> assertThat(context).hasSingleBean(CompressionDecisions.class)
				.doesNotHaveBean(DecisionsContributor.class));
	}

	@Test
	void staysOutWhenRestcompressIsDisabled() {
		this.contextRunner.withPropertyValues("restcompress.server.decision=adaptive", "restcompress.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(CompressionDecisions.class));
	}

	@ParameterizedTest
	@ValueSource(strings = { "server", "client" })
	void staysOutWhenTheOnlyAdaptiveSideIsDisabled(String side) {
		this.contextRunner
			.withPropertyValues("restcompress." + side + ".decision=adaptive", "restcompress." + side + ".enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(CompressionDecisions.class));
	}

	@Test
	void servesTheClientsWhenTheServerIsAdaptiveButDisabled() {
		this.contextRunner
			.withPropertyValues("restcompress.server.decision=adaptive", "restcompress.server.enabled=false",
					"restcompress.client.decision=adaptive")
			.run((context) -> assertThat(context).hasSingleBean(CompressionDecisions.class));
	}

	@Test
	void staysOutWhenRestcompressIsDisabledAlthoughTheUserDefinesContentCodecs() {
		this.contextRunner.withUserConfiguration(GzipOnlyCodecsConfiguration.class)
			.withPropertyValues("restcompress.server.decision=adaptive", "restcompress.enabled=false")
			.run((context) -> assertThat(context).hasSingleBean(ContentCodecs.class)
				.doesNotHaveBean(CompressionDecisions.class)
				.doesNotHaveBean(NetworkLinks.class)
				.doesNotHaveBean(CodingLadder.class)
				.doesNotHaveBean(DecisionProperties.class));
	}

	@Test
	void staysOutWithoutContentCodecs() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(DecisionAutoConfiguration.class))
			.withPropertyValues("restcompress.server.decision=adaptive", "restcompress.client.decision=adaptive")
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(CompressionDecisions.class)
				.doesNotHaveBean(NetworkLinks.class)
				.doesNotHaveBean(CodingLadder.class));
	}

	@Test
	void backsOffWhenUserDefinesNetworkLinks() {
		this.contextRunner.withUserConfiguration(UserNetworkLinksConfiguration.class)
			.withPropertyValues("restcompress.server.decision=adaptive")
			.run((context) -> {
				assertThat(context).hasSingleBean(NetworkLinks.class).hasBean("userNetworkLinks");
				assertThat(context.getBean(CompressionDecisions.class).links())
					.isSameAs(context.getBean("userNetworkLinks"));
			});
	}

	@Test
	void backsOffWhenUserDefinesCodingLadder() {
		this.contextRunner.withUserConfiguration(UserCodingLadderConfiguration.class)
			.withPropertyValues("restcompress.server.decision=adaptive")
			.run((context) -> {
				assertThat(context).hasSingleBean(CodingLadder.class).hasBean("userCodingLadder");
				CodingLadder ladder = context.getBean(CodingLadder.class);
				assertThat(ladder.rungs()).extracting((rung) -> rung.option().label()).containsExactly("gzip:1");
				assertThat(context.getBean(CompressionDecisions.class).ladder()).isSameAs(ladder);
			});
	}

	@Test
	void backsOffWhenUserDefinesCompressionDecisions() {
		this.contextRunner.withUserConfiguration(UserCompressionDecisionsConfiguration.class)
			.withPropertyValues("restcompress.server.decision=adaptive")
			.run((context) -> {
				assertThat(context).hasSingleBean(CompressionDecisions.class).hasBean("userCompressionDecisions");
				CompressionDecisions decisions = context.getBean(CompressionDecisions.class);
				assertThat(decisionsOf(context.getBean(ResponseEncodingRules.class))).isSameAs(decisions);
			});
	}

	@Test
	void backsOffWhenUserDefinesDecisionsContributor() {
		this.contextRunner
			.withConfiguration(AutoConfigurations.of(CompressionMetricsAutoConfiguration.class))
			.withUserConfiguration(UserDecisionsContributorConfiguration.class)
			.withPropertyValues("restcompress.server.decision=adaptive",
					"management.endpoints.web.exposure.include=restcompress")
			.run((context) -> {
				assertThat(context).hasSingleBean(DecisionsContributor.class);
				assertThat(context.getBean(DecisionsContributor.class))
					.isSameAs(UserDecisionsContributorConfiguration.CONTRIBUTOR);
				assertThat(context.getBean(CompressionEndpoint.class)).extracting("decisions")
					.isSameAs(UserDecisionsContributorConfiguration.CONTRIBUTOR);
			});
	}

	@Test
	void buildsLinksAndLadderFromProperties() {
		this.contextRunner
			.withPropertyValues("restcompress.server.decision=adaptive", "restcompress.network.bandwidth=1Gbit",
					"restcompress.network.links[0].name=branch", "restcompress.network.links[0].addresses=10.20.0.0/16",
					"restcompress.network.links[0].bandwidth=10Mbit",
					"restcompress.network.links[1].hosts=*.partner.example",
					"restcompress.network.links[1].bandwidth=100Mbit", "restcompress.decision.ladder=zstd:3,lzf")
			.run((context) -> {
				NetworkLinks links = context.getBean(NetworkLinks.class);
				assertThat(links.forAddress("10.20.1.1").name()).isEqualTo("branch");
				assertThat(links.forHost("api.partner.example").name()).isEqualTo("link-1");
				assertThat(links.forAddress("192.0.2.1").bandwidth()).hasToString("1Gbit/s");
				assertThat(context.getBean(CodingLadder.class).rungs()).extracting((rung) -> rung.option().label())
					.containsExactly("zstd:3", "lzf");
			});
	}

	@Test
	void failsOnALinkThatMatchesNothing() {
		this.contextRunner
			.withPropertyValues("restcompress.server.decision=adaptive", "restcompress.network.links[0].name=empty",
					"restcompress.network.links[0].bandwidth=10Mbit")
			.run((context) -> assertThat(context).getFailure().rootCause().hasMessageContaining("matches no peer"));
	}

	@Test
	void learnsAtAFifthExploresAndClimbsTheDefaultLadderByDefault() {
		this.contextRunner.withPropertyValues("restcompress.server.decision=adaptive").run((context) -> {
			CompressionDecisions decisions = context.getBean(CompressionDecisions.class);
			assertThat(decisions).extracting("policy").extracting("explore").isEqualTo(true);
			assertThat(decisions).extracting("policy")
				.extracting("performance")
				.extracting("learningRate")
				.isEqualTo(0.2);
			assertThat(context.getBean(CodingLadder.class).rungs()).extracting((rung) -> rung.option().label())
				.containsExactly("lzf", "lz4:1", "zstd:-1", "zstd:1", "zstd:3", "zstd:6", "gzip:1", "gzip:6", "br:4",
						"deflate:1");
		});
	}

	@Test
	void failsOnALearningRateOutsideZeroToOneNamingTheProperty() {
		this.contextRunner
			.withPropertyValues("restcompress.server.decision=adaptive", "restcompress.decision.learning-rate=1.5")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("restcompress.decision.learning-rate"));
	}

	@Test
	void failsOnTwoLinksOfOneName() {
		this.contextRunner
			.withPropertyValues("restcompress.server.decision=adaptive", "restcompress.network.links[0].name=link-1",
					"restcompress.network.links[0].addresses=10.0.0.0/8", "restcompress.network.links[0].bandwidth=10Mbit",
					"restcompress.network.links[1].addresses=192.168.0.0/16",
					"restcompress.network.links[1].bandwidth=1Gbit")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("restcompress.network.links[1].name: 'link-1'"));
	}

	@Test
	void failsOnALadderCodingItDoesNotKnow() {
		this.contextRunner
			.withPropertyValues("restcompress.server.decision=adaptive", "restcompress.decision.ladder=lzf,zstf:3")
			.run((context) -> assertThat(context).getFailure().rootCause().hasMessageContaining("'zstf'"));
	}

	@Test
	void failsOnABadAddressOrLevel() {
		this.contextRunner
			.withPropertyValues("restcompress.server.decision=adaptive", "restcompress.network.links[0].addresses=10.0.0.0/40")
			.run((context) -> assertThat(context).getFailure()
				.hasStackTraceContaining("restcompress.network.links[0]: '10.0.0.0/40'"));
		this.contextRunner.withPropertyValues("restcompress.server.decision=adaptive", "restcompress.decision.ladder=lzf:9")
			.run((context) -> assertThat(context).getFailure()
				.hasStackTraceContaining("restcompress.decision.ladder: lzf:9"));
	}

	@Test
	void failsOnATimeBudgetWithoutTheAdaptiveDecision() {
		this.contextRunner.withPropertyValues("restcompress.server.response.time-budget=20ms")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("restcompress.server.decision=adaptive"));
		this.contextRunner
			.withPropertyValues("restcompress.server.decision=adaptive", "restcompress.server.response.time-budget=20ms")
			.run((context) -> assertThat(ReflectionTestUtils.getField(context.getBean(ResponseEncodingRules.class),
					"timeBudget")).hasToString("PT0.02S"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "server", "client" })
	void staysOutWhenASideIsExplicitlyFixed(String side) {
		this.contextRunner.withPropertyValues("restcompress." + side + ".decision=fixed")
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(CompressionDecisions.class)
				.doesNotHaveBean(NetworkLinks.class));
	}

	@ParameterizedTest
	@ValueSource(strings = { "local", "default" })
	void failsOnALinkNamedLikeABuiltInLink(String name) {
		this.contextRunner
			.withPropertyValues("restcompress.server.decision=adaptive", "restcompress.network.links[0].name=" + name,
					"restcompress.network.links[0].addresses=10.0.0.0/8",
					"restcompress.network.links[0].bandwidth=10Mbit")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("restcompress.network.links[0].name: '" + name + "' is the name of a built-in link"));
	}

	@Test
	void namesABlankLinkByItsIndexAndTrimsGivenNames() {
		NetworkProperties properties = new NetworkProperties();
		NetworkProperties.Link blank = new NetworkProperties.Link();
		blank.setName("  ");
		blank.setAddresses(List.of("10.0.0.0/8"));
		NetworkProperties.Link padded = new NetworkProperties.Link();
		padded.setName(" branch ");
		padded.setHosts(List.of("*.branch.example"));
		properties.setLinks(List.of(blank, padded));
		NetworkLinks links = NetworkLinksFactory.create(properties);
		assertThat(links.all()).extracting((link) -> link.name()).containsExactly("link-0", "branch", "local", "default");
		NetworkProperties.Link same = new NetworkProperties.Link();
		same.setName("branch");
		same.setAddresses(List.of("192.168.0.0/16"));
		properties.setLinks(List.of(padded, same));
		assertThatIllegalArgumentException().isThrownBy(() -> NetworkLinksFactory.create(properties))
			.withMessageContaining("restcompress.network.links[1].name: 'branch'");
	}

	@Test
	void describesForTheEndpointWhatItChoosesOnEveryLink() {
		this.contextRunner
			.withPropertyValues("restcompress.server.decision=adaptive", "restcompress.network.bandwidth=1Gbit",
					"restcompress.network.links[0].name=slow", "restcompress.network.links[0].addresses=10.0.0.0/8",
					"restcompress.network.links[0].bandwidth=10Mbit", "restcompress.decision.ladder=lzf,gzip:6",
					"restcompress.decision.explore=false")
			.run((context) -> {
				CompressionDecisions decisions = context.getBean(CompressionDecisions.class);
				decisions.decide(Side.SERVER, Direction.RESPONSE, decisions.links().forAddress("10.1.2.3"),
						context.getBean(ContentCodecs.class).all(), AcceptEncoding.parse("gzip"), "application/json",
						100_000, null);
				@SuppressWarnings("unchecked")
				Map<String, DecisionReport.LinkDescriptor> report = (Map<String, DecisionReport.LinkDescriptor>) context
					.getBean(DecisionsContributor.class)
					.describe();
				assertThat(report).containsOnlyKeys("slow", "local", "default");
				assertThat(report.keySet()).containsExactly("slow", "local", "default");
				DecisionReport.LinkDescriptor slow = report.get("slow");
				assertThat(slow.bandwidthMegabitsPerSecond()).isEqualTo(10.0);
				assertThat(slow.predictedMillis()).containsOnlyKeys("identity", "lzf", "gzip:6");
				assertThat(slow.predictedMillis().get("gzip:6")).isLessThan(slow.predictedMillis().get("identity"));
				assertThat(slow.chosen()).containsOnlyKeys("server");
				assertThat(slow.chosen().get("server")).containsOnlyKeys("gzip:6");
				DecisionReport.LinkDescriptor local = report.get("local");
				assertThat(local.bandwidthMegabitsPerSecond()).isNull();
				assertThat(local.referenceChoice()).isEqualTo("identity");
				assertThat(local.referenceReason()).isEqualTo("fast_link");
				assertThat(local.predictedMillis()).isEmpty();
				assertThat(local.chosen()).isEmpty();
				assertThat(report.get("default").bandwidthMegabitsPerSecond()).isEqualTo(1000.0);
				assertThat(report.get("default").chosen()).isEmpty();
			});
	}

	private static Object decisionsOf(ResponseEncodingRules rules) {
		return ReflectionTestUtils.getField(rules, "decisions");
	}

	@Configuration(proxyBeanMethods = false)
	static class UserNetworkLinksConfiguration {

		@Bean
		NetworkLinks userNetworkLinks() {
			return new NetworkLinks(List.of(), null);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserCodingLadderConfiguration {

		@Bean
		CodingLadder userCodingLadder(ContentCodecs codecs) {
			return new CodingLadder(List.of(CodingOption.parse("gzip:1")), codecs);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserCompressionDecisionsConfiguration {

		@Bean
		CompressionDecisions userCompressionDecisions(NetworkLinks links, CodingLadder ladder) {
			return new CompressionDecisions(links, ladder, new AdaptivePolicy(new LearnedPerformance(0.5)),
					new DecisionLog(), CompressionRecorder.NONE);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserDecisionsContributorConfiguration {

		static final DecisionsContributor CONTRIBUTOR = () -> "user's decisions";

		@Bean
		DecisionsContributor userDecisionsContributor() {
			return CONTRIBUTOR;
		}

	}

}
