package io.restcompress.codec.autoconfigure;

/**
 * The default preference order of the built-in codecs: fast codings first (measured in
 * docs/codings.md; lzf stays first as the HTTP contract requires).
 */
final class CodecOrder {

	static final int LZF = 100;

	static final int LZ4 = 150;

	static final int ZSTD = 200;

	static final int GZIP = 300;

	static final int BROTLI = 400;

	static final int DEFLATE = 500;

	private CodecOrder() {
	}

}
