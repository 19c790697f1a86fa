package io.restcompress.codec.autoconfigure;

import java.util.function.Supplier;

import io.restcompress.codec.BrotliCodec;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.DeflateCodec;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.Lz4Codec;
import io.restcompress.codec.LzfCodec;
import io.restcompress.codec.ZstdCodec;
import io.restcompress.internal.OnNativeLibraryCondition;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

/**
 * Auto-configuration of the {@link ContentCodecs} that the server and the clients share: one
 * {@link ContentCodec} bean per coding, each optional one only when its library is present.
 * The bean order is the default preference order. A user's codec bean replaces the built-in
 * one with the same coding token.
 */
@AutoConfiguration
@ConditionalOnBooleanProperty(name = "restcompress.enabled", matchIfMissing = true)
@EnableConfigurationProperties(CodecProperties.class)
public final class ContentCodecAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	ContentCodecs contentCodecs(ObjectProvider<ContentCodec> codecs, ConfigurableListableBeanFactory beanFactory) {
		return ContentCodecs.of(UserCodecPrecedence.apply(codecs.orderedStream().toList(), beanFactory));
	}

	@Bean
	@Order(CodecOrder.GZIP)
	@ConditionalOnMissingBean(GzipCodec.class)
	GzipCodec gzipCodec(CodecProperties properties) {
		return configured("restcompress.codec.gzip", () -> new GzipCodec(properties.getGzip().getLevel()));
	}

	@Bean
	@Order(CodecOrder.DEFLATE)
	@ConditionalOnMissingBean(DeflateCodec.class)
	DeflateCodec deflateCodec(CodecProperties properties) {
		return configured("restcompress.codec.deflate", () -> new DeflateCodec(properties.getDeflate().getLevel()));
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "com.ning.compress.lzf.ChunkEncoder")
	static class LzfCodecConfiguration {

		@Bean
		@Order(CodecOrder.LZF)
		@ConditionalOnMissingBean(LzfCodec.class)
		LzfCodec lzfCodec() {
			return new LzfCodec();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "com.github.luben.zstd.ZstdCompressCtx")
	@Conditional(OnNativeLibraryCondition.Zstd.class)
	static class ZstdCodecConfiguration {

		@Bean
		@Order(CodecOrder.ZSTD)
		@ConditionalOnMissingBean(ZstdCodec.class)
		ZstdCodec zstdCodec(CodecProperties properties) {
			CodecProperties.Zstd zstd = properties.getZstd();
			return configured("restcompress.codec.zstd",
					() -> new ZstdCodec(zstd.getLevel(), zstd.getMaxWindow().toBytes()));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "com.aayushatharva.brotli4j.Brotli4jLoader")
	@Conditional(OnNativeLibraryCondition.Brotli.class)
	static class BrotliCodecConfiguration {

		@Bean
		@Order(CodecOrder.BROTLI)
		@ConditionalOnMissingBean(BrotliCodec.class)
		BrotliCodec brotliCodec(CodecProperties properties) {
			CodecProperties.Brotli brotli = properties.getBrotli();
			return configured("restcompress.codec.brotli",
					() -> new BrotliCodec(brotli.getQuality(), brotli.getMaxWindow().toBytes()));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "net.jpountz.lz4.LZ4FrameOutputStream")
	static class Lz4CodecConfiguration {

		@Bean
		@Order(CodecOrder.LZ4)
		@ConditionalOnMissingBean(Lz4Codec.class)
		Lz4Codec lz4Codec(CodecProperties properties) {
			return configured("restcompress.codec.lz4", () -> new Lz4Codec(properties.getLz4().getLevel()));
		}

	}

	/**
	 * Creates a codec from its properties, naming their group in the message when a value is
	 * out of range (the codec's own message names the setting: "zstd level must be ...").
	 */
	private static <C> C configured(String properties, Supplier<C> codec) {
		try {
			return codec.get();
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(properties + ": " + ex.getMessage(), ex);
		}
	}

}
