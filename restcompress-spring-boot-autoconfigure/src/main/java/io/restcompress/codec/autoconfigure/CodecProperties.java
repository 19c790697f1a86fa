package io.restcompress.codec.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.Assert;
import org.springframework.util.unit.DataSize;

/**
 * Settings of the individual content codecs.
 */
@ConfigurationProperties("restcompress.codec")
public class CodecProperties {

	private final Zlib gzip = new Zlib();

	private final Zlib deflate = new Zlib();

	private final Zstd zstd = new Zstd();

	private final Brotli brotli = new Brotli();

	private final Lz4 lz4 = new Lz4();

	public Zlib getGzip() {
		return this.gzip;
	}

	public Zlib getDeflate() {
		return this.deflate;
	}

	public Zstd getZstd() {
		return this.zstd;
	}

	public Brotli getBrotli() {
		return this.brotli;
	}

	public Lz4 getLz4() {
		return this.lz4;
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

	/**
	 * Settings of the zstd codec.
	 */
	public static class Zstd {

		/**
		 * Compression level, from -7 (fastest) to 19 (smallest), except 0.
		 */
		private int level = 1;

		/**
		 * Largest window a received zstd frame may demand, which below 8MB also caps the window
		 * restcompress encodes with so that peers with the same limit read its frames.
		 */
		private DataSize maxWindow = DataSize.ofMegabytes(8);

		public int getLevel() {
			return this.level;
		}

		public void setLevel(int level) {
			this.level = level;
		}

		public DataSize getMaxWindow() {
			return this.maxWindow;
		}

		public void setMaxWindow(DataSize maxWindow) {
			this.maxWindow = maxWindow;
		}

	}

	/**
	 * Settings of the brotli codec.
	 */
	public static class Brotli {

		/**
		 * Compression quality, from 0 (fastest) to 11 (smallest).
		 */
		private int quality = 4;

		/**
		 * Largest window a received brotli stream may demand; larger ones are rejected.
		 */
		private DataSize maxWindow = DataSize.ofMegabytes(16);

		public int getQuality() {
			return this.quality;
		}

		public void setQuality(int quality) {
			this.quality = quality;
		}

		public DataSize getMaxWindow() {
			return this.maxWindow;
		}

		public void setMaxWindow(DataSize maxWindow) {
			this.maxWindow = maxWindow;
		}

	}

	/**
	 * Settings of the lz4 codec.
	 */
	public static class Lz4 {

		/**
		 * Compression level: 1 or 2 for LZ4's fast compressor, 3 to 12 for LZ4 HC.
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
