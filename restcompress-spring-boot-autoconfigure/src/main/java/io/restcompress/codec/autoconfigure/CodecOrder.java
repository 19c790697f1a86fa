package io.restcompress.codec.autoconfigure;

/**
 * The default preference order of the built-in codecs: the non-standard fast codings that
 * only peers naming them get, then gzip, which every HTTP client decodes, ahead of zstd, br
 * and deflate (reasons and measurements in docs/codings.md).
 */
final class CodecOrder {

	static final int LZF = 100;

	static final int LZ4 = 150;

	static final int GZIP = 200;

	static final int ZSTD = 300;

	static final int BROTLI = 400;

	static final int DEFLATE = 500;

	private CodecOrder() {
	}

}
