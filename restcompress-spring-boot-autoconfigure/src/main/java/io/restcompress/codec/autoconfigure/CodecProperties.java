package io.restcompress.codec.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the individual content codecs.
 */
@ConfigurationProperties("restcompress.codec")
public class CodecProperties {

	private final Zlib gzip = new Zlib();

	private final Zlib deflate = new Zlib();

	public Zlib getGzip() {
		return this.gzip;
	}

	public Zlib getDeflate() {
		return this.deflate;
	}

	/**
	 * Settings of a zlib-based codec.
	 */
	public static class Zlib {

		/**
		 * Compression level, from 1 (fastest) to 9 (smallest).
		 */
		private int level = 1;

		public int getLevel() {
			return this.level;
		}

		public void setLevel(int level) {
			this.level = level;
		}

	}

}
