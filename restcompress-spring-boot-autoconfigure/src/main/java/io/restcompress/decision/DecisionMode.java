package io.restcompress.decision;

/**
 * How a side chooses the coding of a body it sends.
 */
public enum DecisionMode {

	/** The coding the peer prefers among the enabled ones, at its configured level. */
	FIXED,

	/**
	 * The coding and level (or none) predicted to deliver the body soonest over the link to
	 * the peer, learned from live traffic.
	 */
	ADAPTIVE

}
