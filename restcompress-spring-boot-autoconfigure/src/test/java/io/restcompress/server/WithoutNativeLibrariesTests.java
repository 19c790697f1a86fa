package io.restcompress.server;

import java.net.http.HttpResponse;

import io.restcompress.client.autoconfigure.ClientCompressionAutoConfiguration;
import io.restcompress.codec.BrotliCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.ZstdCodec;
import io.restcompress.codec.autoconfigure.ContentCodecAutoConfiguration;
import io.restcompress.decision.CompressionDecisions;
import io.restcompress.decision.autoconfigure.DecisionAutoConfiguration;
import io.restcompress.dictionary.DictionaryStore;
import io.restcompress.internal.NativeLibrary;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application on a platform where zstd-jni's and brotli4j's native code does not load, over
 * real HTTP. Runs in a JVM of its own (the {@code without-native-libraries} execution of
 * Surefire) whose system properties point both libraries at native code that does not exist.
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "restcompress.dictionary.enabled=true")
class WithoutNativeLibrariesTests extends AbstractServerIntegrationTests {

	private static final String LOADING_CODINGS = "lzf, lz4, gzip, deflate";

	@Autowired
	ApplicationContext context;

	@Test
	void runsWhereNeitherZstdJniNorBrotli4jLoads() {
		assertThat(NativeLibrary.ZSTD.loadFailure()).isInstanceOf(UnsatisfiedLinkError.class);
		assertThat(NativeLibrary.BROTLI.loadFailure()).isInstanceOf(UnsatisfiedLinkError.class);
	}

	@Test
	void startsWithTheCodingsWhoseCodeLoadsAndWithoutDictionaries() {
		assertThat(this.context.getBeansOfType(ZstdCodec.class)).isEmpty();
		assertThat(this.context.getBeansOfType(BrotliCodec.class)).isEmpty();
		assertThat(this.context.getBeansOfType(DictionaryStore.class)).isEmpty();
		assertThat(this.context.getBean(ContentCodecs.class).tokens()).isEqualTo(LOADING_CODINGS);
	}

	@Test
	void adaptiveDecisionsLeaveTheCodingsWhoseCodeDoesNotLoadOutOfTheirLadder() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(ContentCodecAutoConfiguration.class, DecisionAutoConfiguration.class))
			.withPropertyValues("restcompress.server.decision=adaptive")
			.run((context) -> assertThat(context.getBean(CompressionDecisions.class).ladder().rungs())
				.extracting((rung) -> rung.codec().coding())
				.contains("lzf", "lz4")
				.doesNotContain("zstd", "br"));
	}

	@Test
	void negotiatesAmongTheCodingsWhoseCodeLoads() {
		HttpResponse<byte[]> response = this.http.get("/large", "Accept-Encoding", "zstd, br, gzip;q=0.5");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(header(response, "Accept-Encoding")).isEqualTo(LOADING_CODINGS);
		assertThat(header(response, "Vary")).isEqualTo("Accept-Encoding");
		assertThat(header(response, "Content-Encoding")).isEqualTo("gzip");
		assertThat(HttpTestClient.decode("gzip", response.body())).isEqualTo(TestEndpoints.LARGE);
	}

	@Test
	void refusesARequestBodyInZstdWith415ListingTheCodingsItDecodes() {
		HttpResponse<byte[]> response = this.http.post("/echo", new byte[] { 0x28, (byte) 0xb5, 0x2f, (byte) 0xfd },
				"Content-Type", "application/json", "Content-Encoding", "zstd");
		assertThat(response.statusCode()).isEqualTo(415);
		assertThat(header(response, "Accept-Encoding")).isEqualTo(LOADING_CODINGS);
	}

	@Test
	void clientDictionariesFailToStartNamingTheNativeCode() {
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(ContentCodecAutoConfiguration.class, ClientCompressionAutoConfiguration.class))
			.withPropertyValues("restcompress.client.dictionaries.enabled=true")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasStackTraceContaining(
						"restcompress.client.dictionaries.enabled=true needs zstd-jni's native code, which does not load")
				.rootCause()
				.isInstanceOf(UnsatisfiedLinkError.class));
	}

	@Test
	void clientsWithoutDictionariesStartWithTheCodingsWhoseCodeLoads() {
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(ContentCodecAutoConfiguration.class, ClientCompressionAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.getBean(ContentCodecs.class)
				.extracting(ContentCodecs::tokens)
				.isEqualTo(LOADING_CODINGS));
	}

}
