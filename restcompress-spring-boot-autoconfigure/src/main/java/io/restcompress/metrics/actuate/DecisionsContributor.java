package io.restcompress.metrics.actuate;

/**
 * Supplies the {@code decisions} part of the {@code restcompress} endpoint: what the adaptive
 * decision chooses per link and why.
 */
@FunctionalInterface
public interface DecisionsContributor {

	/**
	 * Describes the adaptive decision as it stands.
	 * @return a value the endpoint serializes as JSON
	 */
	Object describe();

}
