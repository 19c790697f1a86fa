package io.restcompress.websocket;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

/**
 * One element of a {@code Sec-WebSocket-Extensions} field (RFC 6455, section 9.1): an
 * extension's name and its parameters in the order written, free of any engine's API so that
 * every engine's negotiation reads offers the same way.
 *
 * @param name the extension's token
 * @param parameters its parameters, a quoted value unquoted (which RFC 6455 requires to be a
 * token then)
 */
record ExtensionOffer(String name, List<Parameter> parameters) {

	ExtensionOffer {
		parameters = List.copyOf(parameters);
	}

	/**
	 * Reads the elements of one or more {@code Sec-WebSocket-Extensions} fields, in order. Empty
	 * list elements are skipped, as RFC 9110's list rule allows.
	 * @param fieldValues the fields' values
	 * @return the offers
	 * @throws IllegalArgumentException if a value is not written as RFC 6455 specifies
	 */
	static List<ExtensionOffer> parse(List<String> fieldValues) {
		List<ExtensionOffer> offers = new ArrayList<>();
		for (String value : fieldValues) {
			new Reader(value).readInto(offers);
		}
		return offers;
	}

	/**
	 * Rewrites {@code Sec-WebSocket-Extensions} fields so that every engine's parser can read
	 * them: each field that is written as RFC 6455 specifies, with its quoted values unquoted;
	 * a malformed field is left out, as a field that offers nothing. A permessage-deflate offer
	 * that repeats a parameter is left out too, as RFC 7692 §7 has the server decline it: Jetty
	 * would merge the repeats while parsing and accept the offer.
	 * @param fieldValues the fields' values
	 * @return the well-formed fields, rewritten
	 */
	static List<String> wellFormed(List<String> fieldValues) {
		List<String> fields = new ArrayList<>(fieldValues.size());
		for (String value : fieldValues) {
			List<ExtensionOffer> offers = parseField(value).stream()
				.filter((offer) -> !offer.isPerMessageDeflate() || !offer.repeatsAParameter())
				.toList();
			if (!offers.isEmpty()) {
				fields.add(offers.stream().map(ExtensionOffer::format).collect(Collectors.joining(", ")));
			}
		}
		return fields;
	}

	private boolean isPerMessageDeflate() {
		return PerMessageDeflatePolicy.NAME.equalsIgnoreCase(this.name);
	}

	private boolean repeatsAParameter() {
		return this.parameters.stream().map(Parameter::name).distinct().count() < this.parameters.size();
	}

	/**
	 * Reads the offers of each field, leaving out a field that is not written as RFC 6455
	 * specifies, so that one malformed field does not decline the offers of the others.
	 * @param fieldValues the fields' values
	 * @return the offers of the well-formed fields, in order
	 */
	static List<ExtensionOffer> parseWellFormed(List<String> fieldValues) {
		List<ExtensionOffer> offers = new ArrayList<>();
		for (String value : fieldValues) {
			offers.addAll(parseField(value));
		}
		return offers;
	}

	private static List<ExtensionOffer> parseField(String value) {
		try {
			return parse(List.of(value));
		}
		catch (IllegalArgumentException ex) {
			return List.of();
		}
	}

	/**
	 * Writes this offer as a list element: {@code name; param; param=value}.
	 * @return the element
	 */
	String format() {
		return this.name + this.parameters.stream()
			.map((parameter) -> "; " + parameter.name() + ((parameter.value() != null) ? "=" + parameter.value() : ""))
			.collect(Collectors.joining());
	}

	/**
	 * Returns the element without the parameters of a name.
	 * @param parameterName the parameter's name
	 * @return the element without them
	 */
	ExtensionOffer without(String parameterName) {
		return new ExtensionOffer(this.name,
				this.parameters.stream().filter((parameter) -> !parameter.name().equals(parameterName)).toList());
	}

	/**
	 * One parameter of an extension.
	 *
	 * @param name its token
	 * @param value its value, {@code null} when it has none
	 */
	record Parameter(String name, @Nullable String value) {
	}

	private static final class Reader {

		private static final String TOKEN_SYMBOLS = "!#$%&'*+-.^_`|~";

		private final String value;

		private int position;

		Reader(String value) {
			this.value = value;
		}

		void readInto(List<ExtensionOffer> offers) {
			while (true) {
				skipWhitespace();
				if (atEnd()) {
					return;
				}
				if (!skip(',')) {
					offers.add(new ExtensionOffer(token("an extension name"), parameters()));
					skipWhitespace();
					if (!atEnd() && !skip(',')) {
						throw malformed("a comma between extensions");
					}
				}
			}
		}

		private List<Parameter> parameters() {
			List<Parameter> parameters = new ArrayList<>(2);
			skipWhitespace();
			while (skip(';')) {
				skipWhitespace();
				String name = token("a parameter name");
				skipWhitespace();
				String parameterValue = null;
				if (skip('=')) {
					skipWhitespace();
					parameterValue = (!atEnd() && peek() == '"') ? quotedString() : token("a parameter value");
					skipWhitespace();
				}
				parameters.add(new Parameter(name, parameterValue));
			}
			return parameters;
		}

		private String token(String what) {
			int start = this.position;
			while (!atEnd() && isTokenChar(peek())) {
				this.position++;
			}
			if (start == this.position) {
				throw malformed(what);
			}
			return this.value.substring(start, this.position);
		}

		private String quotedString() {
			StringBuilder unquoted = new StringBuilder();
			this.position++;
			while (!atEnd()) {
				char c = this.value.charAt(this.position++);
				if (c == '"') {
					if (unquoted.isEmpty() || !unquoted.chars().allMatch((u) -> isTokenChar((char) u))) {
						throw malformed("a quoted value that is a token");
					}
					return unquoted.toString();
				}
				if (c == '\\') {
					if (atEnd()) {
						break;
					}
					c = this.value.charAt(this.position++);
				}
				unquoted.append(c);
			}
			throw malformed("the end of a quoted value");
		}

		private static boolean isTokenChar(char c) {
			return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
					|| TOKEN_SYMBOLS.indexOf(c) >= 0;
		}

		private void skipWhitespace() {
			while (!atEnd() && (peek() == ' ' || peek() == '\t')) {
				this.position++;
			}
		}

		private boolean skip(char c) {
			if (!atEnd() && peek() == c) {
				this.position++;
				return true;
			}
			return false;
		}

		private char peek() {
			return this.value.charAt(this.position);
		}

		private boolean atEnd() {
			return this.position >= this.value.length();
		}

		private IllegalArgumentException malformed(String expected) {
			return new IllegalArgumentException(
					"Expected " + expected + " at index " + this.position + " of Sec-WebSocket-Extensions: " + this.value);
		}

	}

}
