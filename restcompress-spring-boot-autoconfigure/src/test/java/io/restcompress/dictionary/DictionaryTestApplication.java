package io.restcompress.dictionary;

import java.nio.charset.StandardCharsets;

import io.restcompress.LzfCompressed;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * A servlet application with a polled resource whose versions differ slightly, marked as a
 * dictionary for itself, another with its own pattern, and one that is not a dictionary.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(DictionaryTestApplication.Versions.class)
public class DictionaryTestApplication {

	@RestController
	public static class Versions {

		public volatile int version = 1;

		public volatile String availableDictionary;

		public static byte[] document(int version) {
			StringBuilder json = new StringBuilder("[");
			for (int i = 0; i < 20_000; i++) {
				int changed = (i % 1000 == 0) ? version : 1;
				json.append("{\"id\":").append(i).append(",\"login\":\"user").append(i % 97)
					.append("@example.com\",\"version\":").append(changed).append("},");
			}
			return json.append("{}]").toString().getBytes(StandardCharsets.UTF_8);
		}

		@DictionaryCompressed(match = "/api/feed*", id = "feed")
		@GetMapping("/api/feed")
		ResponseEntity<byte[]> feed(@RequestHeader(name = "Available-Dictionary", required = false) String available) {
			this.availableDictionary = available;
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).eTag("\"v" + this.version + "\"")
				.body(document(this.version));
		}

		@DictionaryCompressed(match = "/api/excluded/feed*")
		@GetMapping("/api/excluded/feed")
		ResponseEntity<byte[]> excludedFeed() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(document(this.version));
		}

		@DictionaryCompressed(match = "/api/catalog*", encodings = "dcb")
		@GetMapping("/api/catalog")
		ResponseEntity<byte[]> catalog() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).eTag("\"c" + this.version + "\"")
				.body(document(this.version + 100));
		}

		@DictionaryCompressed(match = "/api/orders*")
		@GetMapping("/api/orders")
		ResponseEntity<byte[]> orders() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(document(3));
		}

		/**
		 * Bodies of one shape, about 5 KB, the same for the same number.
		 */
		public static byte[] smallBody(int n) {
			StringBuilder json = new StringBuilder("{\"order\":").append(n).append(",\"lines\":[");
			for (int i = 0; i < 70; i++) {
				json.append("{\"sku\":\"article-").append((n * 31 + i * 7) % 500).append("\",\"quantity\":")
					.append((n + i) % 9 + 1).append(",\"warehouse\":\"central-distribution-center\"},");
			}
			return json.append("{}]}").toString().getBytes(StandardCharsets.UTF_8);
		}

		@DictionaryCompressed(match = "/api/small/*", trained = true)
		@GetMapping("/api/small/{n}")
		ResponseEntity<byte[]> small(@PathVariable int n) {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(smallBody(n));
		}

		@LzfCompressed
		@GetMapping("/api/plain")
		ResponseEntity<byte[]> plain() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(document(1));
		}

	}

}
