package io.restcompress.codec.autoconfigure;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.DeflateCodec;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.LzfCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ContentCodecAutoConfiguration}.
 */
class ContentCodecAutoConfigurationTests {

	private static final byte[] PAYLOAD = payload();

	// zstd, br and lz4 are covered by NativeCodecAutoConfigurationTests
	private static final String[] NATIVE_CODEC_LIBRARIES = { "com.github.luben.zstd", "com.aayushatharva.brotli4j",
			"net.jpountz.lz4" };

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withClassLoader(new FilteredClassLoader(NATIVE_CODEC_LIBRARIES))
		.withConfiguration(AutoConfigurations.of(ContentCodecAutoConfiguration.class));

	@Test
	void registersBuiltInCodecsInPreferenceOrder() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(LzfCodec.class)
				.hasSingleBean(GzipCodec.class)
				.hasSingleBean(DeflateCodec.class)
				.hasSingleBean(ContentCodecs.class);
			ContentCodecs codecs = context.getBean(ContentCodecs.class);
			assertThat(codecs.all()).containsExactly(context.getBean(LzfCodec.class), context.getBean(GzipCodec.class),
					context.getBean(DeflateCodec.class));
			assertThat(codecs.find("x-gzip")).containsSame(context.getBean(GzipCodec.class));
		});
	}

	@Test
	void leavesOutLzfWithoutCompressLzf() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(concat("com.ning.compress.lzf"))).run((context) -> {
			assertThat(context).doesNotHaveBean(LzfCodec.class);
			assertThat(context.getBean(ContentCodecs.class).all()).extracting(ContentCodec::coding)
				.containsExactly("gzip", "deflate");
		});
	}

	@Test
	void encodesAtLevelOneByDefault() {
		this.contextRunner.run((context) -> {
			assertThat(encode(context.getBean(GzipCodec.class))).isEqualTo(encode(new GzipCodec(1)));
			assertThat(encode(context.getBean(DeflateCodec.class))).isEqualTo(encode(new DeflateCodec(1)));
		});
	}

	@Test
	void bindsGzipAndDeflateLevels() {
		assertThat(encode(new GzipCodec(9))).isNotEqualTo(encode(new GzipCodec(1)));
		assertThat(encode(new DeflateCodec(6))).isNotEqualTo(encode(new DeflateCodec(1)));
		this.contextRunner
			.withPropertyValues("restcompress.codec.gzip.level=9", "restcompress.codec.deflate.level=6")
			.run((context) -> {
				assertThat(encode(context.getBean(GzipCodec.class))).isEqualTo(encode(new GzipCodec(9)));
				assertThat(encode(context.getBean(DeflateCodec.class))).isEqualTo(encode(new DeflateCodec(6)));
			});
	}

	@ParameterizedTest
	@CsvSource({ "gzip, 0", "deflate, 10" })
	void failsOnLevelOutOfRange(String codec, int level) {
		this.contextRunner.withPropertyValues("restcompress.codec." + codec + ".level=" + level).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure())
				.hasStackTraceContaining("Failed to bind properties under 'restcompress.codec." + codec + "'")
				.hasRootCauseMessage("Level must be between 1 and 9, was " + level);
		});
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "restcompress.codec.zstd.level=25|restcompress.codec.zstd: zstd level",
			"restcompress.codec.zstd.max-window=512B|restcompress.codec.zstd: zstd max window",
			"restcompress.codec.brotli.quality=12|restcompress.codec.brotli: brotli quality",
			"restcompress.codec.lz4.level=13|restcompress.codec.lz4: lz4 level" })
	void failsOnAValueOutOfRangeNamingItsProperties(String setting, String message) {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(ContentCodecAutoConfiguration.class))
			.withPropertyValues(setting)
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).hasStackTraceContaining(message);
			});
	}

	@Test
	void backsOffWhenRestcompressIsDisabled() {
		this.contextRunner.withPropertyValues("restcompress.enabled=false").run((context) -> {
			assertThat(context).hasNotFailed()
				.doesNotHaveBean(ContentCodecs.class)
				.doesNotHaveBean(ContentCodec.class)
				.doesNotHaveBean(CodecProperties.class);
		});
	}

	@Test
	void usesUserContentCodecs() {
		this.contextRunner.withUserConfiguration(UserContentCodecsConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(ContentCodecs.class);
			assertThat(context.getBean(ContentCodecs.class)).isSameAs(context.getBean("userContentCodecs"));
		});
	}

	@Test
	void usesUserGzipCodecInsteadOfAutoConfiguredOne() {
		this.contextRunner.withUserConfiguration(UserGzipCodecConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(GzipCodec.class).hasBean("userGzipCodec");
			GzipCodec userCodec = context.getBean(GzipCodec.class);
			assertThat(context.getBean(ContentCodecs.class).find("gzip")).containsSame(userCodec);
			assertThat(encode(userCodec)).isEqualTo(encode(new GzipCodec(9)));
		});
	}

	@Test
	void backsOffWhenUserDefinesDeflateCodec() {
		this.contextRunner.withUserConfiguration(UserDeflateCodecConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(DeflateCodec.class).hasBean("userDeflateCodec");
			DeflateCodec userCodec = context.getBean(DeflateCodec.class);
			assertThat(context.getBean(ContentCodecs.class).find("deflate")).containsSame(userCodec);
			assertThat(encode(userCodec)).isEqualTo(encode(new DeflateCodec(9)));
		});
	}

	@Test
	void backsOffWhenUserDefinesLzfCodec() {
		this.contextRunner.withUserConfiguration(UserLzfCodecConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(LzfCodec.class).hasBean("userLzfCodec");
			assertThat(context.getBean(ContentCodecs.class).find("lzf"))
				.containsSame(context.getBean("userLzfCodec", LzfCodec.class));
		});
	}

	@Test
	void userCodecReplacesBuiltInCodecForTheSameCoding() {
		this.contextRunner.withUserConfiguration(UserOwnGzipConfiguration.class).run((context) -> {
			ContentCodec userCodec = context.getBean("userOwnGzip", ContentCodec.class);
			ContentCodecs codecs = context.getBean(ContentCodecs.class);
			assertThat(codecs.find("gzip")).containsSame(userCodec);
			assertThat(codecs.find("x-gzip")).isEmpty();
			assertThat(codecs.all()).extracting(ContentCodec::coding).containsExactly("lzf", "deflate", "gzip");
		});
	}

	@Test
	void userCodecDeclaredAsContentCodecReplacesBuiltInCodec() {
		this.contextRunner.withUserConfiguration(UserGzipCodecAsContentCodecConfiguration.class).run((context) -> {
			ContentCodecs codecs = context.getBean(ContentCodecs.class);
			assertThat(codecs.find("gzip")).containsSame(context.getBean("userGzip", ContentCodec.class));
			assertThat(codecs.all()).filteredOn(GzipCodec.class::isInstance).hasSize(1);
		});
	}

	@Test
	void userCodecForNewCodingIsAddedAfterBuiltInCodecs() {
		this.contextRunner.withUserConfiguration(UserIdentityCodecConfiguration.class).run((context) -> {
			assertThat(context.getBean(ContentCodecs.class).all()).extracting(ContentCodec::coding)
				.containsExactly("lzf", "gzip", "deflate", "x-identity");
		});
	}

	@Test
	void failsWhenTwoUserCodecsClaimTheSameCoding() {
		this.contextRunner.withUserConfiguration(UserOwnGzipConfiguration.class, AnotherUserOwnGzipConfiguration.class)
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).hasRootCauseMessage("Two codecs for the coding 'gzip'");
			});
	}

	private static byte[] encode(ContentCodec codec) {
		ByteArrayOutputStream encoded = new ByteArrayOutputStream();
		try (OutputStream encoder = codec.encoder(encoded)) {
			encoder.write(PAYLOAD);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return encoded.toByteArray();
	}

	private static byte[] payload() {
		SplittableRandom random = new SplittableRandom(42);
		StringBuilder json = new StringBuilder("[");
		for (int i = 0; i < 2000; i++) {
			json.append("{\"id\":").append(i).append(",\"name\":\"user-").append(random.nextInt(700))
				.append("\",\"score\":").append(random.nextInt(100_000)).append("},");
		}
		return json.append("{}]").toString().getBytes(StandardCharsets.US_ASCII);
	}

	@Configuration(proxyBeanMethods = false)
	static class UserContentCodecsConfiguration {

		@Bean
		ContentCodecs userContentCodecs() {
			return ContentCodecs.of(new GzipCodec(5));
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserGzipCodecConfiguration {

		@Bean
		GzipCodec userGzipCodec() {
			return new GzipCodec(9);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserDeflateCodecConfiguration {

		@Bean
		DeflateCodec userDeflateCodec() {
			return new DeflateCodec(9);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserLzfCodecConfiguration {

		@Bean
		LzfCodec userLzfCodec() {
			return new LzfCodec();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserGzipCodecAsContentCodecConfiguration {

		@Bean
		ContentCodec userGzip() {
			return new GzipCodec(9);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserOwnGzipConfiguration {

		@Bean
		ContentCodec userOwnGzip() {
			return new PassThroughCodec("gzip");
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class AnotherUserOwnGzipConfiguration {

		@Bean
		ContentCodec anotherUserOwnGzip() {
			return new PassThroughCodec("gzip");
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserIdentityCodecConfiguration {

		@Bean
		ContentCodec userIdentityCodec() {
			return new PassThroughCodec("x-identity");
		}

	}

	/**
	 * A codec of the user's own that copies bytes unchanged under a given coding token.
	 */
	static final class PassThroughCodec implements ContentCodec {

		private final String coding;

		PassThroughCodec(String coding) {
			this.coding = coding;
		}

		@Override
		public String coding() {
			return this.coding;
		}

		@Override
		public OutputStream encoder(OutputStream target) {
			return target;
		}

		@Override
		public InputStream decoder(InputStream source) {
			return source;
		}

	}

	private static String[] concat(String library) {
		String[] libraries = Arrays.copyOf(NATIVE_CODEC_LIBRARIES, NATIVE_CODEC_LIBRARIES.length + 1);
		libraries[NATIVE_CODEC_LIBRARIES.length] = library;
		return libraries;
	}

}
