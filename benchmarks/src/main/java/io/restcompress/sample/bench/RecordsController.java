package io.restcompress.sample.bench;

import java.io.IOException;
import java.util.List;

import io.restcompress.dictionary.DictionaryCompressed;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * Serves small records of one shape at {@code /bench/records/{index}} as samples for a trained
 * dictionary ({@code @DictionaryCompressed(trained = true)}), when {@code bench.records} names
 * their source ({@link RecordSource#load}). Not part of the sample app: the dictionary
 * benchmark adds it with {@code loader.path}.
 */
@RestController
@ConditionalOnProperty("bench.records")
class RecordsController {

	private final List<byte[]> records;

	RecordsController(@Value("${bench.records}") String source) throws IOException {
		this.records = RecordSource.load(source);
	}

	@DictionaryCompressed(match = "/bench/records/*", trained = true)
	@GetMapping("/bench/records/{index}")
	ResponseEntity<byte[]> record(@PathVariable int index) {
		if (index < 0 || index >= this.records.size()) {
			return ResponseEntity.notFound().build();
		}
		return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(this.records.get(index));
	}

}
