package io.restcompress.sample.reactive;

import java.time.Duration;

import io.restcompress.LzfCompressed;
import io.restcompress.sample.EchoContentType;
import io.restcompress.sample.Entry;
import io.restcompress.sample.EntryGenerator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

import static org.springframework.http.HttpStatus.CONTENT_TOO_LARGE;

/**
 * The sample endpoints that differ from the servlet sample's in their WebFlux types: an echo
 * of the request body (read whole before the answer, as the servlet sample does) and a
 * streamed response. The others are sample-common's {@code DocumentController} and
 * {@code FeedController}.
 */
@RestController
@RequestMapping("/api")
public class SampleController {

	private static final int MAX_ECHO_BYTES = 64 * 1024 * 1024;

	@LzfCompressed
	@PostMapping("/echo")
	Mono<ResponseEntity<DataBuffer>> echo(ServerHttpRequest request) {
		MediaType contentType = EchoContentType.of(request.getHeaders().getFirst(HttpHeaders.CONTENT_TYPE));
		return DataBufferUtils.join(request.getBody(), MAX_ECHO_BYTES)
			.onErrorMap(DataBufferLimitException.class,
					(ex) -> new ResponseStatusException(CONTENT_TOO_LARGE, "at most " + MAX_ECHO_BYTES + " bytes"))
			.defaultIfEmpty(DefaultDataBufferFactory.sharedInstance.allocateBuffer(0))
			.map((body) -> ResponseEntity.ok().contentType(contentType).body(body));
	}

	@LzfCompressed
	@GetMapping("/stream")
	ResponseEntity<Flux<Entry>> stream() {
		return ResponseEntity.ok()
			.contentType(MediaType.APPLICATION_NDJSON)
			.body(Flux.fromIterable(EntryGenerator.generate(40, 7)).delayElements(Duration.ofMillis(50)));
	}

}
