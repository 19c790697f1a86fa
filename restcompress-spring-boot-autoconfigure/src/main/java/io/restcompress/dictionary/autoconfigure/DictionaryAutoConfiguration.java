package io.restcompress.dictionary.autoconfigure;

import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.autoconfigure.ContentCodecAutoConfiguration;
import io.restcompress.dictionary.CapturedBodies;
import io.restcompress.dictionary.DictionaryBodyCopies;
import io.restcompress.dictionary.DictionaryCodings;
import io.restcompress.dictionary.DictionaryDeclarations;
import io.restcompress.dictionary.DictionaryEndpoint;
import io.restcompress.dictionary.DictionaryExchangeCodings;
import io.restcompress.dictionary.DictionaryStore;
import io.restcompress.dictionary.DictionaryResponseBodies;
import io.restcompress.dictionary.DictionaryScope;
import io.restcompress.dictionary.DictionaryTrainer;
import io.restcompress.internal.OnNativeLibraryCondition;
import io.restcompress.internal.server.ExchangeCodings;
import io.restcompress.internal.server.ResponseBodyCopies;
import io.restcompress.server.ServerCompressionSettings;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Auto-configuration of compression dictionaries on a server with zstd: the
 * {@link DictionaryStore}, the {@code dcz} and {@code dcb} offer for
 * {@code @DictionaryCompressed} handlers, the copies of their bodies that become dictionaries,
 * and the trained dictionaries' URLs, for Spring MVC and WebFlux. Off unless
 * {@code restcompress.dictionary.enabled=true}, and left out where zstd-jni's native code does
 * not load.
 */
@AutoConfiguration(after = ContentCodecAutoConfiguration.class)
@ConditionalOnWebApplication
@ConditionalOnBooleanProperty(name = "restcompress.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "restcompress.server.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "restcompress.dictionary.enabled")
@ConditionalOnClass(name = "com.github.luben.zstd.ZstdCompressCtx")
@Conditional(OnNativeLibraryCondition.Zstd.class)
@ConditionalOnBean(ContentCodecs.class)
@EnableConfigurationProperties(DictionaryProperties.class)
@Import({ ServletTrainedDictionaryConfiguration.class, ReactiveTrainedDictionaryConfiguration.class })
public final class DictionaryAutoConfiguration {

	/**
	 * The order of the trained dictionaries' handler mapping: after the application's
	 * controllers (order 0) and WebFlux's functional routes (order -1), so that no other request
	 * consults it, and before Spring MVC's functional routes (order 3) and the static resources'
	 * catch-all mapping.
	 */
	static final int TRAINED_DICTIONARY_MAPPING_ORDER = 1;

	@Bean
	@ConditionalOnMissingBean
	DictionaryStore dictionaryStore(DictionaryProperties properties) {
		return properties.createStore("restcompress.dictionary");
	}

	@Bean
	@ConditionalOnMissingBean
	DictionaryDeclarations dictionaryDeclarations() {
		return new DictionaryDeclarations();
	}

	@Bean
	@ConditionalOnMissingBean
	DictionaryTrainer dictionaryTrainer(DictionaryProperties properties) {
		DictionaryProperties.Training training = properties.getTraining();
		DictionaryTrainer trainer = new DictionaryTrainer(training.getMaxSampleSize().toBytes(),
				(int) training.getDictionarySize().toBytes(), training.getUrlPrefix());
		TrainedDictionaryLoader.load(trainer, training.getDictionaries());
		return trainer;
	}

	@Bean
	@ConditionalOnMissingBean
	DictionaryResponseBodies dictionaryResponseBodies(ContentCodecs codecs,
			ObjectProvider<ServerCompressionSettings> settings) {
		ServerCompressionSettings server = settings.getIfAvailable();
		return new DictionaryResponseBodies((server != null) ? server.responseCodecs() : codecs.all());
	}

	@Bean
	@ConditionalOnMissingBean
	CapturedBodies capturedBodies(DictionaryStore store, DictionaryTrainer trainer) {
		return new CapturedBodies(store, trainer);
	}

	@Bean
	@ConditionalOnMissingBean
	DictionaryCodings dictionaryCodings(ContentCodecs codecs) {
		return DictionaryCodings.of(codecs);
	}

	@Bean
	@ConditionalOnMissingBean
	DictionaryScope dictionaryScope(DictionaryProperties properties) {
		return DictionaryScope.of(properties.getScopeHeaders());
	}

	@Bean
	@ConditionalOnMissingBean(ExchangeCodings.class)
	DictionaryExchangeCodings dictionaryExchangeCodings(DictionaryStore store, DictionaryCodings codings,
			DictionaryDeclarations declarations, DictionaryTrainer trainer, DictionaryScope scope) {
		return new DictionaryExchangeCodings(store, codings, declarations, trainer, scope);
	}

	@Bean
	@ConditionalOnMissingBean(ResponseBodyCopies.class)
	DictionaryBodyCopies dictionaryBodyCopies(CapturedBodies bodies, DictionaryDeclarations declarations,
			DictionaryScope scope) {
		return new DictionaryBodyCopies(bodies, declarations, scope);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "org.springframework.boot.actuate.endpoint.annotation.Endpoint",
			"org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint" })
	static class EndpointConfiguration {

		@Bean
		@ConditionalOnMissingBean
		@ConditionalOnAvailableEndpoint
		DictionaryEndpoint dictionaryEndpoint(DictionaryTrainer trainer) {
			return new DictionaryEndpoint(trainer);
		}

	}

}
