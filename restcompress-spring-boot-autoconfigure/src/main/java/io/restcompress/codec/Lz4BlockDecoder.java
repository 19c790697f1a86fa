package io.restcompress.codec;

/**
 * Decodes one LZ4 block (the LZ4 block format) into a buffer that may already hold earlier
 * output, which matches can refer to: what linked blocks need and lz4-java's decompressors do
 * not offer. Every length and offset is checked against both buffers.
 */
final class Lz4BlockDecoder {

	private static final int MIN_MATCH = 4;

	private Lz4BlockDecoder() {
	}

	/**
	 * Decodes {@code src[0, srcLength)} to {@code dest} from {@code destOffset}; matches may
	 * reach back to {@code dest[0]}.
	 * @return the end of the decoded data in {@code dest}, or -1 if the block is invalid or
	 * does not fit below {@code destLimit}
	 */
	static int decode(byte[] src, int srcLength, byte[] dest, int destOffset, int destLimit) {
		int s = 0;
		int d = destOffset;
		while (s < srcLength) {
			int token = src[s++] & 0xFF;
			int literals = token >>> 4;
			if (literals == 15) {
				int b;
				do {
					if (s >= srcLength) {
						return -1;
					}
					b = src[s++] & 0xFF;
					literals += b;
				}
				while (b == 255);
			}
			if (literals > srcLength - s || literals > destLimit - d) {
				return -1;
			}
			System.arraycopy(src, s, dest, d, literals);
			s += literals;
			d += literals;
			if (s == srcLength) {
				return d;
			}
			if (srcLength - s < 2) {
				return -1;
			}
			int offset = (src[s] & 0xFF) | ((src[s + 1] & 0xFF) << 8);
			s += 2;
			if (offset == 0 || offset > d) {
				return -1;
			}
			int length = token & 15;
			if (length == 15) {
				int b;
				do {
					if (s >= srcLength) {
						return -1;
					}
					b = src[s++] & 0xFF;
					length += b;
				}
				while (b == 255);
			}
			length += MIN_MATCH;
			if (length > destLimit - d) {
				return -1;
			}
			int from = d - offset;
			if (offset >= length) {
				System.arraycopy(dest, from, dest, d, length);
			}
			else {
				for (int i = 0; i < length; i++) {
					dest[d + i] = dest[from + i];
				}
			}
			d += length;
		}
		return (srcLength == 0) ? d : -1;
	}

}
