package io.restcompress.sample;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import io.restcompress.LzfCompressed;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * The sample endpoints that differ from the reactive sample's in their Spring MVC types: an
 * echo of the request body and a streamed response. The others are sample-common's
 * {@link DocumentController} and {@link FeedController}.
 */
@RestController
@RequestMapping("/api")
public class SampleController {

	private final JsonMapper mapper;

	private final StreamPacing streamPacing;

	public SampleController(JsonMapper mapper, StreamPacing streamPacing) {
		this.mapper = mapper;
		this.streamPacing = streamPacing;
	}

	@LzfCompressed
	@PostMapping("/echo")
	ResponseEntity<byte[]> echo(
			@RequestHeader(name = HttpHeaders.CONTENT_TYPE, required = false) @Nullable String contentType,
			InputStream body) throws IOException {
		MediaType type = EchoContentType.of(contentType);
		return ResponseEntity.ok().contentType(type).body(body.readAllBytes());
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
