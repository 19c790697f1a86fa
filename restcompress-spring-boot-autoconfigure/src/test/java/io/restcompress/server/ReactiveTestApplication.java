package io.restcompress.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import io.restcompress.LzfCompressed;
import io.restcompress.NotCompressed;
import io.restcompress.server.reactive.CompressionRoutes;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.Resource;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.ZeroCopyHttpOutputMessage;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.ServerWebExchange;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

/**
 * A WebFlux application with the starter's auto-configuration, annotated endpoints and
 * functional routes. Streamed endpoints emit what the test pushes into {@link #events}.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({ ReactiveTestApplication.Compressed.class, FieldLineEndpoints.class })
class ReactiveTestApplication {

	static volatile Sinks.Many<String> events = Sinks.many().unicast().onBackpressureBuffer();

	static Flux<DataBuffer> chunked(byte[] body, int chunkSize) {
		List<DataBuffer> chunks = new ArrayList<>();
		for (int offset = 0; offset < body.length; offset += chunkSize) {
			int length = Math.min(chunkSize, body.length - offset);
			byte[] chunk = new byte[length];
			System.arraycopy(body, offset, chunk, 0, length);
			chunks.add(DefaultDataBufferFactory.sharedInstance.wrap(chunk));
		}
		return Flux.fromIterable(chunks);
	}

	@Bean
	RouterFunction<ServerResponse> routes() {
		return route().GET("/fn/compressed", (request) -> json(20_000))
			.filter(CompressionRoutes.compressed())
			.build()
			.and(route().GET("/fn/gzip-only", (request) -> json(20_000))
				.filter(CompressionRoutes.compressed("gzip"))
				.build())
			.and(route().GET("/fn/excluded", (request) -> json(20_000))
				.filter(CompressionRoutes.notCompressed())
				.build())
			.and(route().GET("/fn/plain", (request) -> json(20_000)).build());
	}

	private static Mono<ServerResponse> json(int size) {
		return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(TestPayloads.json(size));
	}

	@RestController
	@LzfCompressed
	static class Compressed {

		@GetMapping("/known-length/{size}")
		ResponseEntity<byte[]> knownLength(@PathVariable int size) {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(TestPayloads.json(size));
		}

		@GetMapping("/resource/{size}")
		ResponseEntity<Resource> resource(@PathVariable int size) {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(new ByteArrayResource(TestPayloads.json(size)));
		}

		@GetMapping("/unknown-length/{size}")
		ResponseEntity<Flux<DataBuffer>> unknownLength(@PathVariable int size) {
			return ResponseEntity.ok()
				.contentType(MediaType.APPLICATION_JSON)
				.body(chunked(TestPayloads.json(size), 1000));
		}

		@GetMapping("/bodiless")
		ResponseEntity<Void> bodiless() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).build();
		}

		@GetMapping("/etag")
		ResponseEntity<byte[]> etag() {
			return ResponseEntity.ok()
				.contentType(MediaType.APPLICATION_JSON)
				.eTag("\"v1\"")
				.body(TestPayloads.json(20_000));
		}

		@GetMapping("/small-etag")
		ResponseEntity<String> smallEtag() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).eTag("\"s1\"").body("{\"small\":true}");
		}

		@GetMapping("/checked-etag")
		Mono<ResponseEntity<byte[]>> checkedEtag(ServerWebExchange exchange) {
			if (exchange.checkNotModified("\"v1\"")) {
				return Mono.empty();
			}
			return Mono.just(ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(TestPayloads.json(20_000)));
		}

		@NotCompressed
		@GetMapping("/excluded")
		ResponseEntity<byte[]> excluded() {
			return knownLength(20_000);
		}

		@LzfCompressed(encodings = "gzip")
		@GetMapping("/gzip-only")
		ResponseEntity<byte[]> gzipOnly() {
			return knownLength(20_000);
		}

		@PutMapping("/if-match")
		String ifMatch(@RequestHeader(HttpHeaders.IF_MATCH) String ifMatch) {
			return ifMatch;
		}

		/**
		 * A file written as WebFlux writes a file resource on a server that can transfer it
		 * without copying it: through {@link ZeroCopyHttpOutputMessage}.
		 */
		@GetMapping("/zero-copy/{type}/{size}")
		Mono<Void> zeroCopy(@PathVariable String type, @PathVariable int size, ServerHttpResponse response)
				throws IOException {
			Path file = Files.createTempFile("zero-copy", ".json");
			file.toFile().deleteOnExit();
			Files.write(file, TestPayloads.json(size));
			response.getHeaders().setContentType("image".equals(type) ? MediaType.IMAGE_PNG : MediaType.APPLICATION_JSON);
			response.getHeaders().setContentLength(size);
			return ((ZeroCopyHttpOutputMessage) response).writeWith(file, 0, size);
		}

		@GetMapping("/image")
		ResponseEntity<byte[]> image() {
			return ResponseEntity.ok().contentType(MediaType.IMAGE_PNG).body(new byte[20_000]);
		}

		@GetMapping(path = "/sse", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
		Flux<ServerSentEvent<String>> sse() {
			return events.asFlux().map((data) -> ServerSentEvent.builder(data).build());
		}

		@GetMapping(path = "/ndjson", produces = MediaType.APPLICATION_NDJSON_VALUE)
		Flux<Map<String, String>> ndjson() {
			return events.asFlux().map((data) -> Map.of("event", data));
		}

		/**
		 * JSON lines written as text: {@code CharSequenceEncoder} is not streaming-aware, so WebFlux
		 * writes them with {@code writeWith}, not {@code writeAndFlushWith}, and without flushes.
		 */
		@GetMapping(path = "/ndjson-text", produces = "application/x-ndjson;charset=UTF-8")
		Flux<String> ndjsonText() {
			return events.asFlux().map((data) -> "{\"event\":\"" + data + "\"}\n");
		}

		/**
		 * Emits {@code count} events of {@code size} characters as fast as the server takes them.
		 */
		@GetMapping(path = "/sse/{count}/{size}", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
		Flux<ServerSentEvent<String>> sseBurst(@PathVariable int count, @PathVariable int size) {
			SplittableRandom random = new SplittableRandom(11);
			return Flux.range(0, count)
				.map((i) -> ServerSentEvent
					.builder(i + ":" + new String(TestPayloads.hex(random, size), StandardCharsets.US_ASCII))
					.build());
		}

		@NotCompressed
		@PostMapping("/echo")
		Mono<ResponseEntity<byte[]>> echo(ServerHttpRequest request) {
			return DataBufferUtils.join(request.getBody()).map((buffer) -> {
				byte[] bytes = new byte[buffer.readableByteCount()];
				buffer.read(bytes);
				DataBufferUtils.release(buffer);
				return ResponseEntity.ok().contentType(MediaType.APPLICATION_OCTET_STREAM).body(bytes);
			}).defaultIfEmpty(ResponseEntity.ok().body(new byte[0]));
		}

		@NotCompressed
		/**
		 * Tags its response before it reads the body, as a handler that prepares its headers
		 * first would.
		 */
		@PostMapping("/tagged-echo")
		Mono<ResponseEntity<byte[]>> taggedEcho(ServerWebExchange exchange) {
			exchange.getResponse().getHeaders().setETag("\"v1\"");
			exchange.getResponse().getHeaders().setLastModified(0);
			return echo(exchange.getRequest());
		}

		@PostMapping("/form")
		Mono<String> form(ServerWebExchange exchange) {
			return exchange.getFormData().map(Object::toString);
		}

	}

}
