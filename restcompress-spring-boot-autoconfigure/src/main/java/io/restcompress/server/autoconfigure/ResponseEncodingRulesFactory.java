package io.restcompress.server.autoconfigure;

import java.time.Duration;

import io.restcompress.decision.CompressionDecisions;
import io.restcompress.decision.DecisionMode;
import io.restcompress.internal.server.ResponseEncodingRules;
import io.restcompress.server.ServerCompressionSettings;
import org.jspecify.annotations.Nullable;

/**
 * Creates the {@link ResponseEncodingRules} for 'restcompress.server.decision', failing at
 * startup on settings that cannot work together.
 */
final class ResponseEncodingRulesFactory {

	private ResponseEncodingRulesFactory() {
	}

	static ResponseEncodingRules create(ServerCompressionSettings settings, ServerCompressionProperties properties,
			@Nullable CompressionDecisions decisions) {
		Duration timeBudget = properties.getResponse().getTimeBudget();
		if (properties.getDecision() == DecisionMode.FIXED) {
			if (timeBudget != null) {
				throw new IllegalArgumentException(
						"restcompress.server.response.time-budget needs restcompress.server.decision=adaptive");
			}
			return new ResponseEncodingRules(settings);
		}
		if (decisions == null) {
			throw new IllegalStateException("restcompress.server.decision=adaptive needs a CompressionDecisions bean");
		}
		if (timeBudget != null && (timeBudget.isNegative() || timeBudget.isZero())) {
			throw new IllegalArgumentException(
					"restcompress.server.response.time-budget must be positive, was " + timeBudget);
		}
		return new ResponseEncodingRules(settings, decisions, timeBudget);
	}

}
