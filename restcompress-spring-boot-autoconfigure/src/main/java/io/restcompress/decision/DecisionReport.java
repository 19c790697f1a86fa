package io.restcompress.decision;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;


import org.jspecify.annotations.Nullable;

/**
 * What the adaptive decision does per link, for the {@code restcompress} endpoint: the link's
 * bandwidth, what it would choose for a reference body and why, with the predicted time of
 * every rung, and what it chose for real traffic, per side, choice and reason.
 */
public final class DecisionReport {

	/** The body the predictions are made for: 100 KB of JSON, a typical large REST response. */
	static final long REFERENCE_LENGTH = 100_000;

	static final String REFERENCE_TYPE = "application/json";

	private DecisionReport() {
	}

	/**
	 * Describes the decision's links and choices.
	 * @param decisions the decision
	 * @return the description, one entry per link
	 */
	public static Map<String, LinkDescriptor> describe(CompressionDecisions decisions) {
		Map<String, LinkDescriptor> links = new LinkedHashMap<>();
		List<LadderRung> rungs = decisions.ladder().rungs();
		for (NetworkLink link : decisions.links().all()) {
			AdaptiveChoice reference = decisions.policy().predict(rungs, link, REFERENCE_TYPE, REFERENCE_LENGTH, null);
			links.putIfAbsent(link.name(), new LinkDescriptor(megabits(link), reference.label(),
					tag(reference.reason()), predictions(decisions, link, rungs), chosen(decisions, link)));
		}
		return links;
	}

	private static @Nullable Double megabits(NetworkLink link) {
		return (link.bandwidth() != null) ? link.bandwidth().toBitsPerSecond() / 1e6 : null;
	}

	private static Map<String, Double> predictions(CompressionDecisions decisions, NetworkLink link,
			List<LadderRung> rungs) {
		Map<String, Double> predictions = new LinkedHashMap<>();
		if (link.bandwidth() == null) {
			return predictions;
		}
		AdaptivePolicy policy = decisions.policy();
		predictions.put("identity", millis(policy.predictedNanos(null, link, REFERENCE_TYPE, REFERENCE_LENGTH)));
		for (LadderRung rung : rungs) {
			predictions.put(rung.option().label(),
					millis(policy.predictedNanos(rung, link, REFERENCE_TYPE, REFERENCE_LENGTH)));
		}
		return predictions;
	}

	private static Map<String, Map<String, Map<String, Long>>> chosen(CompressionDecisions decisions,
			NetworkLink link) {
		Map<String, Map<String, Map<String, Long>>> sides = new LinkedHashMap<>();
		for (DecisionLog.Entry entry : decisions.log().entries()) {
			if (entry.link().equals(link.name())) {
				sides.computeIfAbsent(tag(entry.side()), (side) -> new LinkedHashMap<>())
					.computeIfAbsent(entry.choice(), (choice) -> new LinkedHashMap<>())
					.merge(tag(entry.reason()), entry.count(), Long::sum);
			}
		}
		return sides;
	}

	private static double millis(double nanos) {
		return Math.round(nanos / 1e3) / 1e3;
	}

	/**
	 * What the decision does on one link.
	 * @param bandwidthMegabitsPerSecond the link's bandwidth, or {@code null} if it never
	 * compresses
	 * @param referenceChoice what it chooses for 100 KB of JSON
	 * @param referenceReason why
	 * @param predictedMillis the predicted time to deliver 100 KB of JSON as identity and with
	 * each rung, in milliseconds
	 * @param chosen what it chose for real bodies: per side, choice and reason, how often
	 */
	public record LinkDescriptor(@Nullable Double bandwidthMegabitsPerSecond, String referenceChoice,
			String referenceReason, Map<String, Double> predictedMillis,
			Map<String, Map<String, Map<String, Long>>> chosen) {

	}

	private static String tag(Enum<?> value) {
		return value.name().toLowerCase(Locale.ROOT);
	}

}
