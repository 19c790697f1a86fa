package io.restcompress.sample.bench;

import io.restcompress.LzfCompressed;
import io.restcompress.sample.DocumentController;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Serves the sample app's {@code /api/static} document without its strong {@code ETag}, at
 * {@code /bench/static}: Tomcat's {@code server.compression} never compresses a response with
 * a strong entity tag, so without this copy Boot's gzip could not be measured on the same bytes.
 * Not part of the sample app: the end-to-end harness adds it with {@code loader.path}, where
 * the sample app's component scan finds it.
 */
@RestController
class UntaggedDocumentController {

	private final byte[] document;

	UntaggedDocumentController(DocumentController documents) {
		this.document = documents.document();
	}

	@LzfCompressed
	@GetMapping("/bench/static")
	ResponseEntity<byte[]> untaggedDocument() {
		return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(this.document);
	}

}
