package io.restcompress.benchmarks.e2e;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

import io.restcompress.benchmarks.Sinks;
import io.restcompress.codec.AcceptEncoding;
import io.restcompress.codec.CodecStreams;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.decision.AdaptiveChoice;
import io.restcompress.decision.AdaptivePolicy;
import io.restcompress.decision.CodingLadder;
import io.restcompress.decision.CodingOption;
import io.restcompress.decision.LadderRung;
import io.restcompress.decision.LearnedPerformance;
import io.restcompress.decision.NetworkLink;
import io.restcompress.decision.autoconfigure.DecisionProperties;
import io.restcompress.metrics.Bandwidth;

import org.jspecify.annotations.Nullable;

/**
 * What an adaptive client would do with a request body: choose its coding with the library's
 * {@link AdaptivePolicy} for the link to the server, among the codings the server advertises
 * in {@code Accept-Encoding} (RFC 7694) and the default ladder, encode it with the chosen rung
 * and learn from the encoding, as the server learns from its responses, and from the responses
 * it decodes how fast the server decodes, as the library's adaptive clients do. The harness's
 * client is a bare HTTP/1.1 connection, not one of the library's clients, so it asks the policy
 * itself.
 */
final class AdaptiveRequestCoding implements AutoCloseable {

	private final CodingLadder ladder;

	private final AdaptivePolicy policy = new AdaptivePolicy(new LearnedPerformance(new DecisionProperties().getLearningRate()));

	private final NetworkLink link;

	private final List<LadderRung> candidates;

	private @Nullable String lastChoice;

	/**
	 * Creates the coding for one link.
	 * @param codecs the codecs this client has, most preferred first
	 * @param bandwidth the link's bandwidth, or {@code null} for unshaped loopback
	 * @param advertised the server's {@code Accept-Encoding} response field, or {@code null}
	 */
	AdaptiveRequestCoding(List<ContentCodec> codecs, @Nullable String bandwidth, @Nullable String advertised) {
		List<CodingOption> options = new DecisionProperties().getLadder().stream().map(CodingOption::parse).toList();
		this.ladder = new CodingLadder(options, ContentCodecs.of(codecs));
		this.link = (bandwidth != null) ? new NetworkLink("emulated", Bandwidth.of(bandwidth))
				: new NetworkLink(NetworkLink.LOCAL, null);
		this.candidates = this.ladder.candidates(codecs, AcceptEncoding.parse(advertised));
	}

	/**
	 * Chooses the coding of a body and writes it, encoded or not, to {@code target}.
	 * @param body the body
	 * @param contentType its content type
	 * @param target receives the bytes to send
	 * @return the coding, or {@code null} for identity
	 * @throws IOException if the encoder fails
	 */
	@Nullable String encode(byte[] body, String contentType, Sinks.Buffer target) throws IOException {
		AdaptiveChoice choice = this.policy.choose(this.candidates, this.link, contentType, body.length, null);
		this.lastChoice = choice.label();
		LadderRung rung = choice.rung();
		target.reset();
		if (rung == null) {
			target.write(body, 0, body.length);
			return null;
		}
		try (OutputStream encoder = CodecStreams.measuredEncoder(rung.codec(), target,
				(identity, encoded, nanos) -> this.policy.performance()
					.learn(rung.option(), contentType, identity, encoded, nanos))) {
			encoder.write(body);
		}
		return rung.codec().coding();
	}

	/**
	 * Learns from a response this client decoded how fast the server decodes the coding.
	 * @param coding the response's coding
	 * @param identityBytes its decoded size
	 * @param decodeNanos the time spent in the decoder, reading excluded
	 */
	void learnDecoding(String coding, long identityBytes, long decodeNanos) {
		this.policy.performance().learnDecoding(coding, identityBytes, decodeNanos);
	}

	/**
	 * Returns the label of the last choice ({@code zstd:1}, {@code identity}).
	 * @return the label, or {@code null} before the first body
	 */
	@Nullable String lastChoice() {
		return this.lastChoice;
	}

	/**
	 * Returns the candidate rungs, for the log.
	 * @return the labels
	 */
	List<String> candidates() {
		return this.candidates.stream().map((rung) -> rung.option().label()).toList();
	}

	@Override
	public void close() throws Exception {
		this.ladder.close();
	}

}
