package io.restcompress.codec;

import java.io.IOException;
import java.io.OutputStream;

import com.ning.compress.BufferRecycler;
import com.ning.compress.lzf.ChunkEncoder;
import com.ning.compress.lzf.LZFChunk;
import com.ning.compress.lzf.util.ChunkEncoderFactory;

/**
 * Collects writes into chunks of at most 65535 bytes and writes each as one "ZV" chunk. Buffers
 * come from compress-lzf's per-thread recycler and go back to it on close.
 */
final class LzfEncoderStream extends EncoderOutputStream {

	private final ChunkEncoder encoder;

	private final BufferRecycler recycler;

	private byte[] chunk;

	private int length;

	LzfEncoderStream(OutputStream target) {
		super(target);
		this.encoder = ChunkEncoderFactory.optimalInstance(LZFChunk.MAX_CHUNK_LEN);
		this.recycler = this.encoder.getBufferRecycler();
		this.chunk = this.recycler.allocInputBuffer(LZFChunk.MAX_CHUNK_LEN);
	}

	@Override
	public void write(int b) throws IOException {
		ensureOpen();
		if (this.length == LZFChunk.MAX_CHUNK_LEN) {
			writeChunk();
		}
		this.chunk[this.length++] = (byte) b;
	}

	@Override
	public void write(byte[] bytes, int offset, int count) throws IOException {
		ensureOpen();
		while (count > 0) {
			if (this.length == 0 && count >= LZFChunk.MAX_CHUNK_LEN) {
				this.encoder.encodeAndWriteChunk(bytes, offset, LZFChunk.MAX_CHUNK_LEN, this.target);
				offset += LZFChunk.MAX_CHUNK_LEN;
				count -= LZFChunk.MAX_CHUNK_LEN;
				continue;
			}
			int copied = Math.min(count, LZFChunk.MAX_CHUNK_LEN - this.length);
			System.arraycopy(bytes, offset, this.chunk, this.length, copied);
			this.length += copied;
			offset += copied;
			count -= copied;
			if (this.length == LZFChunk.MAX_CHUNK_LEN) {
				writeChunk();
			}
		}
	}

	@Override
	void writeBuffered() throws IOException {
		writeChunk();
	}

	@Override
	void finishEncoding() throws IOException {
		writeChunk();
	}

	@Override
	void release() {
		this.recycler.releaseInputBuffer(this.chunk);
		this.chunk = null;
		this.encoder.close();
	}

	private void writeChunk() throws IOException {
		if (this.length > 0) {
			this.encoder.encodeAndWriteChunk(this.chunk, 0, this.length, this.target);
			this.length = 0;
		}
	}

}
