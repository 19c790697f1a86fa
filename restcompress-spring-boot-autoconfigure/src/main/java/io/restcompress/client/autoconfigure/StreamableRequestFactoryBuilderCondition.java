package io.restcompress.client.autoconfigure;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.ConfigurationCondition;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;

/**
 * Whether there is a request factory builder bean that request bodies can stream through: one
 * declared as {@code ClientHttpRequestFactoryBuilder} itself, which
 * {@link StreamingRequestFactoryPostProcessor} can wrap (Boot's own is). A builder declared as a
 * specific type cannot be replaced by the wrapper, so the interceptor stays.
 */
abstract class StreamableRequestFactoryBuilderCondition extends SpringBootCondition implements ConfigurationCondition {

	static final String BUILDER = "org.springframework.boot.http.client.ClientHttpRequestFactoryBuilder";

	private final boolean expected;

	StreamableRequestFactoryBuilderCondition(boolean expected) {
		this.expected = expected;
	}

	/**
	 * Evaluated once the bean definitions of the auto-configurations before this one (Boot's
	 * builder among them) are registered.
	 */
	@Override
	public ConfigurationPhase getConfigurationPhase() {
		return ConfigurationPhase.REGISTER_BEAN;
	}

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		boolean streamable = hasStreamableBuilder(context);
		String found = streamable ? "a ClientHttpRequestFactoryBuilder bean declared as such"
				: "no ClientHttpRequestFactoryBuilder bean declared as such";
		return (streamable == this.expected) ? ConditionOutcome.match(found) : ConditionOutcome.noMatch(found);
	}

	private static boolean hasStreamableBuilder(ConditionContext context) {
		ConfigurableListableBeanFactory beanFactory = context.getBeanFactory();
		if (beanFactory == null || !ClassUtils.isPresent(BUILDER, context.getClassLoader())) {
			return false;
		}
		Class<?> builder = ClassUtils.resolveClassName(BUILDER, context.getClassLoader());
		for (String name : beanFactory.getBeanNamesForType(builder, true, false)) {
			if (StreamingRequestFactoryPostProcessor.declaredAsAnyBuilder(beanFactory, name)) {
				return true;
			}
		}
		return false;
	}

	/** Matches when request bodies can stream through a builder bean. */
	static final class Streamable extends StreamableRequestFactoryBuilderCondition {

		Streamable() {
			super(true);
		}

	}

	/** Matches when no builder bean can be streamed through. */
	static final class NotStreamable extends StreamableRequestFactoryBuilderCondition {

		NotStreamable() {
			super(false);
		}

	}

}
