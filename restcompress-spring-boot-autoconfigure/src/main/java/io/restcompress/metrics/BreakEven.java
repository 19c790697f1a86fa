package io.restcompress.metrics;

/**
 * The break-even rules of compression over a network link, after rest-compress. A body of
 * {@code n} bytes with size ratio {@code r} (encoded size / identity size) saves
 * {@code n(1 - r) / bandwidth} seconds on the wire and costs {@code n / speed} seconds in the
 * codec. Every speed here is in bytes per second: codec speeds count identity bytes, link
 * speeds count bytes on the wire.
 */
public final class BreakEven {

	private BreakEven() {
	}

	/**
	 * Returns the speed of encoding and then decoding the same bytes, which is what a body
	 * pays in latency when one side encodes it and the other decodes it.
	 * @param encodeSpeed the encoder's speed
	 * @param decodeSpeed the decoder's speed
	 * @return {@code 1 / (1 / encodeSpeed + 1 / decodeSpeed)}
	 */
	public static double roundTripSpeed(double encodeSpeed, double decodeSpeed) {
		return 1 / (1 / encodeSpeed + 1 / decodeSpeed);
	}

	/**
	 * Returns the link speed above which a coding stops paying: there the time it saves on
	 * the wire is less than the time spent in its codec.
	 * @param ratio the coding's size ratio
	 * @param codecSpeed the codec's speed
	 * @return {@code (1 - ratio) * codecSpeed}; zero or less if the coding saves nothing
	 */
	public static double linkSpeed(double ratio, double codecSpeed) {
		return (1 - ratio) * codecSpeed;
	}

	/**
	 * Returns the link speed above which the faster of two codings gives the shorter
	 * transfer: below it the slower one's better ratio saves more wire time than its codec
	 * costs. If the faster coding also has the better (or the same) ratio, it always wins and
	 * the result is zero.
	 * @param fastRatio the faster coding's size ratio
	 * @param fastSpeed the faster coding's codec speed
	 * @param slowRatio the slower coding's size ratio
	 * @param slowSpeed the slower coding's codec speed, at most {@code fastSpeed}
	 * @return {@code (fastRatio - slowRatio) / (1 / slowSpeed - 1 / fastSpeed)}, or zero
	 */
	public static double fasterWinsAbove(double fastRatio, double fastSpeed, double slowRatio, double slowSpeed) {
		if (slowSpeed > fastSpeed) {
			throw new IllegalArgumentException("The slower coding is faster: " + slowSpeed + " > " + fastSpeed);
		}
		if (fastRatio <= slowRatio) {
			return 0;
		}
		return (fastRatio - slowRatio) / (1 / slowSpeed - 1 / fastSpeed);
	}

}
