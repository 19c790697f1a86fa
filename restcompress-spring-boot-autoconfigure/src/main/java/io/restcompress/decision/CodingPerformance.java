package io.restcompress.decision;

/**
 * What a coding at a level does to a body: how fast it encodes and decodes, and how much it
 * keeps.
 *
 * @param encodeNanosPerByte encoder time per identity byte
 * @param decodeNanosPerByte decoder time per identity byte
 * @param ratio encoded size over identity size
 */
public record CodingPerformance(double encodeNanosPerByte, double decodeNanosPerByte, double ratio) {

	/**
	 * Returns the performance of a coding with the given speeds.
	 * @param encodeMegabytesPerSecond encoder speed, identity MB (10^6 bytes) per second
	 * @param decodeMegabytesPerSecond decoder speed, identity MB per second
	 * @param ratio encoded size over identity size
	 * @return the performance
	 */
	public static CodingPerformance of(double encodeMegabytesPerSecond, double decodeMegabytesPerSecond,
			double ratio) {
		return new CodingPerformance(1000 / encodeMegabytesPerSecond, 1000 / decodeMegabytesPerSecond, ratio);
	}

	/**
	 * Returns the encoder's speed.
	 * @return identity MB (10^6 bytes) per second
	 */
	public double encodeMegabytesPerSecond() {
		return 1000 / this.encodeNanosPerByte;
	}

	/**
	 * Returns the decoder's speed.
	 * @return identity MB (10^6 bytes) per second
	 */
	public double decodeMegabytesPerSecond() {
		return 1000 / this.decodeNanosPerByte;
	}

}
