package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.Inflater;

/**
 * Decodes RFC 1952 gzip, including concatenated members, and checks each member's CRC-32 and
 * length. Anything after the last member other than another member is rejected.
 */
final class GzipDecoderStream extends InflatingInputStream {

	private static final int FHCRC = 2;

	private static final int FEXTRA = 4;

	private static final int FNAME = 8;

	private static final int FCOMMENT = 16;

	private final CRC32 crc = new CRC32();

	private long memberSize;

	GzipDecoderStream(InputStream source) {
		super(source, GzipCodec.CODING);
	}

	@Override
	protected Inflater startMember(boolean first) throws IOException {
		int magic = first ? requireByte("gzip header") : nextByte();
		if (magic == -1) {
			return null;
		}
		if (magic != 0x1F || requireByte("gzip header") != 0x8B) {
			throw corrupt(first ? "not a gzip header" : "unexpected bytes after the gzip trailer");
		}
		if (requireByte("gzip header") != 8) {
			throw corrupt("unsupported compression method");
		}
		int flags = requireByte("gzip header");
		if ((flags & 0xE0) != 0) {
			throw corrupt("reserved header flags set");
		}
		skip(6);
		if ((flags & FEXTRA) != 0) {
			skip(requireByte("gzip header") | (requireByte("gzip header") << 8));
		}
		if ((flags & FNAME) != 0) {
			skipZeroTerminated();
		}
		if ((flags & FCOMMENT) != 0) {
			skipZeroTerminated();
		}
		if ((flags & FHCRC) != 0) {
			skip(2);
		}
		this.crc.reset();
		this.memberSize = 0;
		return reuseOrBorrow(true);
	}

	@Override
	protected void decoded(ByteBuffer bytes) {
		this.memberSize += bytes.remaining();
		this.crc.update(bytes);
	}

	@Override
	protected void endMember(Inflater inflater) throws IOException {
		if (readInt() != (int) this.crc.getValue()) {
			throw corrupt("CRC-32 mismatch");
		}
		if (readInt() != (int) this.memberSize) {
			throw corrupt("length mismatch");
		}
	}

	private int readInt() throws IOException {
		int value = 0;
		for (int shift = 0; shift < 32; shift += 8) {
			value |= requireByte("gzip trailer") << shift;
		}
		return value;
	}

	private void skip(int count) throws IOException {
		for (int i = 0; i < count; i++) {
			requireByte("gzip header");
		}
	}

	private void skipZeroTerminated() throws IOException {
		while (requireByte("gzip header") != 0) {
			// skip
		}
	}

}
