package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * A {@code gzip} codec whose encoder fails on the first bytes it is given, with
 * "codec failed".
 */
public final class FailingEncoderCodec implements ContentCodec {

	@Override
	public String coding() {
		return "gzip";
	}

	@Override
	public OutputStream encoder(OutputStream target) {
		return new OutputStream() {

			@Override
			public void write(int b) throws IOException {
				throw new IOException("codec failed");
			}

			@Override
			public void write(byte[] bytes, int offset, int length) throws IOException {
				throw new IOException("codec failed");
			}

		};
	}

	@Override
	public InputStream decoder(InputStream source) {
		return source;
	}

}
