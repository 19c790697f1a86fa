package io.restcompress.sample.bench;

import java.lang.reflect.Method;

import io.restcompress.LzfCompressed;

import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.ClassUtils;
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

	UntaggedDocumentController(ApplicationContext context) throws ReflectiveOperationException {
		Object sample = context.getBean("sampleController");
		Method staticDocument = ClassUtils.getUserClass(sample).getDeclaredMethod("staticDocument");
		staticDocument.setAccessible(true);
		this.document = ((ResponseEntity<?>) staticDocument.invoke(sample)).getBody() instanceof byte[] bytes ? bytes
				: new byte[0];
		if (this.document.length == 0) {
			throw new IllegalStateException("The sample app's static document is empty");
		}
	}

	@LzfCompressed
	@GetMapping("/bench/static")
	ResponseEntity<byte[]> untaggedDocument() {
		return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(this.document);
	}

}
