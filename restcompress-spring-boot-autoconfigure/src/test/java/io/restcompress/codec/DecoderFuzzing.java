package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * What every decoder fuzz test checks: any input decodes to at most {@link #MAX_DECODED} bytes
 * or fails with a {@link ContentDecodingException} ({@link CorruptContentException} or
 * {@link ContentTooLargeException}). Any other exception escapes and is a finding.
 */
final class DecoderFuzzing {

	static final int MAX_DECODED = 1024 * 1024;

	private DecoderFuzzing() {
	}

	static void decodesOrRejects(ContentCodec codec, byte[] input) throws IOException {
		byte[] buffer = new byte[8192];
		long decoded = 0;
		try (InputStream decoder = CodecStreams.limited(codec.decoder(new ByteArrayInputStream(input)), codec.coding(),
				MAX_DECODED)) {
			for (int n = decoder.read(buffer); n != -1; n = decoder.read(buffer)) {
				decoded += n;
			}
		}
		catch (ContentDecodingException ex) {
			if (!ex.getCoding().equals(codec.coding())) {
				throw new AssertionError("The exception names the coding " + ex.getCoding(), ex);
			}
			return;
		}
		if (decoded > MAX_DECODED) {
			throw new AssertionError("Decoded " + decoded + " bytes past the limit");
		}
	}

}
