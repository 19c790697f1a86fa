package io.restcompress.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import io.restcompress.LzfCompressed;
import io.restcompress.NotCompressed;

import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.servlet.View;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * Endpoints for the server-side contract tests, one per rule.
 */
final class TestEndpoints {

	static final byte[] LARGE = TestPayloads.json(100_000);

	static final byte[] NOISY = TestPayloads.hex(new SplittableRandom(1), 30_000);

	static final AtomicLong bytesDelivered = new AtomicLong();

	static final AtomicInteger handlerCalls = new AtomicInteger();

	static volatile CountDownLatch streamGate = new CountDownLatch(1);

	static final AtomicReference<Throwable> emitterEnd = new AtomicReference<>();

	private TestEndpoints() {
	}

	static ResponseEntity<byte[]> large() {
		return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(LARGE);
	}

	static void write(HttpServletResponse response, String contentType, byte[] body) throws IOException {
		if (contentType != null) {
			response.setContentType(contentType);
		}
		for (int offset = 0; offset < body.length; offset += 1000) {
			response.getOutputStream().write(body, offset, Math.min(1000, body.length - offset));
		}
	}

	@RestController
	@LzfCompressed
	static class Compressed {

		@GetMapping("/large")
		ResponseEntity<byte[]> largeKnownLength() {
			return large();
		}

		/**
		 * Answers {@code HEAD} itself, with the header fields of a large body and no body
		 * written.
		 */
		@RequestMapping(path = "/large-head-only", method = RequestMethod.HEAD)
		ResponseEntity<Void> largeHeadOnly() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).contentLength(LARGE.length).build();
		}

		@GetMapping("/resource/{size}")
		ResponseEntity<Resource> resource(@PathVariable int size) {
			return ResponseEntity.ok()
				.contentType(MediaType.APPLICATION_JSON)
				.body(new ByteArrayResource(TestPayloads.json(size)));
		}

		/**
		 * A page that includes a fragment whose servlet sets the fragment's own length, as
		 * Tomcat's {@code DefaultServlet} does; the container ignores it in an include.
		 */
		@GetMapping("/page-with-fragment/{before}/{after}")
		void pageWithFragment(@PathVariable int before, @PathVariable int after, HttpServletRequest request,
				HttpServletResponse response) throws Exception {
			response.setContentType(MediaType.APPLICATION_JSON_VALUE);
			response.getOutputStream().write(TestPayloads.json(before));
			request.getRequestDispatcher("/fragment").include(request, response);
			response.getOutputStream().write(TestPayloads.json(after));
		}

		@GetMapping("/unknown-length/{size}")
		void unknownLength(@PathVariable int size, HttpServletResponse response) throws IOException {
			write(response, MediaType.APPLICATION_JSON_VALUE, TestPayloads.json(size));
		}

		/**
		 * Sets the body's length and entity tag once it has written the body, before the
		 * response is committed.
		 */
		@GetMapping("/fields-after-body/{size}")
		void fieldsAfterBody(@PathVariable int size, HttpServletResponse response) throws IOException {
			write(response, MediaType.APPLICATION_JSON_VALUE, TestPayloads.json(size));
			response.setContentLength(size);
			response.setHeader(HttpHeaders.ETAG, "\"late\"");
		}

		@GetMapping("/known-length/{size}")
		ResponseEntity<byte[]> knownLength(@PathVariable int size) {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(TestPayloads.json(size));
		}

		@LzfCompressed(encodings = { "gzip", "lzf" })
		@GetMapping("/gzip-first")
		ResponseEntity<byte[]> gzipFirst() {
			return large();
		}

		@NotCompressed
		@GetMapping("/excluded")
		ResponseEntity<byte[]> excluded() {
			return large();
		}

		@GetMapping("/etag")
		ResponseEntity<byte[]> etag() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).eTag("\"v1\"").body(LARGE);
		}

		@GetMapping("/small-etag")
		ResponseEntity<String> smallEtag() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).eTag("\"s1\"").body("{\"small\":true}");
		}

		@GetMapping("/view-failing-after-body")
		View viewFailingAfterBody() {
			return (model, request, response) -> {
				response.setContentType(MediaType.APPLICATION_JSON_VALUE);
				response.getOutputStream().write(TestPayloads.json(6000));
				throw new IllegalStateException("the view failed after writing part of its body");
			};
		}

		/**
		 * Writes its body from a thread of its own on the asynchronous request it started, and
		 * completes it without dispatching it back to the container.
		 */
		@GetMapping("/async-completed-without-dispatch/{size}")
		void asyncCompletedWithoutDispatch(HttpServletRequest request, HttpServletResponse response,
				@PathVariable int size) {
			response.setContentType(MediaType.APPLICATION_JSON_VALUE);
			AsyncContext async = request.startAsync();
			new Thread(() -> {
				try {
					response.getOutputStream().write(TestPayloads.json(size));
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
				finally {
					async.complete();
				}
			}).start();
		}

		/**
		 * Starts an asynchronous request that times out, and writes its body from a listener
		 * that completes it through the context of the event it receives.
		 */
		@GetMapping("/async-completed-by-timeout-listener/{size}")
		void asyncCompletedByTimeoutListener(HttpServletRequest request, HttpServletResponse response,
				@PathVariable int size) {
			response.setContentType(MediaType.APPLICATION_JSON_VALUE);
			AsyncContext async = request.startAsync();
			async.setTimeout(200);
			async.addListener(new AsyncListener() {

				@Override
				public void onTimeout(AsyncEvent event) throws IOException {
					response.getOutputStream().write(TestPayloads.json(size));
					event.getAsyncContext().complete();
				}

				@Override
				public void onComplete(AsyncEvent event) {
				}

				@Override
				public void onError(AsyncEvent event) {
				}

				@Override
				public void onStartAsync(AsyncEvent event) {
				}

			});
		}

		@GetMapping("/error-after-body")
		void errorAfterBody(HttpServletResponse response) throws IOException {
			startEncodedBody(response);
			response.sendError(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
		}

		@GetMapping("/redirect-after-body")
		void redirectAfterBody(HttpServletResponse response) throws IOException {
			startEncodedBody(response);
			response.sendRedirect("/large");
		}

		@GetMapping("/redirect-keeping-body")
		void redirectKeepingBody(HttpServletResponse response) throws IOException {
			startEncodedBody(response);
			response.sendRedirect("/large", HttpServletResponse.SC_SEE_OTHER, false);
		}

		/**
		 * Keeps a body whose encoding is larger than the container's response buffer, so that
		 * ending it commits the response before the redirect is sent.
		 */
		@GetMapping("/redirect-keeping-large-body")
		void redirectKeepingLargeBody(HttpServletResponse response) throws IOException {
			response.setContentType(MediaType.APPLICATION_JSON_VALUE);
			response.getOutputStream().write(NOISY);
			response.sendRedirect("/large", HttpServletResponse.SC_SEE_OTHER, false);
		}

		@GetMapping("/redirect-keeping-small-body")
		void redirectKeepingSmallBody(HttpServletResponse response) throws IOException {
			response.setContentType(MediaType.APPLICATION_JSON_VALUE);
			response.getWriter().write("{\"moved\":true}");
			response.sendRedirect("/large", HttpServletResponse.SC_SEE_OTHER, false);
		}

		/**
		 * Writes more than the threshold of an entity-tagged JSON body, which an encoder takes
		 * without committing the response.
		 */
		private static void startEncodedBody(HttpServletResponse response) throws IOException {
			response.setContentType(MediaType.APPLICATION_JSON_VALUE);
			response.setHeader(HttpHeaders.ETAG, "\"v1\"");
			response.getOutputStream().write(LARGE, 0, 6000);
		}

		@GetMapping("/weak-etag")
		ResponseEntity<byte[]> weakEtag() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).eTag("W/\"v1\"").body(LARGE);
		}

		@PutMapping("/if-match")
		String ifMatch(@RequestHeader(HttpHeaders.IF_MATCH) String ifMatch) {
			return ifMatch;
		}

		@GetMapping("/no-content")
		ResponseEntity<Void> noContent() {
			return ResponseEntity.noContent().build();
		}

		@GetMapping("/partial")
		void partial(HttpServletResponse response) throws IOException {
			response.setStatus(HttpStatus.PARTIAL_CONTENT.value());
			response.setHeader(HttpHeaders.CONTENT_RANGE, "bytes 0-" + (LARGE.length - 1) + "/" + (LARGE.length * 2));
			write(response, MediaType.APPLICATION_JSON_VALUE, LARGE);
		}

		@GetMapping("/content-range")
		void contentRange(HttpServletResponse response) throws IOException {
			response.setHeader(HttpHeaders.CONTENT_RANGE, "bytes */" + LARGE.length);
			write(response, MediaType.APPLICATION_JSON_VALUE, LARGE);
		}

		@GetMapping("/pre-encoded")
		void preEncoded(HttpServletResponse response) throws IOException {
			response.setHeader(HttpHeaders.CONTENT_ENCODING, "br");
			write(response, MediaType.APPLICATION_JSON_VALUE, LARGE);
		}

		@GetMapping("/identity-encoded")
		void identityEncoded(HttpServletResponse response) throws IOException {
			response.setHeader(HttpHeaders.CONTENT_ENCODING, "identity");
			write(response, MediaType.APPLICATION_JSON_VALUE, LARGE);
		}

		@GetMapping("/no-transform")
		ResponseEntity<byte[]> noTransform() {
			return ResponseEntity.ok()
				.header(HttpHeaders.CACHE_CONTROL, "max-age=60, no-transform")
				.contentType(MediaType.APPLICATION_JSON)
				.body(LARGE);
		}

		@GetMapping("/bodiless")
		ResponseEntity<Void> bodiless() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).build();
		}

		@GetMapping("/image")
		ResponseEntity<byte[]> image() {
			return ResponseEntity.ok().contentType(MediaType.IMAGE_PNG).body(LARGE);
		}

		@GetMapping("/no-type")
		void noType(HttpServletResponse response) throws IOException {
			write(response, null, LARGE);
		}

		@GetMapping("/problem")
		ResponseEntity<byte[]> problem() {
			return ResponseEntity.status(HttpStatus.CONFLICT).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(LARGE);
		}

		@GetMapping("/text")
		ResponseEntity<byte[]> text() {
			return ResponseEntity.ok().contentType(MediaType.parseMediaType("text/csv")).body(LARGE);
		}

		@GetMapping("/vary")
		ResponseEntity<byte[]> vary(@RequestHeader(name = "X-Vary", required = false) String vary) {
			return ResponseEntity.ok().header(HttpHeaders.VARY, vary).contentType(MediaType.APPLICATION_JSON).body(LARGE);
		}

		@GetMapping("/accept-ranges")
		ResponseEntity<byte[]> acceptRanges() {
			return ResponseEntity.ok().header(HttpHeaders.ACCEPT_RANGES, "bytes").contentType(MediaType.APPLICATION_JSON).body(LARGE);
		}

		@GetMapping("/writer")
		void writer(HttpServletResponse response) throws IOException {
			response.setContentType("application/json;charset=UTF-8");
			response.getWriter().write(new String(LARGE));
		}

		@GetMapping("/writer-reset")
		void writerReset(@RequestParam int size, HttpServletResponse response) throws IOException {
			response.setContentType("application/json;charset=UTF-8");
			PrintWriter writer = response.getWriter();
			writer.write("{\"stale\":true}");
			response.resetBuffer();
			writer.write(new String(LARGE, 0, size, StandardCharsets.UTF_8));
		}

		@GetMapping("/writer-charset")
		void writerCharset(HttpServletResponse response) throws IOException {
			response.setContentType("text/plain;charset=UTF-8");
			PrintWriter writer = response.getWriter();
			response.setContentType("text/plain;charset=ISO-8859-1");
			response.setCharacterEncoding("US-ASCII");
			writer.write("déjà vu, 5 €");
		}

		@GetMapping("/sse")
		SseEmitter sse() {
			SseEmitter emitter = new SseEmitter(30_000L);
			CountDownLatch gate = streamGate;
			CompletableFuture.runAsync(() -> {
				try {
					emitter.send(SseEmitter.event().name("first").data("one"));
					if (!gate.await(20, TimeUnit.SECONDS)) {
						emitter.completeWithError(new IllegalStateException("the test never read the first event"));
						return;
					}
					emitter.send(SseEmitter.event().name("second").data("two"));
					emitter.complete();
				}
				catch (IOException | InterruptedException ex) {
					emitter.completeWithError(ex);
				}
			});
			return emitter;
		}

		/**
		 * Sends lines of JSON without pause until sending fails, so that the emitter's timeout
		 * ends the response while a send is in progress; what ended the sending is kept.
		 */
		@GetMapping("/emitted-until-timeout")
		ResponseEntity<ResponseBodyEmitter> emittedUntilTimeout() {
			ResponseBodyEmitter emitter = new ResponseBodyEmitter(200L);
			CompletableFuture.runAsync(() -> {
				byte[] line = (new String(TestPayloads.json(900), StandardCharsets.UTF_8).replace('\n', ' ') + "\n")
					.getBytes(StandardCharsets.UTF_8);
				long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
				try {
					while (System.nanoTime() < deadline) {
						emitter.send(line, MediaType.APPLICATION_JSON);
					}
					emitterEnd.set(new IllegalStateException("the emitter never timed out"));
				}
				catch (Throwable ex) {
					emitterEnd.set(ex);
				}
			});
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(emitter);
		}

		@GetMapping("/flushed-then-waits")
		void flushedThenWaits(HttpServletResponse response) throws IOException, InterruptedException {
			CountDownLatch gate = streamGate;
			response.setContentType(MediaType.APPLICATION_JSON_VALUE);
			response.getOutputStream().write(LARGE);
			response.flushBuffer();
			if (!gate.await(20, TimeUnit.SECONDS)) {
				throw new IllegalStateException("the test never read the flushed body");
			}
		}

		@GetMapping("/flushed-parts")
		void flushedParts(HttpServletResponse response) throws IOException, InterruptedException {
			CountDownLatch gate = streamGate;
			response.setContentType(MediaType.APPLICATION_JSON_VALUE);
			OutputStream output = response.getOutputStream();
			output.write(LARGE, 0, 10_000);
			output.flush();
			output.write(LARGE, 10_000, 10_000);
			output.flush();
			if (!gate.await(20, TimeUnit.SECONDS)) {
				throw new IllegalStateException("the test never read the flushed parts");
			}
			output.write(LARGE, 20_000, LARGE.length - 20_000);
		}

		@GetMapping("/streaming")
		ResponseEntity<StreamingResponseBody> streaming() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body((output) -> {
				for (int offset = 0; offset < LARGE.length; offset += 10_000) {
					output.write(LARGE, offset, Math.min(10_000, LARGE.length - offset));
					output.flush();
				}
			});
		}

		@GetMapping("/streaming-closed")
		ResponseEntity<StreamingResponseBody> streamingClosed() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body((output) -> {
				try (output) {
					output.write(LARGE);
				}
				output.flush();
			});
		}

		@GetMapping("/deferred")
		DeferredResult<ResponseEntity<byte[]>> deferred() {
			DeferredResult<ResponseEntity<byte[]>> result = new DeferredResult<>();
			CompletableFuture.runAsync(() -> result.setResult(large()));
			return result;
		}

		@GetMapping("/callable")
		Callable<ResponseEntity<byte[]>> callable() {
			return TestEndpoints::large;
		}

		@PostMapping("/echo")
		ResponseEntity<byte[]> echo(@RequestBody byte[] body) {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
		}

	}

	@RestController
	static class Plain {

		@GetMapping("/plain/large")
		ResponseEntity<byte[]> largeUnannotated() {
			return large();
		}

		@NotCompressed
		@GetMapping("/plain/excluded")
		ResponseEntity<byte[]> excluded() {
			return large();
		}

		@PostMapping("/plain/echo")
		void echo(HttpServletRequest request, HttpServletResponse response) throws IOException {
			handlerCalls.incrementAndGet();
			response.setHeader("X-Seen-Content-Encoding", String.valueOf(request.getHeader(HttpHeaders.CONTENT_ENCODING)));
			response.setHeader("X-Seen-Content-Length", String.valueOf(request.getContentLengthLong()));
			response.setContentType(MediaType.APPLICATION_OCTET_STREAM_VALUE);
			request.getInputStream().transferTo(response.getOutputStream());
		}

		@GetMapping("/plain/if-none-match")
		String ifNoneMatch(HttpServletRequest request) {
			return request.getHeader(HttpHeaders.IF_NONE_MATCH);
		}

		/**
		 * Tags its response before it reads the body, as a handler that prepares its headers
		 * first would.
		 */
		@PostMapping("/plain/tagged-count")
		String taggedCount(HttpServletRequest request, HttpServletResponse response) throws IOException {
			response.setHeader(HttpHeaders.ETAG, "\"v1\"");
			response.setDateHeader(HttpHeaders.LAST_MODIFIED, 0);
			return count(request);
		}

		@PostMapping("/plain/count")
		String count(HttpServletRequest request) throws IOException {
			handlerCalls.incrementAndGet();
			byte[] buffer = new byte[8192];
			long total = 0;
			try (InputStream body = request.getInputStream()) {
				for (int n; (n = body.read(buffer)) != -1;) {
					total += n;
					bytesDelivered.set(total);
				}
			}
			return String.valueOf(total);
		}

		@PostMapping("/plain/form")
		String form(@RequestParam("a") String a) {
			handlerCalls.incrementAndGet();
			return a;
		}

		@PostMapping("/plain/form/reader")
		String formThenReader(HttpServletRequest request) throws IOException {
			handlerCalls.incrementAndGet();
			return request.getParameter("a") + " " + request.getReader().read();
		}

		@PostMapping("/plain/form/all")
		String formParameters(HttpServletRequest request) {
			handlerCalls.incrementAndGet();
			StringBuilder parameters = new StringBuilder();
			request.getParameterMap()
				.forEach((name, values) -> parameters.append(name).append('=').append(Arrays.toString(values)).append(' '));
			return parameters.toString().trim();
		}

		@PostMapping("/plain/ignore")
		String ignore() {
			handlerCalls.incrementAndGet();
			return "ok";
		}

		@GetMapping("/plain/get")
		String get() {
			handlerCalls.incrementAndGet();
			return "ok";
		}

	}

	/**
	 * Serves a fragment with its length, on its own or included in a page.
	 */
	static final class FragmentServlet extends HttpServlet {

		static final byte[] FRAGMENT = TestPayloads.json(2000);

		@Override
		protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
			response.setContentType(MediaType.APPLICATION_JSON_VALUE);
			response.setContentLength(FRAGMENT.length);
			response.getOutputStream().write(FRAGMENT);
		}

	}

}
