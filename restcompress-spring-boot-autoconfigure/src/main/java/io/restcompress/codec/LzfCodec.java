package io.restcompress.codec;

import java.io.InputStream;
import java.io.OutputStream;

/**
 * The {@code lzf} coding: LZF chunks in the "ZV" framing of liblzf's {@code lzf} tool, encoded
 * with compress-lzf's fastest block encoder and decoded with its bounds-checked block decoder.
 * Not registered with IANA, so only selected when a peer names it.
 */
public final class LzfCodec implements ContentCodec {

	/** The coding token. */
	public static final String CODING = "lzf";

	@Override
	public String coding() {
		return CODING;
	}

	@Override
	public boolean registered() {
		return false;
	}

	@Override
	public OutputStream encoder(OutputStream target) {
		return new LzfEncoderStream(target);
	}

	@Override
	public InputStream decoder(InputStream source) {
		return new LzfDecoderStream(source);
	}

}
