package io.restcompress.client;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.LzfCodec;
import io.restcompress.codec.ZstdCodec;
import io.restcompress.decision.AdaptivePolicy;
import io.restcompress.decision.AddressBlock;
import io.restcompress.decision.CodingLadder;
import io.restcompress.decision.CodingOption;
import io.restcompress.decision.CompressionDecisions;
import io.restcompress.decision.DecisionLog;
import io.restcompress.decision.LearnedPerformance;
import io.restcompress.decision.LinkRule;
import io.restcompress.decision.NetworkLink;
import io.restcompress.decision.NetworkLinks;
import io.restcompress.metrics.Bandwidth;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.DecisionReason;
import io.restcompress.metrics.SkipReason;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.mock.http.client.MockClientHttpRequest;
import org.springframework.mock.http.client.MockClientHttpResponse;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The clients' request policy under the adaptive decision: the link is found by the request
 * URI's host, the choice is made among the codings the origin accepts, and a time budget caps
 * the encoder.
 */
class AdaptiveRequestPolicyTests {

	private static final URI SLOW = URI.create("http://orders.branch.example/orders");

	private static final URI FAST = URI.create("http://orders.dc.example/orders");

	private static final URI LOCAL = URI.create("http://localhost:8080/orders");

	private static final ContentCodecs CODECS = ContentCodecs.of(new LzfCodec(), new GzipCodec(1),
			new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW));

	private final CompressionDecisions decisions = new CompressionDecisions(
			new NetworkLinks(List.of(link("branch", "10Mbit", "*.branch.example"), link("dc", "10Gbit", "*.dc.example")),
					Bandwidth.of("1Gbit")),
			new CodingLadder(List.of("lzf", "gzip:1", "gzip:9", "zstd:1", "zstd:6").stream().map(CodingOption::parse).toList(),
					CODECS),
			new AdaptivePolicy(new LearnedPerformance(0.2), false), new DecisionLog(), CompressionRecorder.NONE);

	@Test
	void compressesWithTheStrongestAcceptedCodingOverASlowLink() {
		RequestPolicy policy = policy(RequestCompression.ALWAYS, null);
		RequestDecision decision = policy.decide(SLOW, json(), 1_000_000);
		assertThat(decision.codec()).isInstanceOf(ZstdCodec.class);
		assertThat(((ZstdCodec) decision.codec()).level()).isEqualTo(6);
		assertThat(decision.feedback()).isNotNull();
	}

	@Test
	void choosesOnlyAmongTheCodingsTheOriginAdvertised() {
		RequestPolicy policy = policy(RequestCompression.AUTO, null);
		policy.learn(SLOW, advertising("gzip, lzf"));
		assertThat(policy.decide(SLOW, json(), 1_000_000).codec().coding()).isEqualTo("gzip");
		assertThat(policy.decide(URI.create("http://other.branch.example/"), json(), 1_000_000).reason())
			.isEqualTo(SkipReason.NOT_ACCEPTABLE);
	}

	@Test
	void sendsIdentityToLocalAndFastPeers() {
		RequestPolicy policy = policy(RequestCompression.ALWAYS, null);
		assertThat(policy.decide(LOCAL, json(), 1_000_000).reason()).isEqualTo(SkipReason.ADAPTIVE);
		assertThat(policy.decide(FAST, json(), 1_000_000).reason()).isEqualTo(SkipReason.ADAPTIVE);
	}

	@Test
	void compressesForALocalPeerThatRefusesIdentityAndLogsTheCodingItSends() {
		RequestPolicy policy = policy(RequestCompression.AUTO, null);
		policy.learn(LOCAL, advertising("gzip, identity;q=0"));
		assertThat(policy.decide(LOCAL, json(), 1_000_000).codec().coding()).isEqualTo("gzip");
		assertThat(this.decisions.log().entries()).singleElement()
			.satisfies((entry) -> assertThat(entry.choice()).isEqualTo("gzip:1"));
	}

	@Test
	void findsTheLinkOfAHostWithAnUnderscore() {
		RequestPolicy policy = policy(RequestCompression.ALWAYS, null);
		policy.decide(URI.create("http://orders_api.branch.example/orders"), json(), 1_000_000);
		assertThat(this.decisions.log().entries()).singleElement()
			.satisfies((entry) -> assertThat(entry.link()).isEqualTo("branch"));
	}

	@Test
	void decidesABodyOfUnknownLengthOnceItIsSeen() {
		RequestPolicy policy = policy(RequestCompression.ALWAYS, null);
		assertThat(policy.decide(SLOW, new HttpHeaders())
			.forBody(100, policy.minRequestSize(), "application/json")
			.reason()).isEqualTo(SkipReason.BELOW_THRESHOLD);
		RequestDecision pending = policy.decide(SLOW, new HttpHeaders());
		assertThat(this.decisions.log().entries()).isEmpty();
		RequestDecision decided = pending.forBody(1_000_000, policy.minRequestSize(), "application/json");
		assertThat(decided.codec()).isInstanceOf(ZstdCodec.class);
		assertThat(decided.feedback()).isNotNull();
		assertThat(this.decisions.log().entries()).singleElement()
			.satisfies((entry) -> assertThat(entry.link()).isEqualTo("branch"));
		assertThat(pending.forBody(1_000_000, policy.minRequestSize(), "application/json"))
			.as("the hops of a redirect go as the first was decided").isSameAs(decided);
		assertThat(this.decisions.log().entries()).singleElement()
			.satisfies((entry) -> assertThat(entry.count()).isOne());
	}

	@Test
	void decidesNothingForAWebClientRequestWithoutABody() {
		ClientCompressionExchangeFilter filter = new ClientCompressionExchangeFilter(ClientCompression.builder(CODECS)
			.requestCompression(RequestCompression.ALWAYS)
			.decisions(this.decisions, null)
			.build());
		ClientRequest get = ClientRequest.create(HttpMethod.GET, SLOW).build();
		filter.filter(get, (request) -> Mono.just(ClientResponse.create(HttpStatus.OK).build()))
			.block(TestClient.TIMEOUT);
		assertThat(this.decisions.log().entries()).isEmpty();
	}

	@Test
	void keepsTheThreshold() {
		RequestPolicy policy = policy(RequestCompression.ALWAYS, null);
		assertThat(policy.decide(SLOW, json(), 100).reason()).isEqualTo(SkipReason.BELOW_THRESHOLD);
	}

	@Test
	void picksTheSmallestOutputThatEncodesWithinTheBudget() {
		RequestPolicy policy = policy(RequestCompression.ALWAYS, Duration.ofMillis(20));
		RequestDecision small = policy.decide(SLOW, json(), 300_000);
		assertThat(small.codec()).isInstanceOf(ZstdCodec.class);
		RequestDecision large = policy.decide(SLOW, json(), 20_000_000);
		assertThat(large.codec().coding()).isEqualTo("lzf");
	}

	@Test
	void refusesABudgetWithoutTheAdaptiveDecision() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ClientCompression.builder(CODECS).decisions(null, Duration.ofMillis(20)));
	}

	private RequestPolicy policy(RequestCompression compression, Duration budget) {
		return ClientCompression.builder(CODECS)
			.requestCompression(compression)
			.decisions(this.decisions, budget)
			.build()
			.requests();
	}

	private static HttpHeaders json() {
		HttpHeaders headers = new HttpHeaders();
		headers.set(HttpHeaders.CONTENT_TYPE, "application/json");
		return headers;
	}

	private static HttpHeaders advertising(String codings) {
		HttpHeaders headers = new HttpHeaders();
		headers.set(HttpHeaders.ACCEPT_ENCODING, codings);
		return headers;
	}

	private static LinkRule link(String name, String bandwidth, String hosts) {
		return new LinkRule(new NetworkLink(name, Bandwidth.of(bandwidth)), List.<AddressBlock>of(), List.of(hosts));
	}

	@Test
	void decidesTheResendAfterA415ForTheBodysLength() throws IOException {
		ClientCompressionInterceptor interceptor = new ClientCompressionInterceptor(ClientCompression.builder(CODECS)
			.requestCompression(RequestCompression.ALWAYS)
			.decisions(this.decisions, Duration.ofMillis(20))
			.build());
		MockClientHttpRequest request = new MockClientHttpRequest(HttpMethod.POST, SLOW);
		request.getHeaders().setContentType(MediaType.APPLICATION_JSON);
		List<String> sent = new ArrayList<>();
		ClientHttpRequestExecution execution = (sending, body) -> {
			sent.add(sending.getHeaders().getFirst(HttpHeaders.CONTENT_ENCODING));
			if (sent.size() > 1) {
				return new MockClientHttpResponse(new byte[0], HttpStatus.OK);
			}
			MockClientHttpResponse refusal = new MockClientHttpResponse(new byte[0], HttpStatus.UNSUPPORTED_MEDIA_TYPE);
			refusal.getHeaders().set(HttpHeaders.ACCEPT_ENCODING, "gzip, zstd");
			return refusal;
		};
		interceptor.intercept(request, new byte[20_000_000], execution).close();
		assertThat(sent).containsExactly("lzf", "zstd");
		assertThat(this.decisions.log().entries()).extracting(DecisionLog.Entry::choice, DecisionLog.Entry::reason)
			.containsExactlyInAnyOrder(tuple("lzf", DecisionReason.OVER_BUDGET),
					tuple("zstd:1", DecisionReason.OVER_BUDGET));
	}

}
