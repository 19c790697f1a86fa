package io.restcompress.sample;

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
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

import static org.springframework.http.HttpStatus.BAD_REQUEST;

/**
 * The endpoints both sample apps serve the same way on Spring MVC and WebFlux: the large fixed
 * document (with a strong entity tag, and conditional requests answered by
 * {@link EntityTagPreconditions}) and its unannotated copy, generated documents, and a response
 * below the threshold.
 */
@RestController
@RequestMapping("/api")
public class DocumentController {

	private static final int MAX_ENTRIES = 100_000;

	private final byte[] document;

	private final String documentTag;

	public DocumentController(JsonMapper mapper) {
		this.document = mapper.writeValueAsBytes(EntryGenerator.generate(10_000, 42));
		this.documentTag = "\"" + HexFormat.of().formatHex(DigestUtils.md5Digest(this.document)) + "\"";
	}

	/**
	 * The fixed document that {@code /api/static} serves, for copies of it served elsewhere.
	 * @return the document's bytes, not to be modified
	 */
	public byte[] document() {
		return this.document;
	}

	@LzfCompressed
	@GetMapping("/static")
	ResponseEntity<byte[]> staticDocument(@RequestHeader HttpHeaders request) {
		HttpHeaders representation = new HttpHeaders();
		representation.setContentType(MediaType.APPLICATION_JSON);
		representation.setETag(this.documentTag);
		return EntityTagPreconditions.respond(request, representation, () -> this.document);
	}

	@GetMapping("/uncompressed/static")
	ResponseEntity<byte[]> uncompressedStaticDocument(@RequestHeader HttpHeaders request) {
		return staticDocument(request);
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

}
