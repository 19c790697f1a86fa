package io.restcompress.codec.autoconfigure;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.restcompress.codec.ContentCodec;

import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

/**
 * Lets a codec bean of the user's replace the auto-configured codec that shares one of its
 * coding tokens or aliases, whatever the class of either.
 */
final class UserCodecPrecedence {

	private UserCodecPrecedence() {
	}

	static List<ContentCodec> apply(List<ContentCodec> codecs, ConfigurableListableBeanFactory beanFactory) {
		Set<ContentCodec> autoConfigured = autoConfigured(beanFactory);
		Set<String> userTokens = codecs.stream()
			.filter((codec) -> !autoConfigured.contains(codec))
			.flatMap(UserCodecPrecedence::tokens)
			.collect(Collectors.toSet());
		return codecs.stream()
			.filter((codec) -> !autoConfigured.contains(codec) || tokens(codec).noneMatch(userTokens::contains))
			.toList();
	}

	private static Set<ContentCodec> autoConfigured(ConfigurableListableBeanFactory beanFactory) {
		Set<ContentCodec> codecs = Collections.newSetFromMap(new IdentityHashMap<>());
		for (String name : beanFactory.getBeanNamesForType(ContentCodec.class)) {
			if (beanFactory.containsBeanDefinition(name)
					&& isAutoConfigured(beanFactory, beanFactory.getBeanDefinition(name))) {
				codecs.add(beanFactory.getBean(name, ContentCodec.class));
			}
		}
		return codecs;
	}

	private static boolean isAutoConfigured(ConfigurableListableBeanFactory beanFactory, BeanDefinition codec) {
		String factoryBean = codec.getFactoryBeanName();
		if (factoryBean == null || !beanFactory.containsBeanDefinition(factoryBean)) {
			return false;
		}
		String declaringClass = beanFactory.getBeanDefinition(factoryBean).getBeanClassName();
		String autoConfiguration = ContentCodecAutoConfiguration.class.getName();
		return autoConfiguration.equals(declaringClass)
				|| (declaringClass != null && declaringClass.startsWith(autoConfiguration + "$"));
	}

	private static Stream<String> tokens(ContentCodec codec) {
		return Stream.concat(Stream.of(codec.coding()), codec.aliases().stream())
			.map((token) -> token.toLowerCase(Locale.ROOT));
	}

}
