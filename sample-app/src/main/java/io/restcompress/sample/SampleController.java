package io.restcompress.sample;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import io.restcompress.LzfCompressed;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.DigestUtils;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

import static org.springframework.http.HttpStatus.BAD_REQUEST;

/**
 * The sample endpoints: a large fixed document (with an entity tag), generated documents, a
 * tiny response, an echo of the request body and a streamed response.
 */
@RestController
@RequestMapping("/api")
public class SampleController {

	private static final int MAX_ENTRIES = 100_000;

	private final JsonMapper mapper;

	private final byte[] document;

	private final String documentTag;

	private final StreamPacing streamPacing;

	public SampleController(JsonMapper mapper, StreamPacing streamPacing) {
		this.mapper = mapper;
		this.streamPacing = streamPacing;
		this.document = mapper.writeValueAsBytes(EntryGenerator.generate(10_000, 42));
		this.documentTag = "\"" + HexFormat.of().formatHex(DigestUtils.md5Digest(this.document)) + "\"";
	}

	@LzfCompressed
	@GetMapping("/static")
	ResponseEntity<byte[]> staticDocument() {
		return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).eTag(this.documentTag).body(this.document);
	}

	@GetMapping("/uncompressed/static")
	ResponseEntity<byte[]> uncompressedStaticDocument() {
		return staticDocument();
	}

	@LzfCompressed
	@GetMapping("/complex/{count}")
	List<Entry> complex(@PathVariable int count) {
		if (count < 0 || count > MAX_ENTRIES) {
			throw new ResponseStatusException(BAD_REQUEST, "count must be between 0 and " + MAX_ENTRIES);
		}
		return EntryGenerator.generate(count, ThreadLocalRandom.current().nextLong());
	}

	@LzfCompressed
	@GetMapping(path = "/ping", produces = MediaType.TEXT_PLAIN_VALUE)
	String ping() {
		return "pong";
	}

	@LzfCompressed
	@PostMapping("/echo")
	ResponseEntity<byte[]> echo(@RequestBody(required = false) byte[] body,
			@RequestHeader(name = HttpHeaders.CONTENT_TYPE, required = false) MediaType contentType) {
		return ResponseEntity.ok()
			.contentType((contentType != null) ? contentType : MediaType.APPLICATION_OCTET_STREAM)
			.body((body != null) ? body : new byte[0]);
	}

	@LzfCompressed
	@GetMapping("/stream")
	ResponseEntity<StreamingResponseBody> stream() {
		return ResponseEntity.ok().contentType(MediaType.APPLICATION_NDJSON).body((output) -> {
			List<Entry> entries = EntryGenerator.generate(40, 7);
			for (int line = 0; line < entries.size(); line++) {
				output.write(this.mapper.writeValueAsBytes(entries.get(line)));
				output.write("\n".getBytes(StandardCharsets.UTF_8));
				output.flush();
				try {
					this.streamPacing.afterLine(line);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return;
				}
			}
		});
	}

}
