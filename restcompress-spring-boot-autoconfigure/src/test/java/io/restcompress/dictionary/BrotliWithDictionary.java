package io.restcompress.dictionary;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.DecoderJNI;

/**
 * Decodes a brotli stream compressed against a raw-content dictionary with brotli4j's decoder
 * directly, without restcompress's codecs: the reference decoding of a {@code dcb} body.
 */
final class BrotliWithDictionary {

	private BrotliWithDictionary() {
	}

	static byte[] decode(byte[] stream, byte[] dictionary) throws IOException {
		Brotli4jLoader.ensureAvailability();
		ByteBuffer attached = ByteBuffer.allocateDirect(dictionary.length).put(dictionary).flip();
		DecoderJNI.Wrapper decoder = new DecoderJNI.Wrapper(stream.length);
		try {
			if (!decoder.attachDictionary(attached)) {
				throw new IOException("brotli refused the dictionary");
			}
			decoder.getInputBuffer().put(stream);
			decoder.push(stream.length);
			ByteArrayOutputStream decoded = new ByteArrayOutputStream();
			while (decoder.getStatus() != DecoderJNI.Status.DONE) {
				switch (decoder.getStatus()) {
					case NEEDS_MORE_OUTPUT -> {
						ByteBuffer output = decoder.pull();
						byte[] bytes = new byte[output.remaining()];
						output.get(bytes);
						decoded.write(bytes);
					}
					case OK -> decoder.push(0);
					default -> throw new IOException("brotli stream is " + decoder.getStatus());
				}
			}
			while (decoder.hasOutput()) {
				ByteBuffer output = decoder.pull();
				byte[] bytes = new byte[output.remaining()];
				output.get(bytes);
				decoded.write(bytes);
			}
			return decoded.toByteArray();
		}
		finally {
			decoder.destroy();
		}
	}

}
