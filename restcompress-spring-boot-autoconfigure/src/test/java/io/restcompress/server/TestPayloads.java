package io.restcompress.server;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Payloads generated from a fixed seed.
 */
final class TestPayloads {

	private TestPayloads() {
	}

	/**
	 * Returns a JSON array of exactly {@code size} bytes.
	 */
	static byte[] json(int size) {
		SplittableRandom random = new SplittableRandom(size);
		StringBuilder json = new StringBuilder(size + 200).append('[');
		for (int i = 0; json.length() < size - 2; i++) {
			if (i > 0) {
				json.append(',');
			}
			json.append("{\"id\":").append(i).append(",\"name\":\"user-").append(random.nextInt(500))
				.append("\",\"active\":").append(random.nextBoolean()).append('}');
		}
		json.setLength(Math.min(json.length(), size - 1));
		while (json.length() < size - 1) {
			json.append(' ');
		}
		return json.append(']').toString().getBytes(StandardCharsets.US_ASCII);
	}

	/**
	 * Returns {@code size} random hexadecimal digits, text that every coding shrinks little.
	 */
	static byte[] hex(SplittableRandom random, int size) {
		byte[] digits = new byte[size];
		for (int i = 0; i < size; i++) {
			digits[i] = (byte) Character.forDigit(random.nextInt(16), 16);
		}
		return digits;
	}

}
