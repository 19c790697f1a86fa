package io.restcompress.internal.server;

import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.DcbCodec;
import io.restcompress.codec.DczCodec;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * Entity-tag rewriting: an encoded representation's strong tag gets a coding suffix
 * ({@code "v1"} becomes {@code "v1-lzf"}, or {@code "v1-dcz-1a2b3c4d"} against a dictionary),
 * and conditional request fields have the suffix removed so the application matches either
 * representation.
 */
public final class EntityTags {

	/**
	 * The request fields whose entity tags may carry a coding suffix: {@code If-None-Match} and
	 * {@code If-Match}.
	 */
	public static final List<String> CONDITIONAL_FIELDS = List.of(HttpHeaders.IF_NONE_MATCH, HttpHeaders.IF_MATCH);

	/** The codings that encode against a dictionary the client named (RFC 9842). */
	static final List<String> DICTIONARY_CODINGS = List.of(DczCodec.CODING, DcbCodec.CODING);

	private static final Pattern DICTIONARY_TAG = Pattern.compile("-dc[zb]-[0-9a-f]{8}");

	private EntityTags() {
	}

	/**
	 * Adds a coding suffix to a strong entity tag; weak or malformed tags are returned as they
	 * are.
	 */
	public static String withCoding(String etag, String coding) {
		String opaque = strongOpaque(etag);
		return (opaque != null) ? "\"" + opaque + "-" + coding + "\"" : etag;
	}

	/**
	 * Returns the opaque part of a strong entity tag, or {@code null} for a weak or malformed
	 * one.
	 */
	private static @Nullable String strongOpaque(String etag) {
		String trimmed = etag.trim();
		if (trimmed.length() < 2 || trimmed.charAt(0) != '"' || trimmed.charAt(trimmed.length() - 1) != '"') {
			return null;
		}
		return trimmed.substring(1, trimmed.length() - 1);
	}

	/**
	 * Whether {@code If-None-Match} field values name a strong tag as it is and not with a
	 * coding's suffix, comparing weakly: the client holds the representation sent without that
	 * coding.
	 * @param ifNoneMatch the field values as the client sent them
	 * @param etag the application's tag, or {@code null} if it has none
	 * @param coding the coding
	 * @return whether a strong tag is named as it is only
	 */
	public static boolean namesOnlyAsItIs(List<String> ifNoneMatch, @Nullable String etag, String coding) {
		String opaque = (etag != null) ? strongOpaque(etag) : null;
		if (opaque == null) {
			return false;
		}
		String suffixed = opaque + "-" + coding;
		boolean asItIs = false;
		for (String fieldValue : ifNoneMatch) {
			QuotedTags tags = new QuotedTags(fieldValue);
			while (tags.next()) {
				String listed = tags.opaque();
				if (listed.equals(suffixed)) {
					return false;
				}
				asItIs |= listed.equals(opaque);
			}
		}
		return asItIs;
	}

	/**
	 * Whether a request field is one of the {@link #CONDITIONAL_FIELDS}.
	 * @param fieldName the field's name, in any case
	 * @return {@code true} for {@code If-None-Match} and {@code If-Match}
	 */
	public static boolean isConditional(String fieldName) {
		for (String conditional : CONDITIONAL_FIELDS) {
			if (conditional.equalsIgnoreCase(fieldName)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Removes coding suffixes from the value of one of the {@link #CONDITIONAL_FIELDS}, weak
	 * tags' too for {@code If-None-Match}, which compares weakly.
	 * @param fieldName the field's name, in any case
	 * @param fieldValue the field value, or {@code null}
	 * @param codecs the codecs whose suffixes are removed
	 * @return the field value without suffixes
	 */
	public static @Nullable String withoutCodings(String fieldName, @Nullable String fieldValue,
			Collection<ContentCodec> codecs) {
		return withoutCodings(fieldValue, codecs, HttpHeaders.IF_NONE_MATCH.equalsIgnoreCase(fieldName));
	}

	/**
	 * Removes coding suffixes from the tags of an {@code If-None-Match} or {@code If-Match} field
	 * value: those of the codecs, and those of {@code dcz} and {@code dcb} (with the dictionary's
	 * hash or without), whose codecs exist per dictionary only.
	 * Only strong tags carry a suffix as sent, but {@code If-None-Match} compares weakly (RFC
	 * 9110, section 13.1.2), and a cache or proxy in between may have weakened a suffixed tag
	 * ({@code W/"v1-gzip"}), which then still names the representation.
	 * @param fieldValue the field value, or {@code null}
	 * @param codecs the codecs whose suffixes are removed
	 * @param weakToo whether weak tags lose their suffix as well ({@code If-None-Match})
	 * @return the field value without suffixes
	 */
	public static @Nullable String withoutCodings(@Nullable String fieldValue, Collection<ContentCodec> codecs,
			boolean weakToo) {
		if (fieldValue == null || fieldValue.indexOf('-') == -1) {
			return fieldValue;
		}
		StringBuilder result = new StringBuilder(fieldValue.length());
		int start = 0;
		QuotedTags tags = new QuotedTags(fieldValue);
		while (tags.next()) {
			String opaque = tags.opaque();
			result.append(fieldValue, start, tags.open + 1)
				.append((tags.weak() && !weakToo) ? opaque : stripCoding(opaque, codecs))
				.append('"');
			start = tags.close + 1;
		}
		return result.append(fieldValue.substring(start)).toString();
	}

	private static String stripCoding(String opaque, Collection<ContentCodec> codecs) {
		for (ContentCodec codec : codecs) {
			if (opaque.endsWith("-" + codec.coding())) {
				return opaque.substring(0, opaque.length() - codec.coding().length() - 1);
			}
		}
		for (String dictionaryCoding : DICTIONARY_CODINGS) {
			int suffix = opaque.lastIndexOf("-" + dictionaryCoding + "-");
			if (suffix != -1 && DICTIONARY_TAG.matcher(opaque).region(suffix, opaque.length()).matches()) {
				return opaque.substring(0, suffix);
			}
			if (opaque.endsWith("-" + dictionaryCoding)) {
				return opaque.substring(0, opaque.length() - dictionaryCoding.length() - 1);
			}
		}
		return opaque;
	}

	/**
	 * Walks the quoted tags of a field value in order, ending at the first unclosed quote.
	 */
	private static final class QuotedTags {

		private final String fieldValue;

		private int open = -1;

		private int close = -1;

		QuotedTags(String fieldValue) {
			this.fieldValue = fieldValue;
		}

		boolean next() {
			this.open = this.fieldValue.indexOf('"', this.close + 1);
			this.close = (this.open != -1) ? this.fieldValue.indexOf('"', this.open + 1) : -1;
			return this.close != -1;
		}

		String opaque() {
			return this.fieldValue.substring(this.open + 1, this.close);
		}

		boolean weak() {
			return this.open >= 2 && this.fieldValue.startsWith("W/", this.open - 2);
		}

	}

}
