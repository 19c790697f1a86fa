package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.Inflater;

/**
 * Decodes the {@code deflate} coding: zlib-wrapped data (RFC 1950) as RFC 9110 defines it,
 * or raw deflate data (RFC 1951), which some peers send instead.
 */
final class DeflateDecoderStream extends InflatingInputStream {

	DeflateDecoderStream(InputStream source) {
		super(source, DeflateCodec.CODING);
	}

	@Override
	protected Inflater startMember(boolean first) throws IOException {
		if (!first) {
			return null;
		}
		int cmf = peekByte(0);
		if (cmf == -1) {
			throw corrupt("truncated deflate data");
		}
		return reuseOrBorrow(!isZlibHeader(cmf, peekByte(1)));
	}

	private static boolean isZlibHeader(int cmf, int flg) {
		return (cmf & 0x0F) == 8 && (cmf >> 4) <= 7 && flg != -1 && ((cmf << 8) | flg) % 31 == 0;
	}

	@Override
	protected void endMember(Inflater inflater) throws IOException {
		if (peekByte(0) != -1) {
			throw corrupt("unexpected bytes after the end of the deflate data");
		}
	}

}
