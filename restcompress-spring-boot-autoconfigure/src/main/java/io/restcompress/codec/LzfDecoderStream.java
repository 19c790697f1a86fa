package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;

import com.ning.compress.BufferRecycler;
import com.ning.compress.lzf.LZFChunk;

/**
 * Reads "ZV" chunks one at a time and decodes each into a 64 KB buffer (both buffers come from
 * compress-lzf's per-thread recycler and go back to it on close) with
 * {@link LzfBlockDecoder}, which checks every reference against both buffers because request
 * bodies come from untrusted peers.
 */
final class LzfDecoderStream extends DecoderInputStream {

	private final InputStream source;

	private final byte[] header = new byte[LZFChunk.HEADER_LEN_COMPRESSED];

	private byte[] input;

	private byte[] output;

	private int position;

	private int limit;

	private boolean finished;

	LzfDecoderStream(InputStream source) {
		super(LzfCodec.CODING);
		this.source = source;
		BufferRecycler recycler = BufferRecycler.instance();
		this.input = recycler.allocDecodeBuffer(LZFChunk.MAX_CHUNK_LEN);
		this.output = recycler.allocOutputBuffer(LZFChunk.MAX_CHUNK_LEN);
	}

	@Override
	protected int readDecoded(byte[] bytes, int offset, int count) throws IOException {
		if (!ensureAvailable()) {
			return -1;
		}
		int copied = Math.min(count, this.limit - this.position);
		System.arraycopy(this.output, this.position, bytes, offset, copied);
		this.position += copied;
		return copied;
	}

	@Override
	public int available() {
		return this.limit - this.position;
	}

	@Override
	protected void release() throws IOException {
		this.finished = true;
		this.position = 0;
		this.limit = 0;
		try {
			this.source.close();
		}
		finally {
			releaseBuffers();
		}
	}

	/**
	 * Gives the buffers to the closing thread's recycler, which only that thread uses.
	 */
	private void releaseBuffers() {
		if (this.input != null) {
			BufferRecycler recycler = BufferRecycler.instance();
			recycler.releaseDecodeBuffer(this.input);
			recycler.releaseOutputBuffer(this.output);
			this.input = null;
			this.output = null;
		}
	}

	private boolean ensureAvailable() throws IOException {
		while (this.position == this.limit) {
			if (this.finished || !readChunk()) {
				this.finished = true;
				return false;
			}
		}
		return true;
	}

	private boolean readChunk() throws IOException {
		int first = this.source.read();
		if (first == -1) {
			return false;
		}
		this.header[0] = (byte) first;
		readFully(this.source, this.header, 1, LZFChunk.HEADER_LEN_NOT_COMPRESSED - 1, "chunk header");
		if (this.header[0] != LZFChunk.BYTE_Z || this.header[1] != LZFChunk.BYTE_V) {
			throw corrupt("expected a 'ZV' chunk header");
		}
		int stored = uint16(3);
		switch (this.header[2]) {
			case LZFChunk.BLOCK_TYPE_NON_COMPRESSED -> {
				readFully(this.source, this.output, 0, stored, "uncompressed chunk");
				this.limit = stored;
			}
			case LZFChunk.BLOCK_TYPE_COMPRESSED -> {
				readFully(this.source, this.header, LZFChunk.HEADER_LEN_NOT_COMPRESSED, 2, "chunk header");
				int decodedLength = uint16(5);
				readFully(this.source, this.input, 0, stored, "compressed chunk");
				decode(stored, decodedLength);
				this.limit = decodedLength;
			}
			default -> throw corrupt("unknown chunk type " + this.header[2]);
		}
		this.position = 0;
		return true;
	}

	private void decode(int stored, int decodedLength) throws CorruptContentException {
		if (!LzfBlockDecoder.decode(this.input, stored, this.output, decodedLength)) {
			throw corrupt("chunk of " + stored + " bytes does not decode to " + decodedLength + " bytes");
		}
	}

	private int uint16(int offset) {
		return ((this.header[offset] & 0xFF) << 8) | (this.header[offset + 1] & 0xFF);
	}

}
