package io.restcompress.decision;

import io.restcompress.metrics.DecisionReason;

import org.jspecify.annotations.Nullable;

/**
 * What the adaptive decision chose for one body, and why.
 *
 * @param rung the chosen coding and level, or {@code null} for identity
 * @param reason why
 * @param link the link to the peer
 * @param predictedNanos the predicted time to encode, transfer and decode the body as chosen
 * @param identityNanos the predicted time to transfer it as it is
 */
public record AdaptiveChoice(@Nullable LadderRung rung, DecisionReason reason, NetworkLink link, double predictedNanos,
		double identityNanos) {

	/**
	 * Returns the label of the choice for tags and reports.
	 * @return the rung's label, or {@code identity}
	 */
	public String label() {
		return (this.rung != null) ? this.rung.option().label() : "identity";
	}

}
