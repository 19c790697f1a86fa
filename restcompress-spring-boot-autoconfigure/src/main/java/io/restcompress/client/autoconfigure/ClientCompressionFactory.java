package io.restcompress.client.autoconfigure;

import java.time.Clock;

import io.restcompress.client.ClientCompression;
import io.restcompress.client.OriginCache;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.decision.CompressionDecisions;
import io.restcompress.decision.DecisionMode;
import io.restcompress.dictionary.DictionaryStore;
import io.restcompress.internal.NativeLibrary;
import io.restcompress.metrics.CompressionRecorder;
import org.jspecify.annotations.Nullable;

import org.springframework.util.ClassUtils;

/**
 * Builds the {@link ClientCompression} of the {@code restcompress.client.*} settings, failing
 * with a message that names the setting which cannot work.
 */
final class ClientCompressionFactory {

	static final String ZSTD = "com.github.luben.zstd.Zstd";

	private ClientCompressionFactory() {
	}

	static ClientCompression create(ContentCodecs codecs, ClientCompressionProperties properties,
			CompressionRecorder recorder, @Nullable CompressionDecisions decisions, @Nullable ClassLoader classLoader) {
		ClientCompressionProperties.OriginCache origins = properties.getOriginCache();
		return ClientCompression.builder(codecs)
			.acceptEncodings(properties.getAcceptEncodings())
			.requestEncoding(properties.getRequestEncoding())
			.requestCompression(properties.getRequestCompression())
			.minRequestSize(properties.getMinRequestSize().toBytes())
			.maxDecodedSize(properties.getMaxDecodedSize().toBytes())
			.maxCodings(properties.getMaxCodings())
			.origins(new OriginCache(origins.getMaxSize(), origins.getTtl(), Clock.systemUTC()))
			.recorder(recorder)
			.decisions(adaptiveDecisions(properties, decisions), properties.getRequest().getTimeBudget())
			.dictionaries(dictionaries(properties.getDictionaries(), classLoader))
			.build();
	}

	private static @Nullable CompressionDecisions adaptiveDecisions(ClientCompressionProperties properties,
			@Nullable CompressionDecisions decisions) {
		if (properties.getDecision() != DecisionMode.ADAPTIVE) {
			return null;
		}
		if (decisions == null) {
			throw new IllegalStateException("restcompress.client.decision=adaptive needs a CompressionDecisions bean");
		}
		return decisions;
	}

	private static @Nullable DictionaryStore dictionaries(ClientCompressionProperties.Dictionaries dictionaries,
			@Nullable ClassLoader classLoader) {
		if (!dictionaries.isEnabled()) {
			return null;
		}
		if (!ClassUtils.isPresent(ZSTD, classLoader)) {
			throw new IllegalStateException("restcompress.client.dictionaries.enabled=true needs zstd-jni "
					+ "(com.github.luben:zstd-jni) on the classpath: dcz, the coding every dictionary is offered "
					+ "for, is zstd's");
		}
		Throwable failure = NativeLibrary.ZSTD.loadFailure();
		if (failure != null) {
			throw new IllegalStateException("restcompress.client.dictionaries.enabled=true needs zstd-jni's native "
					+ "code, which does not load on this platform: " + failure, failure);
		}
		return dictionaries.createStore("restcompress.client.dictionaries");
	}

}
