package io.restcompress.metrics;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * The speed of a network link, as an operator writes it: {@code 1Gbit}, {@code 100Mbit/s},
 * {@code 10Gbps}, {@code 2.5Gbit}, or in bytes {@code 125MB/s}. Prefixes are decimal (k, M, G,
 * T, in either case); {@code bit} or {@code b} counts bits, {@code B} bytes; a plain number is
 * bits per second. Spring binds properties of this type from such strings through
 * {@link #of(String)}.
 */
public final class Bandwidth {

	private static final Pattern PATTERN = Pattern
		.compile("(\\d+(?:\\.\\d+)?)\\s*([kKmMgGtT]?)(bits?|b|B)?(/s|ps)?");

	private static final String PREFIXES = "kmgt";

	private static final BigDecimal MAX_BITS_PER_SECOND = BigDecimal.valueOf(Long.MAX_VALUE);

	private static final String[] PRINTED_PREFIXES = { "", "k", "M", "G", "T" };

	private final long bitsPerSecond;

	private Bandwidth(long bitsPerSecond) {
		if (bitsPerSecond <= 0) {
			throw new IllegalArgumentException("A bandwidth must be positive: " + bitsPerSecond + " bit/s");
		}
		this.bitsPerSecond = bitsPerSecond;
	}

	/**
	 * Returns the bandwidth of the given number of bits per second.
	 * @param bitsPerSecond the bandwidth, positive
	 * @return the bandwidth
	 */
	public static Bandwidth ofBitsPerSecond(long bitsPerSecond) {
		return new Bandwidth(bitsPerSecond);
	}

	/**
	 * Parses a bandwidth such as {@code 1Gbit} or {@code 125MB/s}.
	 * @param text the text
	 * @return the bandwidth
	 * @throws IllegalArgumentException if the text is not a positive bandwidth, or one of more
	 * than {@link Long#MAX_VALUE} bits per second
	 */
	public static Bandwidth of(String text) {
		Matcher matcher = PATTERN.matcher(text.trim());
		if (!matcher.matches()) {
			throw new IllegalArgumentException("'" + text + "' is not a bandwidth such as 1Gbit, 100Mbit/s or 125MB/s");
		}
		BigDecimal value = new BigDecimal(matcher.group(1));
		String prefix = matcher.group(2).toLowerCase(Locale.ROOT);
		if (!prefix.isEmpty()) {
			value = value.scaleByPowerOfTen(3 * (PREFIXES.indexOf(prefix) + 1));
		}
		if ("B".equals(matcher.group(3))) {
			value = value.multiply(BigDecimal.valueOf(8));
		}
		if (value.compareTo(MAX_BITS_PER_SECOND) > 0) {
			throw new IllegalArgumentException("'" + text + "' is faster than any link can be (at most "
					+ new Bandwidth(Long.MAX_VALUE) + ")");
		}
		return new Bandwidth(value.longValue());
	}

	/**
	 * Returns this bandwidth in bits per second.
	 * @return the bits per second
	 */
	public long toBitsPerSecond() {
		return this.bitsPerSecond;
	}

	/**
	 * Returns this bandwidth in bytes per second.
	 * @return the bytes per second
	 */
	public double toBytesPerSecond() {
		return this.bitsPerSecond / 8.0;
	}

	@Override
	public boolean equals(@Nullable Object other) {
		return (other instanceof Bandwidth bandwidth) && bandwidth.bitsPerSecond == this.bitsPerSecond;
	}

	@Override
	public int hashCode() {
		return Long.hashCode(this.bitsPerSecond);
	}

	@Override
	public String toString() {
		long value = this.bitsPerSecond;
		int prefix = 0;
		while (prefix < PREFIXES.length() && value % 1000 == 0) {
			value /= 1000;
			prefix++;
		}
		return value + PRINTED_PREFIXES[prefix] + "bit/s";
	}

}
