package io.restcompress.server;

import io.restcompress.LzfCompressed;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Responses whose fields the handler writes as several field lines, served alike by the
 * servlet and the WebFlux test applications.
 */
@RestController
@LzfCompressed
class FieldLineEndpoints {

	@GetMapping("/cache-control-lines")
	ResponseEntity<byte[]> cacheControlLines() {
		return ResponseEntity.ok()
			.header(HttpHeaders.CACHE_CONTROL, "max-age=60", "no-transform")
			.contentType(MediaType.APPLICATION_JSON)
			.body(TestPayloads.json(20_000));
	}

	@GetMapping("/vary-lines")
	ResponseEntity<byte[]> varyLines() {
		return ResponseEntity.ok()
			.header(HttpHeaders.VARY, "Origin", "Accept-Language")
			.contentType(MediaType.APPLICATION_JSON)
			.body(TestPayloads.json(20_000));
	}

}
