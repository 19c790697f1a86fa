package io.restcompress.sample.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import io.restcompress.sample.EntryGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Small JSON bodies of one shape for the dictionary benchmarks: the records of a real REST
 * response, or generated ones. The same on the server (which serves them) and the client (which
 * checks them).
 */
public final class RecordSource {

	/** The smallest record kept, in bytes. */
	public static final int MIN_SIZE = 500;

	/** The largest record kept, in bytes. */
	public static final int MAX_SIZE = 4096;

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private RecordSource() {
	}

	/**
	 * Loads the records a source names.
	 * @param source {@code generated}, or the path of a JSON file
	 * @return the records
	 * @throws IOException if the file cannot be read
	 */
	public static List<byte[]> load(String source) throws IOException {
		return "generated".equals(source) ? generated(2000, 1) : records(Path.of(source), new HashSet<>());
	}

	/**
	 * The records of {@value #MIN_SIZE} to {@value #MAX_SIZE} bytes in a JSON file's first array
	 * of more than five elements (breadth first), as compact JSON, leaving out those already seen.
	 * @param file the JSON file
	 * @param seen the records seen so far, as text; the new ones are added
	 * @return the records, in the file's order
	 * @throws IOException if the file cannot be read
	 */
	public static List<byte[]> records(Path file, Set<String> seen) throws IOException {
		Deque<JsonNode> pending = new ArrayDeque<>(List.of(MAPPER.readTree(file.toFile())));
		while (!pending.isEmpty()) {
			JsonNode node = pending.poll();
			if (node.isArray() && node.size() > 5) {
				List<byte[]> records = new ArrayList<>();
				for (JsonNode element : node) {
					byte[] record = MAPPER.writeValueAsBytes(element);
					if (record.length >= MIN_SIZE && record.length <= MAX_SIZE
							&& seen.add(new String(record, StandardCharsets.UTF_8))) {
						records.add(record);
					}
				}
				return records;
			}
			node.forEach(pending::add);
		}
		return List.of();
	}

	/**
	 * Generated bodies of one shape, 3 to 23 sample entries each (about 0.5 to 4 KB), the same
	 * for a seed.
	 * @param count how many
	 * @param seed the seed
	 * @return the bodies
	 */
	public static List<byte[]> generated(int count, long seed) {
		SplittableRandom random = new SplittableRandom(seed);
		List<byte[]> bodies = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			bodies.add(MAPPER.writeValueAsBytes(EntryGenerator.generate(random.nextInt(3, 24), random.nextLong())));
		}
		return bodies;
	}

}
