package io.restcompress.internal.server;

import java.util.List;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.LzfCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Codings an exchange adds ahead of what its handler allows.
 */
class HandlerCompressionTests {

	private static final ContentCodec LZF = new LzfCodec();

	private static final ContentCodec GZIP = new GzipCodec(1);

	private static final ContentCodec EXTRA = new GzipCodec(9);

	@Test
	void addedCodingsComeBeforeTheServersOrder() {
		assertThat(HandlerCompression.SERVER_DEFAULTS.withFirst(List.of(EXTRA), List.of(LZF, GZIP)).codecs())
			.containsExactly(EXTRA, LZF, GZIP);
	}

	@Test
	void addedCodingsComeBeforeTheHandlersOwnCodings() {
		HandlerCompression handler = new HandlerCompression(true, List.of(GZIP));
		assertThat(handler.withFirst(List.of(EXTRA), List.of(LZF, GZIP)).codecs()).containsExactly(EXTRA, GZIP);
	}

	@Test
	void anExcludedHandlerStaysExcludedAndNothingAddedChangesNothing() {
		assertThat(HandlerCompression.EXCLUDED.withFirst(List.of(EXTRA), List.of(LZF))).isSameAs(HandlerCompression.EXCLUDED);
		assertThat(HandlerCompression.SERVER_DEFAULTS.withFirst(List.of(), List.of(LZF)))
			.isSameAs(HandlerCompression.SERVER_DEFAULTS);
	}

}
