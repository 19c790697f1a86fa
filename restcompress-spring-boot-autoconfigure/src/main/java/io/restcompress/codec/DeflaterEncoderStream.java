package io.restcompress.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

import org.jspecify.annotations.Nullable;

/**
 * Streams deflate data through a pooled {@link Deflater} and its direct buffers: zlib-wrapped
 * for {@code deflate} (RFC 1950), or as one gzip member (RFC 1952) with its header, CRC-32 and
 * length. A flush ends the data written so far with a sync flush, so a peer can decode it.
 */
final class DeflaterEncoderStream extends PooledEncoderStream<Deflater> {

	private static final byte[] GZIP_HEADER = { 0x1F, (byte) 0x8B, Deflater.DEFLATED, 0, 0, 0, 0, 0, 0, (byte) 0xFF };

	private final Deflater deflater;

	private final @Nullable CRC32 crc;

	private long size;

	private boolean finishing;

	private DeflaterEncoderStream(OutputStream target, NativeContextPool<Deflater> pool, boolean gzip) {
		super(target, pool);
		this.deflater = this.context.ctx;
		this.crc = gzip ? new CRC32() : null;
	}

	/**
	 * Returns a stream of zlib-wrapped deflate data.
	 * @param target where the encoded bytes go
	 * @param pool zlib-wrapping deflaters
	 * @return the encoding stream
	 */
	static DeflaterEncoderStream zlib(OutputStream target, NativeContextPool<Deflater> pool) {
		return new DeflaterEncoderStream(target, pool, false);
	}

	/**
	 * Returns a stream of one gzip member, whose header is written at once.
	 * @param target where the encoded bytes go
	 * @param pool raw deflaters
	 * @return the encoding stream
	 * @throws IOException if the header cannot be written
	 */
	static DeflaterEncoderStream gzip(OutputStream target, NativeContextPool<Deflater> pool) throws IOException {
		DeflaterEncoderStream stream = new DeflaterEncoderStream(target, pool, true);
		try {
			target.write(GZIP_HEADER);
		}
		catch (IOException | RuntimeException ex) {
			stream.abandon();
			throw ex;
		}
		return stream;
	}

	@Override
	void encodeInput() throws IOException {
		deflate(Deflater.NO_FLUSH);
	}

	@Override
	void writeBuffered() throws IOException {
		deflate(Deflater.SYNC_FLUSH);
	}

	@Override
	void finishEncoding() throws IOException {
		this.finishing = true;
		this.deflater.finish();
		deflate(Deflater.NO_FLUSH);
		if (this.crc != null) {
			ByteBuffer trailer = this.context.output;
			putLittleEndian(trailer, (int) this.crc.getValue());
			putLittleEndian(trailer, (int) this.size);
			drain(trailer);
		}
	}

	private static void putLittleEndian(ByteBuffer buffer, int value) {
		for (int shift = 0; shift < 32; shift += 8) {
			buffer.put((byte) (value >>> shift));
		}
	}

	/**
	 * Deflates what is buffered until the deflater needs more input and has room left in its
	 * output, which after a sync flush means it has written everything it holds; once finishing,
	 * until the deflate data has ended.
	 */
	private void deflate(int flush) throws IOException {
		this.input.flip();
		try {
			this.size += this.input.remaining();
			if (this.crc != null) {
				this.crc.update(this.input.duplicate());
			}
			this.deflater.setInput(this.input);
			ByteBuffer output = this.context.output;
			boolean outputFilled;
			do {
				this.deflater.deflate(output, flush);
				outputFilled = !output.hasRemaining();
				drain(output);
			}
			while (!this.deflater.finished() && (this.finishing || outputFilled || !this.deflater.needsInput()));
		}
		catch (IOException | RuntimeException ex) {
			this.context.failed = true;
			throw ex;
		}
		finally {
			this.input.clear();
		}
	}

}
