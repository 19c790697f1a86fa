package io.restcompress.sample.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link RecordSource}.
 */
class RecordSourceTests {

	@TempDir
	Path directory;

	@Test
	void takesTheRecordsOfTheFirstLargeArrayWithinTheSizeBoundsAndSkipsThoseSeen() throws IOException {
		String padding = "x".repeat(600);
		StringBuilder json = new StringBuilder("{\"count\":8,\"small\":[1,2],\"result\":{\"items\":[");
		for (int i = 0; i < 8; i++) {
			json.append(i > 0 ? "," : "").append("{\"id\":").append(i % 7).append(",\"text\":\"").append(padding)
				.append("\"}");
		}
		json.append(",{\"id\":99}]}}");
		Path file = this.directory.resolve("items.json");
		Files.writeString(file, json, StandardCharsets.UTF_8);
		Set<String> seen = new HashSet<>();
		List<byte[]> records = RecordSource.records(file, seen);
		assertThat(records).hasSize(7);
		assertThat(new String(records.get(0), StandardCharsets.UTF_8)).startsWith("{\"id\":0,\"text\":\"xxx");
		assertThat(RecordSource.records(file, seen)).isEmpty();
	}

	@Test
	void generatesTheSameBodiesOfOneShapeForASeed() {
		List<byte[]> bodies = RecordSource.generated(50, 7);
		assertThat(bodies).hasSize(50)
			.allSatisfy((body) -> assertThat(body.length).isBetween(RecordSource.MIN_SIZE / 2, RecordSource.MAX_SIZE * 2));
		assertThat(RecordSource.generated(50, 7).get(10)).isEqualTo(bodies.get(10));
	}

}
