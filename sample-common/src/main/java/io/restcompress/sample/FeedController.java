package io.restcompress.sample;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;

import io.restcompress.dictionary.DictionaryCompressed;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

import static org.springframework.http.HttpStatus.BAD_REQUEST;

/**
 * A polled document (about 1.8 MB of JSON) whose versions differ in a few entries, marked as a
 * compression dictionary (RFC 9842) for itself: a client that has one version gets the next in
 * {@code dcz}. {@code ?version=n} asks for a given version; without it the version advances
 * every 30 seconds, which is also how long a response is fresh (browsers keep a dictionary
 * only while it is fresh). {@code /api/bulletin} is the same document wrapped in an object,
 * a dictionary sent in {@code dcb} (brotli) instead.
 */
@RestController
@RequestMapping("/api")
public class FeedController {

	private static final int MAX_VERSION = 1000;

	private static final Duration PERIOD = Duration.ofSeconds(30);

	private final JsonMapper mapper;

	private final Clock clock = Clock.systemUTC();

	public FeedController(JsonMapper mapper) {
		this.mapper = mapper;
	}

	@DictionaryCompressed(match = "/api/feed*", id = "feed")
	@GetMapping("/feed")
	ResponseEntity<byte[]> feed(@RequestParam(required = false) Integer version, @RequestHeader HttpHeaders request) {
		int selected = selected(version);
		return fresh(request, "feed-" + selected, () -> FeedVersions.entries(selected));
	}

	@DictionaryCompressed(match = "/api/bulletin*", id = "bulletin", encodings = "dcb")
	@GetMapping("/bulletin")
	ResponseEntity<byte[]> bulletin(@RequestParam(required = false) Integer version,
			@RequestHeader HttpHeaders request) {
		int selected = selected(version);
		return fresh(request, "bulletin-" + selected, () -> Map.of("entries", FeedVersions.entries(selected)));
	}

	private int selected(@Nullable Integer version) {
		int selected = (version != null) ? version
				: (int) ((this.clock.millis() / PERIOD.toMillis()) % MAX_VERSION);
		if (selected < 0 || selected > MAX_VERSION) {
			throw new ResponseStatusException(BAD_REQUEST, "version must be between 0 and " + MAX_VERSION);
		}
		return selected;
	}

	private ResponseEntity<byte[]> fresh(HttpHeaders request, String tag, Supplier<Object> content) {
		HttpHeaders representation = new HttpHeaders();
		representation.setCacheControl(CacheControl.maxAge(PERIOD));
		representation.setContentType(MediaType.APPLICATION_JSON);
		representation.setETag("\"" + tag + "\"");
		return EntityTagPreconditions.respond(request, representation,
				() -> this.mapper.writeValueAsBytes(content.get()));
	}

}
