package io.restcompress.decision.autoconfigure;

import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;

/**
 * Matches when the server or the clients use the adaptive decision, and are enabled.
 */
class OnAdaptiveDecisionCondition extends AnyNestedCondition {

	OnAdaptiveDecisionCondition() {
		super(ConfigurationPhase.REGISTER_BEAN);
	}

	@ConditionalOnProperty(name = "restcompress.server.decision", havingValue = "adaptive")
	@ConditionalOnBooleanProperty(name = "restcompress.server.enabled", matchIfMissing = true)
	static class Server {

	}

	@ConditionalOnProperty(name = "restcompress.client.decision", havingValue = "adaptive")
	@ConditionalOnBooleanProperty(name = "restcompress.client.enabled", matchIfMissing = true)
	static class Client {

	}

}
