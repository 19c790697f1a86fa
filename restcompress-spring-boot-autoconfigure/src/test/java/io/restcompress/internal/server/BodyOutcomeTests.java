package io.restcompress.internal.server;

import java.util.ArrayList;
import java.util.List;

import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.Side;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link BodyOutcome}.
 */
class BodyOutcomeTests {

	private final List<String> recorded = new ArrayList<>();

	private final CompressionRecorder recorder = new CompressionRecorder() {

		@Override
		public void encoded(Side side, Direction direction, String coding, long identityBytes, long encodedBytes,
				long codecNanos) {
			BodyOutcomeTests.this.recorded.add("encoded " + coding + " " + identityBytes + "/" + encodedBytes);
		}

		@Override
		public void aborted(Side side, Direction direction, String coding) {
			BodyOutcomeTests.this.recorded.add("aborted " + coding);
		}

	};

	private final List<Long> feedback = new ArrayList<>();

	private final BodyOutcome outcome = new BodyOutcome(this.recorder);

	@Test
	void recordsAnEncodedBodyOnlyOnceTheServerHasWrittenIt() {
		this.outcome.encoding("zstd", (identity, encoded, nanos) -> this.feedback.add(encoded));
		this.outcome.completed(1000, 100, 5);
		assertThat(this.recorded).isEmpty();
		assertThat(this.feedback).isEmpty();
		this.outcome.written();
		this.outcome.written();
		assertThat(this.recorded).containsExactly("encoded zstd 1000/100");
		assertThat(this.feedback).containsExactly(100L);
	}

	@Test
	void countsABodyWhoseClientWentAwayAsAbortedOnlyOnce() {
		this.outcome.encoding("gzip", (identity, encoded, nanos) -> this.feedback.add(encoded));
		this.outcome.completed(1000, 100, 5);
		this.outcome.clientGone(() -> "reset");
		this.outcome.clientGone(() -> "closed");
		this.outcome.written();
		assertThat(this.recorded).containsExactly("aborted gzip");
		assertThat(this.feedback).isEmpty();
	}

	@Test
	void countsAnIdentityBodyWhoseClientWentAwayAsIdentity() {
		this.outcome.clientGone(() -> "closed");
		assertThat(this.recorded).containsExactly("aborted identity");
	}

	@Test
	void recordsNothingForAnIdentityBodyThatWasWritten() {
		this.outcome.written();
		this.outcome.clientGone(() -> "closed after the body");
		assertThat(this.recorded).isEmpty();
	}

	@Test
	void recordsNothingForABodyThatFailedOnTheServer() {
		this.outcome.encoding("lzf", null);
		this.outcome.failed();
		this.outcome.clientGone(() -> "the connection closed later");
		this.outcome.completed(1000, 100, 5);
		this.outcome.written();
		assertThat(this.recorded).isEmpty();
	}

	@Test
	void ignoresTheCompletionOfADiscardedEncoderAndCountsTheBodyAsIdentityAgain() {
		this.outcome.encoding("br", (identity, encoded, nanos) -> this.feedback.add(encoded));
		this.outcome.discarded();
		this.outcome.completed(1000, 100, 5);
		this.outcome.written();
		assertThat(this.recorded).isEmpty();
		assertThat(this.feedback).isEmpty();
		BodyOutcome reset = new BodyOutcome(this.recorder);
		reset.encoding("br", null);
		reset.discarded();
		reset.clientGone(() -> "closed");
		assertThat(this.recorded).containsExactly("aborted identity");
	}

	@Test
	void recordsTheCodingOfTheLastDecision() {
		this.outcome.encoding("br", null);
		this.outcome.discarded();
		this.outcome.encoding("gzip", null);
		this.outcome.completed(1000, 200, 5);
		this.outcome.written();
		assertThat(this.recorded).containsExactly("encoded gzip 1000/200");
	}

}
