package io.restcompress.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.util.List;

import io.restcompress.codec.CodecStreams;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentDecodingException;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.RejectReason;
import io.restcompress.metrics.Side;
import org.jspecify.annotations.Nullable;

/**
 * Decodes a response body through one or more codecs, created on the first read so that an
 * empty body (allowed with a {@code Content-Encoding}, for example on a 200 with no content)
 * reads as empty and an unread body costs no codec buffers. Records each decoded layer and
 * the first decoding failure.
 */
final class DecodingInputStream extends InputStream {

	private final InputStream source;

	private final List<ContentCodec> decoders;

	private final CompressionRecorder recorder;

	private @Nullable InputStream decoded;

	private boolean failed;

	DecodingInputStream(InputStream source, List<ContentCodec> decoders, CompressionRecorder recorder) {
		this.source = source;
		this.decoders = decoders;
		this.recorder = recorder;
	}

	@Override
	public int read() throws IOException {
		byte[] one = new byte[1];
		int n = read(one, 0, 1);
		return (n == -1) ? -1 : one[0] & 0xFF;
	}

	@Override
	public int read(byte[] bytes, int offset, int length) throws IOException {
		try {
			return decoded().read(bytes, offset, length);
		}
		catch (ContentDecodingException ex) {
			recordFailure(ex);
			throw ex;
		}
	}

	@Override
	public int available() throws IOException {
		return (this.decoded != null) ? this.decoded.available() : 0;
	}

	@Override
	public void close() throws IOException {
		if (this.decoded != null) {
			this.decoded.close();
		}
		else {
			this.source.close();
		}
	}

	private InputStream decoded() throws IOException {
		if (this.decoded == null) {
			PushbackInputStream probe = new PushbackInputStream(this.source, 1);
			int first = probe.read();
			if (first == -1) {
				this.decoded = probe;
			}
			else {
				probe.unread(first);
				InputStream stream = probe;
				for (ContentCodec codec : this.decoders) {
					stream = CodecStreams.measuredDecoder(codec, stream, (identity, encoded, nanos) -> this.recorder
						.decoded(Side.CLIENT, Direction.RESPONSE, codec.coding(), identity, encoded, nanos));
				}
				this.decoded = stream;
			}
		}
		return this.decoded;
	}

	private void recordFailure(ContentDecodingException ex) {
		if (!this.failed) {
			this.failed = true;
			this.recorder.rejected(Side.CLIENT, Direction.RESPONSE, ex.getCoding(), RejectReason.CORRUPT);
		}
	}

}
