package io.restcompress.decision;

import java.util.Locale;

import io.restcompress.codec.ContentCodec;

import org.jspecify.annotations.Nullable;

/**
 * One rung of the adaptive decision's ladder: a coding at a level ({@code zstd:3}), or at its
 * configured level when none is named ({@code lzf}).
 *
 * @param label the rung as configured, lower case: {@code coding} or {@code coding:level}
 * @param coding the content-coding token
 * @param level the level, or {@code null} for the codec's configured one
 */
public record CodingOption(String label, String coding, @Nullable Integer level) {

	/**
	 * Parses a rung such as {@code zstd:3}, {@code zstd:-1} or {@code lzf}.
	 * @param text the rung
	 * @return the option
	 * @throws IllegalArgumentException if the level is not a number
	 */
	public static CodingOption parse(String text) {
		String trimmed = text.trim().toLowerCase(Locale.ROOT);
		int colon = trimmed.indexOf(':');
		if (colon == -1) {
			return new CodingOption(trimmed, trimmed, null);
		}
		String coding = trimmed.substring(0, colon);
		try {
			int level = Integer.parseInt(trimmed.substring(colon + 1));
			return new CodingOption(coding + ":" + level, coding, level);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("'" + text + "' is not a coding with a level such as zstd:3");
		}
	}

	/**
	 * Returns the codec for this rung, derived from the configured codec of its coding.
	 * @param configured the configured codec of the same coding
	 * @return the codec at this rung's level
	 */
	public ContentCodec codecFrom(ContentCodec configured) {
		return (this.level != null) ? configured.withLevel(this.level) : configured;
	}

}
