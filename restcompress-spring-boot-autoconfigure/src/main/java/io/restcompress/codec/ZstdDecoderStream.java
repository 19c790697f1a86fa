package io.restcompress.codec;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

import com.github.luben.zstd.RecyclingBufferPool;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.ZstdIOException;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;

/**
 * Decodes one or more zstd frames with a decompression stream of its own, whose window is
 * capped before the first frame is read, and turns zstd's errors into
 * {@link ContentDecodingException}s. The native stream is freed on close.
 */
final class ZstdDecoderStream extends FilterInputStream {

	private final CountingSource source;

	private final long maxWindow;

	private boolean closed;

	private ZstdDecoderStream(CountingSource source, InputStream decoder, int windowLogMax) {
		super(decoder);
		this.source = source;
		this.maxWindow = 1L << windowLogMax;
	}

	static ZstdDecoderStream open(InputStream source, int windowLogMax) throws IOException {
		CountingSource counting = new CountingSource(source);
		ZstdInputStreamNoFinalizer decoder = new ZstdInputStreamNoFinalizer(counting, RecyclingBufferPool.INSTANCE);
		try {
			decoder.setLongMax(windowLogMax);
		}
		catch (IOException | RuntimeException ex) {
			decoder.close();
			throw ex;
		}
		return new ZstdDecoderStream(counting, decoder, windowLogMax);
	}

	@Override
	public int read() throws IOException {
		try {
			return checkEnd(this.in.read());
		}
		catch (ZstdIOException | ZstdException ex) {
			throw translate(ex);
		}
	}

	@Override
	public int read(byte[] bytes, int offset, int count) throws IOException {
		try {
			return checkEnd(this.in.read(bytes, offset, count));
		}
		catch (ZstdIOException | ZstdException ex) {
			throw translate(ex);
		}
	}

	@Override
	public long skip(long n) throws IOException {
		try {
			return this.in.skip(n);
		}
		catch (ZstdIOException | ZstdException ex) {
			throw translate(ex);
		}
	}

	@Override
	public boolean markSupported() {
		return false;
	}

	@Override
	public void close() throws IOException {
		if (!this.closed) {
			this.closed = true;
			this.in.close();
		}
	}

	private int checkEnd(int result) throws CorruptContentException {
		if (result == -1 && this.source.count == 0) {
			throw new CorruptContentException(ZstdCodec.CODING, "empty body, expected a frame");
		}
		return result;
	}

	private ContentDecodingException translate(Exception ex) {
		long code = (ex instanceof ZstdIOException io) ? io.getErrorCode() : ((ZstdException) ex).getErrorCode();
		if (code == Zstd.errFrameParameterWindowTooLarge()) {
			return new ContentTooLargeException(ZstdCodec.CODING,
					"zstd frame demands a window larger than the limit of " + this.maxWindow + " bytes");
		}
		return new CorruptContentException(ZstdCodec.CODING, ex.getMessage(), ex);
	}

	private static final class CountingSource extends FilterInputStream {

		private long count;

		CountingSource(InputStream in) {
			super(in);
		}

		@Override
		public int read() throws IOException {
			int b = this.in.read();
			if (b != -1) {
				this.count++;
			}
			return b;
		}

		@Override
		public int read(byte[] bytes, int offset, int length) throws IOException {
			int n = this.in.read(bytes, offset, length);
			if (n > 0) {
				this.count += n;
			}
			return n;
		}

	}

}
