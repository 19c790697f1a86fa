package io.restcompress.codec;

/**
 * Decodes one raw LZF block (liblzf's {@code lzf_decompress}) with every literal run and back
 * reference checked against the input and output bounds.
 */
final class LzfBlockDecoder {

	private LzfBlockDecoder() {
	}

	/**
	 * Decodes {@code input[0, inputLength)} into exactly {@code output[0, outputLength)}.
	 * @return {@code false} if the block is malformed or does not decode to exactly
	 * {@code outputLength} bytes
	 */
	static boolean decode(byte[] input, int inputLength, byte[] output, int outputLength) {
		int in = 0;
		int out = 0;
		while (in < inputLength) {
			int control = input[in++] & 0xFF;
			if (control < 32) {
				int run = control + 1;
				if (in + run > inputLength || out + run > outputLength) {
					return false;
				}
				System.arraycopy(input, in, output, out, run);
				in += run;
				out += run;
				continue;
			}
			int length = control >> 5;
			if (length == 7) {
				if (in >= inputLength) {
					return false;
				}
				length += input[in++] & 0xFF;
			}
			if (in >= inputLength) {
				return false;
			}
			int reference = out - ((control & 0x1F) << 8) - 1 - (input[in++] & 0xFF);
			length += 2;
			if (reference < 0 || out + length > outputLength) {
				return false;
			}
			if (out - reference >= length) {
				System.arraycopy(output, reference, output, out, length);
				out += length;
			}
			else {
				for (int end = out + length; out < end;) {
					output[out++] = output[reference++];
				}
			}
		}
		return out == outputLength;
	}

}
