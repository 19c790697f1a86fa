package io.restcompress.codec;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Test bodies generated from a fixed seed: JSON and XML documents like the sample app's, and
 * random (incompressible) bytes. Each kind is generated once, {@link #MAX_SIZE} long, and cut to
 * the size a test asks for.
 */
enum Payload {

	JSON(() -> text(Payload::appendJsonEntry, "[", "]")),

	XML(() -> text(Payload::appendXmlEntry, "<entries>", "</entries>")),

	RANDOM(Payload::randomBytes);

	static final int MAX_SIZE = 5 * 1024 * 1024;

	private static final long SEED = 20240611L;

	private static final long EPOCH = Instant.parse("2024-01-01T00:00:00Z").getEpochSecond();

	private final Supplier<byte[]> generator;

	private byte[] bytes;

	Payload(Supplier<byte[]> generator) {
		this.generator = generator;
	}

	/**
	 * Returns the first {@code size} bytes of this kind of payload.
	 */
	synchronized byte[] bytes(int size) {
		if (this.bytes == null) {
			this.bytes = this.generator.get();
		}
		return Arrays.copyOf(this.bytes, size);
	}

	private static byte[] text(EntryWriter entry, String start, String end) {
		Random random = new Random(SEED);
		StringBuilder text = new StringBuilder(MAX_SIZE + 256).append(start);
		for (int id = 1; text.length() < MAX_SIZE; id++) {
			entry.append(text, id, random);
		}
		return text.append(end).toString().getBytes(StandardCharsets.UTF_8);
	}

	private static void appendJsonEntry(StringBuilder json, int id, Random random) {
		json.append((id > 1) ? ",\n" : "\n")
			.append("  {\"id\":")
			.append(id)
			.append(",\"date\":\"")
			.append(Instant.ofEpochSecond(EPOCH + random.nextInt(365 * 24 * 3600)))
			.append("\",\"login\":\"user")
			.append(random.nextInt(100_000))
			.append("\",\"boolean\":")
			.append(random.nextBoolean())
			.append(",\"someId\":")
			.append(random.nextLong())
			.append('}');
	}

	private static void appendXmlEntry(StringBuilder xml, int id, Random random) {
		xml.append("\n  <entry id=\"")
			.append(id)
			.append("\"><date>")
			.append(Instant.ofEpochSecond(EPOCH + random.nextInt(365 * 24 * 3600)))
			.append("</date><login>user")
			.append(random.nextInt(100_000))
			.append("</login><active>")
			.append(random.nextBoolean())
			.append("</active><someId>")
			.append(random.nextLong())
			.append("</someId></entry>");
	}

	private static byte[] randomBytes() {
		byte[] bytes = new byte[MAX_SIZE];
		new Random(SEED).nextBytes(bytes);
		return bytes;
	}

	@FunctionalInterface
	private interface EntryWriter {

		void append(StringBuilder text, int id, Random random);

	}

}
