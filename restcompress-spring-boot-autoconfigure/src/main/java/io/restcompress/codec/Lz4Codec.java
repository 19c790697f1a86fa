package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4FrameOutputStream;
import net.jpountz.xxhash.XXHashFactory;

/**
 * The {@code lz4} coding: the LZ4 frame format (the format of the {@code lz4} tool and of
 * Python's {@code lz4.frame}) with lz4-java. Encodes independent 64 KB blocks; decodes
 * independent and linked blocks, block and content checksums and concatenated frames. Not
 * registered with IANA, so only selected when a peer names it. Holds no native state: the
 * native block functions are stateless.
 */
public final class Lz4Codec implements ContentCodec {

	/** The coding token. */
	public static final String CODING = "lz4";

	private final int level;

	private final LZ4Compressor compressor;

	/**
	 * Creates a codec that compresses at the given level.
	 * @param level 1 or 2 for LZ4's fast compressor, 3 to 12 for LZ4 HC at that level, as the
	 * {@code lz4} tool counts them
	 */
	public Lz4Codec(int level) {
		if (level < 1 || level > 12) {
			throw new IllegalArgumentException("lz4 level must be between 1 and 12, was " + level);
		}
		this.level = level;
		LZ4Factory factory = LZ4Factory.fastestInstance();
		this.compressor = (level <= 2) ? factory.fastCompressor() : factory.highCompressor(level);
	}

	@Override
	public String coding() {
		return CODING;
	}

	/**
	 * The compression level.
	 * @return the level, as the {@code lz4} tool counts them
	 */
	public int level() {
		return this.level;
	}

	@Override
	public boolean registered() {
		return false;
	}

	@Override
	public OutputStream encoder(OutputStream target) throws IOException {
		return new Lz4EncoderStream(target, this.compressor);
	}

	@Override
	public InputStream decoder(InputStream source) {
		return new Lz4FrameDecoderStream(source);
	}

	/**
	 * lz4-java's frame stream with the {@link OutputStream} contract: an {@link IOException},
	 * not an {@link IllegalStateException}, once closed.
	 */
	private static final class Lz4EncoderStream extends LZ4FrameOutputStream {

		private boolean closed;

		Lz4EncoderStream(OutputStream target, LZ4Compressor compressor) throws IOException {
			super(target, BLOCKSIZE.SIZE_64KB, -1L, compressor, XXHashFactory.fastestInstance().hash32(),
					FLG.Bits.BLOCK_INDEPENDENCE);
		}

		@Override
		public void write(int b) throws IOException {
			ensureOpen();
			super.write(b);
		}

		@Override
		public void write(byte[] bytes, int offset, int count) throws IOException {
			ensureOpen();
			super.write(bytes, offset, count);
		}

		@Override
		public void flush() throws IOException {
			ensureOpen();
			super.flush();
		}

		@Override
		public void close() throws IOException {
			if (!this.closed) {
				try {
					super.close();
				}
				finally {
					this.closed = true;
				}
			}
		}

		private void ensureOpen() throws IOException {
			if (this.closed) {
				throw new IOException("Stream closed");
			}
		}

	}

}
