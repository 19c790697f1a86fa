package io.restcompress.dictionary.autoconfigure;

import java.util.Map;

import io.restcompress.dictionary.DictionaryDeclarations;
import io.restcompress.dictionary.DictionaryResponseBodies;
import io.restcompress.dictionary.DictionaryTrainer;
import io.restcompress.dictionary.TrainedDictionaryWebHandler;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.handler.SimpleUrlHandlerMapping;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping;

/**
 * Checks every handler's {@code @DictionaryCompressed} at startup, and maps the trained
 * dictionaries' URLs to their handler on WebFlux, behind the application's web
 * filters.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass(name = "org.springframework.web.reactive.DispatcherHandler")
class ReactiveTrainedDictionaryConfiguration {

	@Bean
	SimpleUrlHandlerMapping trainedDictionaryHandlerMapping(DictionaryTrainer trainer,
			DictionaryResponseBodies bodies) {
		return new SimpleUrlHandlerMapping(
				Map.of(trainer.urlPrefix() + "/*", new TrainedDictionaryWebHandler(trainer, bodies)),
				DictionaryAutoConfiguration.TRAINED_DICTIONARY_MAPPING_ORDER);
	}

	@Bean
	SmartInitializingSingleton dictionaryDeclarationsCheck(DictionaryDeclarations declarations,
			ObjectProvider<RequestMappingHandlerMapping> mappings) {
		return () -> mappings.orderedStream()
			.forEach((mapping) -> declarations.check(mapping.getHandlerMethods().values()));
	}

}
