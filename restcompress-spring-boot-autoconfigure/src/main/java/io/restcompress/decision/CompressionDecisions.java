package io.restcompress.decision;

import java.time.Duration;
import java.util.List;

import io.restcompress.codec.AcceptEncoding;
import io.restcompress.codec.ContentCodec;
import io.restcompress.metrics.CompositeCompressionRecorder;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.Side;

import org.jspecify.annotations.Nullable;

/**
 * The adaptive decision as the servers and clients use it: finds the link to the peer, the
 * rungs it accepts, asks the {@link AdaptivePolicy}, records the choice (meters and the
 * {@link DecisionLog}) and learns from the bodies encoded as chosen. Thread-safe.
 */
public final class CompressionDecisions {

	private final NetworkLinks links;

	private final CodingLadder ladder;

	private final AdaptivePolicy policy;

	private final DecisionLog log;

	private final CompressionRecorder recorder;

	public CompressionDecisions(NetworkLinks links, CodingLadder ladder, AdaptivePolicy policy, DecisionLog log,
			CompressionRecorder recorder) {
		this.links = links;
		this.ladder = ladder;
		this.policy = policy;
		this.log = log;
		this.recorder = recorder;
	}

	/**
	 * Returns the links to peers.
	 * @return the links
	 */
	public NetworkLinks links() {
		return this.links;
	}

	/**
	 * Returns the ladder.
	 * @return the ladder
	 */
	public CodingLadder ladder() {
		return this.ladder;
	}

	/**
	 * Returns the policy.
	 * @return the policy
	 */
	public AdaptivePolicy policy() {
		return this.policy;
	}

	/**
	 * Returns the log of choices.
	 * @return the log
	 */
	public DecisionLog log() {
		return this.log;
	}

	/**
	 * Decides how to send one body.
	 * @param side the side that sends it
	 * @param direction the message it belongs to
	 * @param link the link to the peer
	 * @param enabled the codings enabled for the exchange, most preferred first
	 * @param acceptEncoding what the peer accepts
	 * @param contentType the body's content type, or {@code null}
	 * @param identityLength the body's length, or {@code -1} if unknown
	 * @param timeBudget the longest predicted encode time allowed, or {@code null}
	 * @return the choice
	 */
	public AdaptiveChoice decide(Side side, Direction direction, NetworkLink link, List<ContentCodec> enabled,
			AcceptEncoding acceptEncoding, @Nullable String contentType, long identityLength,
			@Nullable Duration timeBudget) {
		AdaptiveChoice choice = this.policy.choose(this.ladder.candidates(enabled, acceptEncoding), link, contentType,
				identityLength, timeBudget, acceptEncoding.acceptsIdentity());
		this.log.record(side, choice);
		this.recorder.decided(side, direction, link.name(), choice.label(), choice.reason());
		return choice;
	}

	/**
	 * Predicts the choice for a body without recording it (for a {@code 304}, which sends no
	 * body but names the representation).
	 * @param link the link to the peer
	 * @param enabled the codings enabled for the exchange, most preferred first
	 * @param acceptEncoding what the peer accepts
	 * @param contentType the body's content type, or {@code null}
	 * @param identityLength the body's length, or {@code -1} if unknown
	 * @param timeBudget the longest predicted encode time allowed, or {@code null}
	 * @return the choice
	 */
	public AdaptiveChoice predict(NetworkLink link, List<ContentCodec> enabled, AcceptEncoding acceptEncoding,
			@Nullable String contentType, long identityLength, @Nullable Duration timeBudget) {
		return this.policy.predict(this.ladder.candidates(enabled, acceptEncoding), link, contentType, identityLength,
				timeBudget, acceptEncoding.acceptsIdentity());
	}

	/**
	 * Learns from a body encoded as chosen.
	 * @param rung the rung it was encoded with
	 * @param contentType its content type, or {@code null}
	 * @param identityBytes its size before encoding
	 * @param encodedBytes its size after encoding
	 * @param encodeNanos the time spent in the encoder
	 */
	public void learn(LadderRung rung, @Nullable String contentType, long identityBytes, long encodedBytes,
			long encodeNanos) {
		this.policy.performance().learn(rung.option(), contentType, identityBytes, encodedBytes, encodeNanos);
	}

	/**
	 * Returns the recorder for the bodies a side decodes: {@code recorder}, which under the
	 * adaptive decision also teaches it how fast peers decode each coding.
	 * @param decisions the adaptive decision, or {@code null} for the {@code fixed} one
	 * @param recorder the side's recorder
	 * @return the recorder for decoded bodies
	 */
	public static CompressionRecorder decodingRecorder(@Nullable CompressionDecisions decisions,
			CompressionRecorder recorder) {
		return (decisions != null) ? decisions.learningDecoders(recorder) : recorder;
	}

	/**
	 * Returns a recorder that hands {@code recorder} every outcome and learns from each body
	 * decoded here how fast a peer decodes its coding.
	 * @param recorder the recorder to hand outcomes to
	 * @return the learning recorder
	 */
	public CompressionRecorder learningDecoders(CompressionRecorder recorder) {
		return CompositeCompressionRecorder.of(recorder, new CompressionRecorder() {

			@Override
			public void decoded(Side side, Direction direction, String coding, long identityBytes, long encodedBytes,
					long codecNanos) {
				CompressionDecisions.this.policy.performance().learnDecoding(coding, identityBytes, codecNanos);
			}

		});
	}

}
