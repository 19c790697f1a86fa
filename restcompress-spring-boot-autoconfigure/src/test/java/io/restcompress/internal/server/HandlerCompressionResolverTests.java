package io.restcompress.internal.server;

import java.util.List;

import io.restcompress.LzfCompressed;
import io.restcompress.NotCompressed;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.LzfCodec;
import io.restcompress.server.CompressionMode;
import io.restcompress.server.ServerCompressionSettings;
import org.junit.jupiter.api.Test;

import org.springframework.util.MimeType;
import org.springframework.web.method.HandlerMethod;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link HandlerCompressionResolver}.
 */
class HandlerCompressionResolverTests {

	private static final LzfCodec LZF = new LzfCodec();

	private static final GzipCodec GZIP = new GzipCodec(1);

	@Test
	void excludesEveryMethodOfAControllerMarkedNotCompressedEvenOneMarkedLzfCompressed() throws Exception {
		HandlerCompressionResolver resolver = resolver(CompressionMode.ALL);
		assertThat(resolver.resolve(handler(new ExcludedController(), "compressed")))
			.isSameAs(HandlerCompression.EXCLUDED);
		assertThat(resolver.resolve(handler(new ExcludedController(), "plain"))).isSameAs(HandlerCompression.EXCLUDED);
	}

	@Test
	void excludesAMethodMarkedNotCompressedInAControllerMarkedLzfCompressed() throws Exception {
		assertThat(resolver(CompressionMode.ANNOTATED).resolve(handler(new CompressedController(), "excluded")))
			.isSameAs(HandlerCompression.EXCLUDED);
	}

	@Test
	void usesTheCodingsOfTheMethodOverThoseOfItsController() throws Exception {
		HandlerCompressionResolver resolver = resolver(CompressionMode.ANNOTATED);
		assertThat(resolver.resolve(handler(new CompressedController(), "gzipOnly")).codecs()).containsExactly(GZIP);
		assertThat(resolver.resolve(handler(new CompressedController(), "plain")).codecs()).containsExactly(LZF);
	}

	@Test
	void unannotatedHandlersFollowTheMode() throws Exception {
		assertThat(resolver(CompressionMode.ANNOTATED).resolve(handler(new PlainController(), "plain")))
			.isSameAs(HandlerCompression.EXCLUDED);
		assertThat(resolver(CompressionMode.ALL).resolve(handler(new PlainController(), "plain")))
			.isSameAs(HandlerCompression.SERVER_DEFAULTS);
	}

	private static HandlerCompressionResolver resolver(CompressionMode mode) {
		ContentCodecs codecs = ContentCodecs.of(LZF, GZIP);
		return new HandlerCompressionResolver(new ServerCompressionSettings(codecs, codecs.all(), mode, 0,
				List.of(MimeType.valueOf("text/*")), List.of(), true, 16 * 1024 * 1024, 2, true));
	}

	private static HandlerMethod handler(Object controller, String name) throws NoSuchMethodException {
		return new HandlerMethod(controller, controller.getClass().getDeclaredMethod(name));
	}

	@NotCompressed
	static class ExcludedController {

		@LzfCompressed
		String compressed() {
			return "";
		}

		String plain() {
			return "";
		}

	}

	@LzfCompressed(encodings = "lzf")
	static class CompressedController {

		@LzfCompressed(encodings = "gzip")
		String gzipOnly() {
			return "";
		}

		@NotCompressed
		String excluded() {
			return "";
		}

		String plain() {
			return "";
		}

	}

	static class PlainController {

		String plain() {
			return "";
		}

	}

}
