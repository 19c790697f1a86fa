package io.restcompress.server;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.restcompress.codec.ContentDecodingException;

/**
 * Collects the parameters of {@code application/x-www-form-urlencoded} bytes (a query, then a
 * decoded form body) as Tomcat does with an unencoded form: {@code +} is a space, a percent
 * escape is a byte, and a name or value is the charset's reading of its bytes; a name without
 * {@code =} has an empty value and an empty pair ({@code a=1&&b=2}) is skipped. A pair with an
 * empty name, an escape that is not two hex digits, bytes the charset cannot read, or more
 * parameters than the limit fail the request with 400.
 */
final class FormParameters {

	private final String coding;

	private final int maxParameters;

	private final Map<String, List<String>> parameters = new LinkedHashMap<>();

	private int count;

	/**
	 * @param coding the coding of the body, named in a failure
	 * @param maxParameters the most parameters, the query's included
	 */
	FormParameters(String coding, int maxParameters) {
		this.coding = coding;
		this.maxParameters = maxParameters;
	}

	/**
	 * Adds the parameters of some form-encoded bytes, after those added before.
	 * @param form the bytes
	 * @param charset the charset the names and values are written in
	 * @throws InvalidFormException if a pair is malformed or there are too many
	 */
	void add(byte[] form, Charset charset) throws InvalidFormException {
		int start = 0;
		while (start <= form.length) {
			int end = indexOf(form, (byte) '&', start, form.length);
			if (end < 0) {
				end = form.length;
			}
			if (end > start) {
				addPair(form, start, end, charset);
			}
			start = end + 1;
		}
	}

	private void addPair(byte[] form, int start, int end, Charset charset) throws InvalidFormException {
		if (++this.count > this.maxParameters) {
			throw new InvalidFormException(this.coding,
					"more than " + this.maxParameters + " parameters (restcompress.server.request.max-form-parameters)");
		}
		int equals = indexOf(form, (byte) '=', start, end);
		String name = decode(form, start, (equals >= 0) ? equals : end, charset);
		if (name.isEmpty()) {
			throw new InvalidFormException(this.coding, "a parameter without a name");
		}
		String value = (equals >= 0) ? decode(form, equals + 1, end, charset) : "";
		this.parameters.computeIfAbsent(name, (key) -> new ArrayList<>(1)).add(value);
	}

	private String decode(byte[] form, int start, int end, Charset charset) throws InvalidFormException {
		byte[] bytes = new byte[end - start];
		int length = 0;
		for (int i = start; i < end; i++) {
			byte b = form[i];
			if (b == '%') {
				int high = (i + 2 < end) ? hex(form[i + 1]) : -1;
				int low = (high >= 0) ? hex(form[i + 2]) : -1;
				if (low < 0) {
					throw new InvalidFormException(this.coding, "a percent escape that is not two hex digits");
				}
				bytes[length++] = (byte) ((high << 4) | low);
				i += 2;
			}
			else {
				bytes[length++] = (b == '+') ? (byte) ' ' : b;
			}
		}
		try {
			return charset.newDecoder()
				.onMalformedInput(CodingErrorAction.REPORT)
				.onUnmappableCharacter(CodingErrorAction.REPORT)
				.decode(ByteBuffer.wrap(bytes, 0, length))
				.toString();
		}
		catch (CharacterCodingException ex) {
			throw new InvalidFormException(this.coding, "bytes that are not " + charset.name());
		}
	}

	private static int hex(byte b) {
		if (b >= '0' && b <= '9') {
			return b - '0';
		}
		if (b >= 'a' && b <= 'f') {
			return b - 'a' + 10;
		}
		return (b >= 'A' && b <= 'F') ? b - 'A' + 10 : -1;
	}

	private static int indexOf(byte[] bytes, byte wanted, int from, int to) {
		for (int i = from; i < to; i++) {
			if (bytes[i] == wanted) {
				return i;
			}
		}
		return -1;
	}

	/**
	 * Returns the parameters as {@code ServletRequest.getParameterMap()} gives them.
	 * @return the parameters, unmodifiable, in the order their names first came
	 */
	Map<String, String[]> toMap() {
		Map<String, String[]> map = new LinkedHashMap<>();
		this.parameters.forEach((name, values) -> map.put(name, values.toArray(String[]::new)));
		return Collections.unmodifiableMap(map);
	}

	/**
	 * Thrown when a decoded form cannot be read into parameters; answered with 400 naming the
	 * coding of its body.
	 */
	static final class InvalidFormException extends ContentDecodingException {

		InvalidFormException(String coding, String problem) {
			super(coding, "Invalid form parameters (of the query and the decoded " + coding + " body): " + problem,
					null);
		}

	}

}
