package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;

import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import org.jspecify.annotations.Nullable;

/**
 * Decodes one brotli stream with brotli4j's native decoder, handing out output as soon as the
 * decoder has any (so flushed data is readable without waiting for more input). Checks the
 * window the stream declares in its first byte before the decoder sees it, and rejects
 * truncated streams and bytes after the end. A stream of RFC 9842's {@code dcb} first has its
 * fixed header checked, then is decoded against the raw-content dictionary. The native decoder
 * is freed on close.
 */
final class BrotliDecoderStream extends DecoderInputStream {

	private static final int INPUT_SIZE = 16 * 1024;

	private final InputStream source;

	private final int maxWindowBits;

	private final DecoderJNI.Wrapper decoder;

	private byte @Nullable [] header;

	/** Kept while the native decoder refers to it. */
	private final @Nullable ByteBuffer dictionary;

	private final byte[] transfer = new byte[INPUT_SIZE];

	private ByteBuffer output;

	private boolean started;

	/**
	 * Whether the decoder has been stepped without input since it last took input or gave
	 * output: brotli4j reports "needs more input" whenever its input buffer is used up, also
	 * when the decoder could go on without any (its ring buffer was full), so it is asked once
	 * more before more input is read, and only then is the end of the body a truncation.
	 */
	private boolean steppedWithoutInput;

	private boolean finished;

	BrotliDecoderStream(String coding, InputStream source, int maxWindowBits, byte @Nullable [] header,
			@Nullable ByteBuffer dictionary) throws IOException {
		super(coding);
		this.source = source;
		this.maxWindowBits = maxWindowBits;
		this.header = header;
		this.dictionary = dictionary;
		this.decoder = new DecoderJNI.Wrapper(INPUT_SIZE);
		if (dictionary != null && !this.decoder.attachDictionary(dictionary)) {
			this.decoder.destroy();
			throw new IOException("brotli decoder refused the dictionary");
		}
	}

	@Override
	protected int readDecoded(byte[] bytes, int offset, int count) throws IOException {
		while (this.output == null || !this.output.hasRemaining()) {
			this.output = null;
			if (this.finished || !advance()) {
				return -1;
			}
		}
		int n = Math.min(count, this.output.remaining());
		this.output.get(bytes, offset, n);
		return n;
	}

	@Override
	public int available() {
		return (this.output != null) ? this.output.remaining() : 0;
	}

	private boolean advance() throws IOException {
		switch (this.decoder.getStatus()) {
			case NEEDS_MORE_OUTPUT -> pull();
			case OK -> this.decoder.push(0);
			case NEEDS_MORE_INPUT -> {
				if (this.decoder.hasOutput()) {
					pull();
				}
				else if (!this.steppedWithoutInput) {
					this.decoder.push(0);
					this.steppedWithoutInput = true;
				}
				else {
					feed();
					this.steppedWithoutInput = false;
				}
			}
			case DONE -> {
				if (this.decoder.hasOutput()) {
					pull();
				}
				else {
					finish();
					return false;
				}
			}
			default -> throw corrupt("invalid brotli data");
		}
		return true;
	}

	private void pull() {
		this.output = this.decoder.pull();
		this.steppedWithoutInput = false;
	}

	private void feed() throws IOException {
		if (this.header != null) {
			checkHeader(this.header);
			this.header = null;
		}
		int n;
		do {
			n = this.source.read(this.transfer, 0, this.transfer.length);
		}
		while (n == 0);
		if (n == -1) {
			throw corrupt(this.started ? "truncated brotli stream" : "empty body, expected a brotli stream");
		}
		if (!this.started) {
			checkWindow(this.transfer[0]);
			this.started = true;
		}
		ByteBuffer input = this.decoder.getInputBuffer();
		input.clear();
		input.put(this.transfer, 0, n);
		this.decoder.push(n);
	}

	private void checkHeader(byte[] expected) throws IOException {
		byte[] actual = new byte[expected.length];
		readFully(this.source, actual, 0, actual.length, "header");
		if (!Arrays.equals(actual, expected)) {
			throw corrupt("header does not name the dictionary that was offered");
		}
	}

	private void checkWindow(byte first) throws ContentDecodingException {
		int bits = windowBits(first);
		if (bits < 0) {
			throw corrupt("large-window brotli is not RFC 7932 brotli");
		}
		if (bits > this.maxWindowBits) {
			throw tooLarge("brotli stream demands a window of "
					+ BrotliCodec.windowSize(bits) + " bytes, above the limit of "
					+ BrotliCodec.windowSize(this.maxWindowBits) + " bytes");
		}
	}

	/**
	 * The WBITS field at the start of a brotli stream (RFC 7932 §9.1), or -1 for the
	 * large-window marker.
	 */
	static int windowBits(byte first) {
		if ((first & 1) == 0) {
			return 16;
		}
		int n = (first >> 1) & 7;
		if (n != 0) {
			return 17 + n;
		}
		int m = (first >> 4) & 7;
		if (m == 1) {
			return -1;
		}
		return (m == 0) ? 17 : 8 + m;
	}

	private void finish() throws IOException {
		this.finished = true;
		if (this.source.read() != -1) {
			throw corrupt("unexpected bytes after the end of the brotli stream");
		}
	}

	@Override
	protected void release() throws IOException {
		this.output = null;
		try {
			this.source.close();
		}
		finally {
			this.decoder.destroy();
		}
	}

}
