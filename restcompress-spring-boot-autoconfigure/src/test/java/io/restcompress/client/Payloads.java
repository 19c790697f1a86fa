package io.restcompress.client;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Deterministic JSON documents of a given size, compressible like real API payloads.
 */
final class Payloads {

	private Payloads() {
	}

	static byte[] json(int size) {
		return json(size, 42);
	}

	static byte[] json(int size, long seed) {
		SplittableRandom random = new SplittableRandom(seed);
		StringBuilder json = new StringBuilder(size + 128).append('[');
		int id = 0;
		while (json.length() < size) {
			json.append("{\"id\":").append(id++)
				.append(",\"date\":\"2024-0").append(1 + random.nextInt(9)).append('-').append(10 + random.nextInt(18))
				.append("\",\"login\":\"user").append(random.nextInt(100_000))
				.append("\",\"boolean\":").append(random.nextBoolean())
				.append(",\"someId\":").append(random.nextLong(1_000_000_000L)).append("},");
		}
		byte[] bytes = json.toString().getBytes(StandardCharsets.US_ASCII);
		byte[] exact = new byte[size];
		System.arraycopy(bytes, 0, exact, 0, size);
		return exact;
	}

}
