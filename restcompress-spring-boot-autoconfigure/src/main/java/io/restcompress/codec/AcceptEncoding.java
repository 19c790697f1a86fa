package io.restcompress.codec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * A parsed {@code Accept-Encoding} field (RFC 9110 §12.5.3) and the selection of a content
 * coding from it.
 * <p>
 * Codings are matched case-insensitively; {@code q=0} excludes a coding; {@code *} matches
 * registered codings that are not listed (non-standard ones such as {@code lzf} must be named);
 * the highest weight wins and ties go to the server's preference order; an explicitly preferred
 * {@code identity} wins over codings with a lower weight. A coding listed more than once (or
 * under an alias, {@code x-gzip} for {@code gzip}) takes its highest weight, unless one of them
 * is {@code q=0}, which wins. A malformed weight ({@code q=2}, {@code q=}, {@code q=abc}) or
 * an element with more than one weight ({@code gzip;q=0;q=1}) excludes its coding as
 * {@code q=0} does; an element whose coding is not a token is ignored.
 * Parameters other than {@code q}, which the field's grammar does not have, and spaces around
 * the {@code =} of a weight are tolerated, and a comma or semicolon inside a quoted string ends
 * neither an element nor a parameter. An absent field selects no coding.
 */
public final class AcceptEncoding {

	private static final AcceptEncoding ABSENT = new AcceptEncoding(List.of(), false);

	private static final int NOT_LISTED = -1;

	private static final Pattern QVALUE = Pattern.compile("0(\\.[0-9]{0,3})?|1(\\.0{0,3})?");

	private final List<Element> elements;

	private final boolean present;

	private AcceptEncoding(List<Element> elements, boolean present) {
		this.elements = elements;
		this.present = present;
	}

	/**
	 * Parses the values of every {@code Accept-Encoding} field of a message.
	 * @param values the field values, empty when the field is absent
	 * @return the parsed field
	 */
	public static AcceptEncoding parse(Iterable<String> values) {
		List<Element> elements = new ArrayList<>();
		boolean present = false;
		for (String value : values) {
			present = true;
			for (String member : HeaderTokens.splitList(value)) {
				Element element = Element.parse(member);
				if (element != null) {
					elements.add(element);
				}
			}
		}
		return present ? new AcceptEncoding(Collections.unmodifiableList(elements), true) : ABSENT;
	}

	/**
	 * Parses a single field value.
	 * @param value the value, or {@code null} when the field is absent
	 * @return the parsed field
	 */
	public static AcceptEncoding parse(@Nullable String value) {
		return (value != null) ? parse(List.of(value)) : ABSENT;
	}

	/**
	 * Whether the message had an {@code Accept-Encoding} field.
	 * @return {@code true} if the field was present, even if empty
	 */
	public boolean isPresent() {
		return this.present;
	}

	/**
	 * Returns the weight the field gives to a codec, matching its token and aliases and, for a
	 * registered coding, the wildcard.
	 * @param codec the codec
	 * @return the weight in thousandths, 0 if not acceptable
	 */
	public int weightOf(ContentCodec codec) {
		int weight = explicitWeight(codec.coding());
		for (String alias : codec.aliases()) {
			int aliasWeight = explicitWeight(alias);
			weight = (weight == 0 || aliasWeight == 0) ? 0 : Math.max(weight, aliasWeight);
		}
		if (weight != NOT_LISTED) {
			return weight;
		}
		int wildcard = explicitWeight("*");
		return (codec.registered() && wildcard != NOT_LISTED) ? wildcard : 0;
	}

	/**
	 * Selects the coding to use from candidates in the server's order of preference.
	 * @param candidates the enabled codecs, most preferred first
	 * @return the selected codec, or empty for identity
	 */
	public Optional<ContentCodec> select(List<ContentCodec> candidates) {
		if (!this.present) {
			return Optional.empty();
		}
		ContentCodec best = null;
		int bestWeight = 0;
		for (ContentCodec candidate : candidates) {
			int weight = weightOf(candidate);
			if (weight > bestWeight) {
				best = candidate;
				bestWeight = weight;
			}
		}
		if (best == null || explicitWeight("identity") > bestWeight) {
			return Optional.empty();
		}
		return Optional.of(best);
	}

	/**
	 * Whether the field lets the representation be sent without a coding: unless it names
	 * {@code identity} with weight 0, or gives {@code *} weight 0 without naming {@code identity}
	 * (RFC 9110, section 12.5.3).
	 * @return {@code true} if identity is acceptable
	 */
	public boolean acceptsIdentity() {
		int identity = explicitWeight("identity");
		if (identity != NOT_LISTED) {
			return identity > 0;
		}
		return explicitWeight("*") != 0;
	}

	private int explicitWeight(String coding) {
		int weight = NOT_LISTED;
		for (Element element : this.elements) {
			if (element.coding.equals(coding)) {
				if (element.weight == 0) {
					return 0;
				}
				weight = Math.max(weight, element.weight);
			}
		}
		return weight;
	}

	@Override
	public String toString() {
		return this.present ? this.elements.toString() : "(absent)";
	}

	private record Element(String coding, int weight) {

		/**
		 * Parses one element; a malformed weight, or more than one, excludes the coding, as
		 * {@code q=0} would.
		 */
		static @Nullable Element parse(String member) {
			List<String> parts = HeaderTokens.splitOutsideQuotes(member, ';');
			String coding = HeaderTokens.trimWhitespace(parts.get(0));
			if (!HeaderTokens.isToken(coding)) {
				return null;
			}
			int weight = 1000;
			boolean weighted = false;
			for (String parameter : parts.subList(1, parts.size())) {
				int equals = parameter.indexOf('=');
				String name = HeaderTokens.trimWhitespace((equals != -1) ? parameter.substring(0, equals) : parameter);
				if (name.equalsIgnoreCase("q")) {
					boolean repeated = weighted;
					weighted = true;
					weight = (equals != -1) ? parseQValue(HeaderTokens.trimWhitespace(parameter.substring(equals + 1)))
							: NOT_LISTED;
					if (weight == NOT_LISTED || repeated) {
						return new Element(coding.toLowerCase(Locale.ROOT), 0);
					}
				}
			}
			return new Element(coding.toLowerCase(Locale.ROOT), weight);
		}

		static int parseQValue(String value) {
			if (!QVALUE.matcher(value).matches()) {
				return NOT_LISTED;
			}
			if (value.charAt(0) == '1') {
				return 1000;
			}
			String fraction = (value.length() > 2) ? value.substring(2) : "";
			return fraction.isEmpty() ? 0 : Integer.parseInt((fraction + "00").substring(0, 3));
		}

		@Override
		public String toString() {
			return this.coding + ";q=" + (this.weight / 1000.0);
		}

	}

}
