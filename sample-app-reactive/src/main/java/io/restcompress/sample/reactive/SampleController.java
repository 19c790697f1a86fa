package io.restcompress.sample.reactive;

import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import io.restcompress.LzfCompressed;
import io.restcompress.sample.Entry;
import io.restcompress.sample.EntryGenerator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.util.DigestUtils;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

import static org.springframework.http.HttpStatus.BAD_REQUEST;
import static org.springframework.http.HttpStatus.CONTENT_TOO_LARGE;

/**
 * The sample endpoints: a large fixed document (with an entity tag), generated documents, a
 * tiny response, an echo of the request body (read whole before the answer, as the servlet
 * sample does) and a streamed response.
 */
@RestController
@RequestMapping("/api")
public class SampleController {

	private static final int MAX_ENTRIES = 100_000;

	private static final int MAX_ECHO_BYTES = 64 * 1024 * 1024;

	private final byte[] document;

	private final String documentTag;

	public SampleController(JsonMapper mapper) {
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
	Mono<ResponseEntity<DataBuffer>> echo(ServerHttpRequest request) {
		MediaType contentType = request.getHeaders().getContentType();
		return DataBufferUtils.join(request.getBody(), MAX_ECHO_BYTES)
			.onErrorMap(DataBufferLimitException.class,
					(ex) -> new ResponseStatusException(CONTENT_TOO_LARGE, "at most " + MAX_ECHO_BYTES + " bytes"))
			.defaultIfEmpty(DefaultDataBufferFactory.sharedInstance.allocateBuffer(0))
			.map((body) -> ResponseEntity.ok()
				.contentType((contentType != null) ? contentType : MediaType.APPLICATION_OCTET_STREAM)
				.body(body));
	}

	@LzfCompressed
	@GetMapping(path = "/stream", produces = MediaType.APPLICATION_NDJSON_VALUE)
	Flux<Entry> stream() {
		return Flux.fromIterable(EntryGenerator.generate(40, 7)).delayElements(Duration.ofMillis(50));
	}

}
