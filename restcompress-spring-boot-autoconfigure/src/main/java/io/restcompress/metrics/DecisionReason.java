package io.restcompress.metrics;

/**
 * Why the adaptive decision chose what it chose; the {@code reason} tag of
 * {@code restcompress.decisions}.
 */
public enum DecisionReason {

	/**
	 * The link to the peer has no bandwidth: loopback, this host, or a link configured as too
	 * fast for compression to pay. Identity.
	 */
	FAST_LINK,

	/** Sending the body as it is was predicted to deliver it soonest. */
	IDENTITY_FASTEST,

	/** The chosen coding was predicted to deliver the body soonest. */
	FASTEST,

	/**
	 * The chosen coding was predicted close to the soonest one (at most twice as slow), and was
	 * chosen to measure it: one body in {@code 4} while such a rung is still on its seed, else
	 * one in {@code 64} for the runner-up, so that a rung the decision stopped using does not
	 * keep an estimate it can never correct.
	 */
	EXPLORING,

	/** The chosen coding gave the smallest body among those encoding within the time budget. */
	WITHIN_BUDGET,

	/** No coding could encode the body within the time budget: the fastest encoder was chosen. */
	OVER_BUDGET

}
