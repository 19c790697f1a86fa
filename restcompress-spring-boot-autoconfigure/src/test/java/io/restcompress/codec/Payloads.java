package io.restcompress.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

/**
 * Deterministic test bodies shaped like REST traffic.
 */
final class Payloads {

	private Payloads() {
	}

	static byte[] json(int size) {
		Random random = new Random(size);
		StringBuilder text = new StringBuilder(size + 200).append('[');
		for (int i = 0; text.length() < size; i++) {
			text.append("{\"id\":").append(i).append(",\"login\":\"user").append(random.nextInt(5000))
				.append("\",\"active\":").append(random.nextBoolean()).append(",\"score\":")
				.append(random.nextInt(100_000)).append(",\"date\":\"2024-0").append(1 + random.nextInt(9))
				.append("-1").append(random.nextInt(10)).append("\"},");
		}
		return Arrays.copyOf(text.toString().getBytes(StandardCharsets.UTF_8), size);
	}

	static byte[] xml(int size) {
		Random random = new Random(size + 1);
		StringBuilder text = new StringBuilder(size + 200).append("<entries>");
		for (int i = 0; text.length() < size; i++) {
			text.append("<entry id=\"").append(i).append("\"><login>user").append(random.nextInt(5000))
				.append("</login><score>").append(random.nextInt(100_000)).append("</score></entry>");
		}
		return Arrays.copyOf(text.toString().getBytes(StandardCharsets.UTF_8), size);
	}

	static byte[] random(int size) {
		byte[] bytes = new byte[size];
		new Random(size + 2).nextBytes(bytes);
		return bytes;
	}

}
