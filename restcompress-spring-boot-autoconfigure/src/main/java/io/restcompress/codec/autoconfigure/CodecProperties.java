package io.restcompress.codec.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.Assert;

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
			Assert.isTrue(level >= 1 && level <= 9, () -> "Level must be between 1 and 9, was " + level);
			this.level = level;
		}

	}

}
