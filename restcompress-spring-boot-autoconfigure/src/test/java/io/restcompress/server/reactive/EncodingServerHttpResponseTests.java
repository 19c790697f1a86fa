package io.restcompress.server.reactive;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.zip.GZIPInputStream;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.concurrent.FastThreadLocalThread;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.FailingEncoderCodec;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.LzfCodec;
import io.restcompress.internal.server.ExchangeCodings;
import io.restcompress.internal.server.HandlerCompressionResolver;
import io.restcompress.internal.server.ResponseBodyCopies;
import io.restcompress.internal.server.ResponseEncodingRules;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.Side;
import io.restcompress.metrics.SkipReason;
import io.restcompress.server.CompressionMode;
import io.restcompress.server.ServerCompressionSettings;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.NettyDataBuffer;
import org.springframework.core.io.buffer.NettyDataBufferFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.http.server.reactive.MockServerHttpResponse;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.util.MimeType;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Tests for {@link EncodingServerHttpResponse}.
 */
class EncodingServerHttpResponseTests {

	private final List<SkipReason> skipped = new ArrayList<>();

	private final List<String> encoded = new ArrayList<>();

	private final List<String> aborted = new ArrayList<>();

	private CommitActionCountingResponse wrapped = new CommitActionCountingResponse();

	private ContentCodecs codecs = ContentCodecs.of(new GzipCodec(1));

	@Test
	void leavesABodyBelowTheThresholdAsItIsWithoutACommitAction() {
		writeSmallBody("/ping", MediaType.TEXT_PLAIN);
		assertThat(this.wrapped.commitActions).isZero();
		assertThat(this.wrapped.getBodyAsString().block()).isEqualTo("pong");
		assertThat(this.wrapped.getHeaders().getContentLength()).isEqualTo(4);
		assertThat(this.skipped).containsExactly(SkipReason.BELOW_THRESHOLD);
	}

	@Test
	void recordsWhyASmallResponseOfAnotherTypeIsNotEncoded() {
		writeSmallBody("/image", MediaType.IMAGE_PNG);
		assertThat(this.skipped).containsExactly(SkipReason.CONTENT_TYPE);
		assertThat(this.wrapped.getHeaders().getVary()).isEmpty();
		assertThat(this.wrapped.getHeaders().getContentLength()).isEqualTo(4);
	}

	@Test
	void completesANotModifiedResponseThatTheServerCommitsAfterTheChain() {
		EncodingServerHttpResponse response = response(MockServerHttpRequest.get("/etag")
			.header(HttpHeaders.ACCEPT_ENCODING, "gzip"));
		response.setStatusCode(HttpStatus.NOT_MODIFIED);
		response.getHeaders().setETag("\"v1\"");
		response.chainCompleted();
		this.wrapped.setComplete().block();
		assertThat(this.wrapped.getHeaders().getETag()).isEqualTo("\"v1-gzip\"");
		assertThat(this.wrapped.getHeaders().getVary()).containsExactly(HttpHeaders.ACCEPT_ENCODING);
		assertThat(this.wrapped.commitActions).isZero();
	}

	@Test
	void completesAHeadResponseEndedThroughTheDecorator() {
		EncodingServerHttpResponse response = response(MockServerHttpRequest.head("/document")
			.header(HttpHeaders.ACCEPT_ENCODING, "gzip"));
		response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
		response.getHeaders().setContentLength(20_000);
		response.setComplete().block();
		assertThat(this.wrapped.getHeaders().getFirst(HttpHeaders.CONTENT_ENCODING)).isEqualTo("gzip");
		assertThat(this.wrapped.getHeaders().getContentLength()).isEqualTo(-1);
		assertThat(this.wrapped.getHeaders().getVary()).containsExactly(HttpHeaders.ACCEPT_ENCODING);
	}

	@Test
	void variesAPartialResponseEndedWithoutABodyAsItsOkWould() {
		EncodingServerHttpResponse response = response(MockServerHttpRequest.get("/document")
			.header(HttpHeaders.ACCEPT_ENCODING, "gzip"));
		response.setStatusCode(HttpStatus.PARTIAL_CONTENT);
		response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
		response.getHeaders().set(HttpHeaders.CONTENT_RANGE, "bytes 0-99/20000");
		response.setComplete().block();
		assertThat(this.wrapped.getHeaders().getVary()).containsExactly(HttpHeaders.ACCEPT_ENCODING);
		assertThat(this.skipped).containsExactly(SkipReason.STATUS_OR_METHOD);
	}

	@Test
	void leavesACommittedResponseAsItIsWhenTheChainCompletes() {
		EncodingServerHttpResponse response = response(MockServerHttpRequest.get("/etag")
			.header(HttpHeaders.ACCEPT_ENCODING, "gzip"));
		response.setStatusCode(HttpStatus.NOT_MODIFIED);
		this.wrapped.setComplete().block();
		response.chainCompleted();
		assertThat(this.wrapped.getHeaders().getVary()).isEmpty();
		assertThat(this.skipped).isEmpty();
	}

	@Test
	void recordsAnEncodedBodyOnceTheServerHasWrittenIt() {
		EncodingServerHttpResponse response = response(MockServerHttpRequest.get("/document")
			.header(HttpHeaders.ACCEPT_ENCODING, "gzip"));
		response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
		response.writeWith(Flux.range(0, 10).map((i) -> buffer(response, 1000))).block();
		assertThat(this.encoded).containsExactly("gzip");
		assertThat(this.aborted).isEmpty();
	}

	@Test
	void encodesALargeBufferOnlyAsFastAsTheServerTakesItsEncodedBytes() {
		EncodingServerHttpResponse response = response(MockServerHttpRequest.get("/document")
			.header(HttpHeaders.ACCEPT_ENCODING, "gzip"));
		response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
		AtomicReference<Flux<DataBuffer>> written = new AtomicReference<>();
		this.wrapped.setWriteHandler((body) -> {
			written.set(body);
			return Mono.never();
		});
		byte[] letters = new byte[4 * 1024 * 1024];
		Random random = new Random(42);
		for (int i = 0; i < letters.length; i++) {
			letters[i] = (byte) ('a' + random.nextInt(26));
		}
		NettyDataBuffer document = new NettyDataBufferFactory(UnpooledByteBufAllocator.DEFAULT)
			.wrap(Unpooled.wrappedBuffer(letters));
		response.writeWith(Mono.just(document)).subscribe();
		StepVerifier.create(written.get(), 1).expectNextCount(1).then(() -> {
			assertThat(document.readableByteCount()).as("bytes not encoded yet").isGreaterThan(letters.length / 2);
			assertThat(document.getNativeBuffer().refCnt()).isOne();
		}).thenCancel().verify(Duration.ofSeconds(10));
		assertThat(document.getNativeBuffer().refCnt()).as("released when the server cancels").isZero();
		assertThat(this.aborted).containsExactly("gzip");
	}

	/**
	 * When the codec fails on a buffer's first slice, the buffer is released once, by the
	 * encoder that took it: a second release by the discard hook would free the pooled buffer
	 * the error response allocates next on the same event loop.
	 */
	@Test
	void releasesABufferTheCodecFailedOnOnceSoThatTheNextAllocationKeepsIt() throws InterruptedException {
		this.codecs = ContentCodecs.of(new FailingEncoderCodec());
		EncodingServerHttpResponse response = response(MockServerHttpRequest.get("/document")
			.header(HttpHeaders.ACCEPT_ENCODING, "gzip"));
		response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
		AtomicReference<Throwable> failure = new AtomicReference<>();
		AtomicReference<ByteBuf> allocatedAfterTheFailure = new AtomicReference<>();
		Thread eventLoop = new FastThreadLocalThread(() -> {
			PooledByteBufAllocator allocator = new PooledByteBufAllocator(false);
			NettyDataBuffer document = new NettyDataBufferFactory(allocator).allocateBuffer(20_000);
			document.write(new byte[20_000]);
			failure.set(catchThrowable(() -> response.writeWith(Mono.just(document).hide())
				.doOnError((ex) -> allocatedAfterTheFailure.set(allocator.heapBuffer(20_000)))
				.block()));
		});
		eventLoop.start();
		eventLoop.join(TimeUnit.SECONDS.toMillis(10));
		assertThat(failure.get()).hasMessage("Encoding the response failed").hasRootCauseMessage("codec failed");
		assertThat(allocatedAfterTheFailure.get().refCnt()).isOne();
		allocatedAfterTheFailure.get().release();
	}

	@Test
	void recordsAnEncodedBodyThatTheServerCancelledAsAbortedOnce() {
		EncodingServerHttpResponse response = response(MockServerHttpRequest.get("/document")
			.header(HttpHeaders.ACCEPT_ENCODING, "gzip"));
		response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
		this.wrapped.setWriteHandler((body) -> body.doOnNext(DataBufferUtils::release).then());
		Sinks.Many<DataBuffer> body = Sinks.many().unicast().onBackpressureBuffer();
		Disposable writing = response.writeWith(body.asFlux()).subscribe();
		body.tryEmitNext(buffer(response, 10_000));
		writing.dispose();
		assertThat(this.aborted).containsExactly("gzip");
		assertThat(this.encoded).isEmpty();
	}

	/**
	 * Reactor Netty takes up to 32 flushed groups ahead of the one it is writing, so the last
	 * group may be taken after the body's publisher has completed: each group, the encoder's
	 * end included, must still be encoded then.
	 */
	@Test
	void encodesFlushedGroupsTakenAfterTheBodyCompleted() throws Exception {
		GroupPrefetchingResponse server = new GroupPrefetchingResponse(Long.MAX_VALUE);
		writeEvents(server);
		try (InputStream decoded = new GZIPInputStream(new ByteArrayInputStream(server.written.toByteArray()))) {
			assertThat(new String(decoded.readAllBytes(), StandardCharsets.US_ASCII)).isEqualTo(
					IntStream.range(0, 16).mapToObj(EncodingServerHttpResponseTests::event).collect(Collectors.joining()));
		}
	}

	/**
	 * A flushed group that Reactor Netty took ahead and still holds when the client goes away is
	 * never read: what it holds is released without it.
	 */
	@Test
	void releasesTheBuffersOfFlushedGroupsQueuedWhenTheServerCancels() throws Exception {
		GroupPrefetchingResponse server = new GroupPrefetchingResponse(1);
		List<ByteBuf> events = writeEvents(server);
		assertThat(server.groupsDiscarded).isPositive();
		assertThat(events).hasSize(16).allSatisfy((event) -> assertThat(event.refCnt()).isZero());
	}

	/**
	 * Writes 16 events of a stream through a response that is encoded with gzip and wraps
	 * {@code server}, once the server's first network write completes.
	 * @return the events' buffers
	 */
	private List<ByteBuf> writeEvents(GroupPrefetchingResponse server) throws Exception {
		this.wrapped = server;
		EncodingServerHttpResponse response = response(MockServerHttpRequest.get("/events")
			.header(HttpHeaders.ACCEPT_ENCODING, "gzip"), 0);
		response.getHeaders().setContentType(MediaType.TEXT_EVENT_STREAM);
		NettyDataBufferFactory factory = new NettyDataBufferFactory(UnpooledByteBufAllocator.DEFAULT);
		List<ByteBuf> events = new ArrayList<>();
		CompletableFuture<Void> writing = response.writeAndFlushWith(Flux.range(0, 16).map((i) -> {
			NettyDataBuffer event = factory.wrap(Unpooled.wrappedBuffer(event(i).getBytes(StandardCharsets.US_ASCII)));
			events.add(event.getNativeBuffer());
			return Flux.just(event);
		})).toFuture();
		server.writeFirstGroup();
		writing.get(10, TimeUnit.SECONDS);
		return events;
	}

	private static String event(int index) {
		return "data: " + index + "\n\n";
	}

	private static DataBuffer buffer(EncodingServerHttpResponse response, int size) {
		return response.bufferFactory().wrap("x".repeat(size).getBytes(StandardCharsets.US_ASCII));
	}

	@Test
	void leavesAnEmptyBodyUnencodedWithoutAThreshold() {
		EncodingServerHttpResponse declared = response(MockServerHttpRequest.get("/empty")
			.header(HttpHeaders.ACCEPT_ENCODING, "gzip"), 0);
		declared.getHeaders().setContentType(MediaType.APPLICATION_JSON);
		declared.getHeaders().setContentLength(0);
		declared.writeWith(Flux.empty()).block();
		assertThat(this.wrapped.getHeaders().getFirst(HttpHeaders.CONTENT_ENCODING)).isNull();
		assertThat(this.wrapped.getBodyAsString().block()).isEmpty();
		this.wrapped = new CommitActionCountingResponse();
		EncodingServerHttpResponse undeclared = response(MockServerHttpRequest.get("/empty")
			.header(HttpHeaders.ACCEPT_ENCODING, "gzip"), 0);
		undeclared.getHeaders().setContentType(MediaType.APPLICATION_JSON);
		undeclared.writeWith(Flux.just(undeclared.bufferFactory().wrap(new byte[0]))).block();
		assertThat(this.wrapped.getHeaders().getFirst(HttpHeaders.CONTENT_ENCODING)).isNull();
		assertThat(this.wrapped.getBodyAsString().block()).isEmpty();
		assertThat(this.encoded).isEmpty();
		assertThat(this.skipped).containsExactly(SkipReason.BELOW_THRESHOLD, SkipReason.BELOW_THRESHOLD);
	}

	/**
	 * A body that fails after the coding was chosen, before the response is committed (lzf
	 * sends nothing before a 64 KB chunk is full or the body ends), leaves the error response
	 * the application's own entity tag and no coding, as on the servlet side.
	 */
	@Test
	void dropsTheCodingsFieldsWhenTheBodyFailsBeforeTheResponseIsCommitted() {
		this.codecs = ContentCodecs.of(new LzfCodec());
		EncodingServerHttpResponse response = response(MockServerHttpRequest.get("/document")
			.header(HttpHeaders.ACCEPT_ENCODING, "lzf"));
		response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
		response.getHeaders().setETag("\"v1\"");
		Flux<DataBuffer> failing = Flux.range(0, 10)
			.map((index) -> buffer(response, 1000))
			.concatWith(Flux.error(new IllegalStateException("the body failed")));
		assertThat(catchThrowable(() -> response.writeWith(failing).block())).hasMessage("the body failed");
		assertThat(this.wrapped.isCommitted()).isFalse();
		response.chainFailed();
		assertThat(this.wrapped.getHeaders().getETag()).isEqualTo("\"v1\"");
		assertThat(this.wrapped.getHeaders().getFirst(HttpHeaders.CONTENT_ENCODING)).isNull();
	}

	private void writeSmallBody(String path, MediaType contentType) {
		EncodingServerHttpResponse response = response(MockServerHttpRequest.get(path)
			.header(HttpHeaders.ACCEPT_ENCODING, "gzip"));
		response.getHeaders().setContentType(contentType);
		response.getHeaders().setContentLength(4);
		response.writeWith(Mono.fromSupplier(() -> response.bufferFactory()
			.wrap("pong".getBytes(StandardCharsets.UTF_8)))).block();
	}

	private EncodingServerHttpResponse response(MockServerHttpRequest.BaseBuilder<?> request) {
		return response(request, 4500);
	}

	private EncodingServerHttpResponse response(MockServerHttpRequest.BaseBuilder<?> request, long minResponseSize) {
		ServerCompressionSettings settings = settings(minResponseSize);
		MockServerWebExchange exchange = MockServerWebExchange.from(request);
		ReactiveCompressionExchange.Handlers handlers = new ReactiveCompressionExchange.Handlers(
				new HandlerCompressionResolver(settings), ExchangeCodings.NONE, ResponseBodyCopies.NONE,
				settings.responseCodecs());
		CompressionRecorder recorder = new CompressionRecorder() {

			@Override
			public void skipped(Side side, Direction direction, SkipReason reason) {
				EncodingServerHttpResponseTests.this.skipped.add(reason);
			}

			@Override
			public void encoded(Side side, Direction direction, String coding, long identityBytes,
					long encodedBytes, long codecNanos) {
				EncodingServerHttpResponseTests.this.encoded.add(coding);
			}

			@Override
			public void aborted(Side side, Direction direction, String coding) {
				EncodingServerHttpResponseTests.this.aborted.add(coding);
			}

		};
		return new EncodingServerHttpResponse(this.wrapped,
				new ReactiveCompressionExchange(new ResponseEncodingRules(settings), handlers, recorder, exchange));
	}

	private ServerCompressionSettings settings(long minResponseSize) {
		ContentCodecs codecs = this.codecs;
		return new ServerCompressionSettings(codecs, codecs.all(), CompressionMode.ALL, minResponseSize,
				List.of(MimeType.valueOf("application/json"), MimeType.valueOf("text/*")), List.of(), true,
				16 * 1024 * 1024, 2, true);
	}

	/**
	 * A response that writes flushed groups as Reactor Netty's {@code sendGroups} does, taking up
	 * to 32 groups ahead while a network write is in progress, and cancels after a number of
	 * buffers, as a client that goes away makes it.
	 */
	static final class GroupPrefetchingResponse extends CommitActionCountingResponse {

		private final long buffersWritten;

		private final ByteArrayOutputStream written = new ByteArrayOutputStream();

		private final Sinks.Empty<Void> firstWriteDone = Sinks.empty();

		private int groupsDiscarded;

		GroupPrefetchingResponse(long buffersWritten) {
			this.buffersWritten = buffersWritten;
		}

		/**
		 * Lets the groups through, as the network write before them completes: until then
		 * they are only taken ahead.
		 */
		void writeFirstGroup() {
			this.firstWriteDone.tryEmitEmpty();
		}

		@Override
		protected Mono<Void> writeAndFlushWithInternal(Publisher<? extends Publisher<? extends DataBuffer>> body) {
			return Flux.from(body)
				.concatMap((group) -> this.firstWriteDone.asMono().thenMany(group), 32)
				.doOnDiscard(Publisher.class, (group) -> this.groupsDiscarded++)
				.take(this.buffersWritten)
				.doOnNext((buffer) -> {
					byte[] bytes = new byte[buffer.readableByteCount()];
					buffer.read(bytes);
					this.written.writeBytes(bytes);
					DataBufferUtils.release(buffer);
				})
				.then();
		}

	}

	/**
	 * A response that counts the actions registered to run when it is committed: each one makes
	 * WebFlux assemble and subscribe a chain of operators at every commit.
	 */
	static class CommitActionCountingResponse extends MockServerHttpResponse {

		private int commitActions;

		@Override
		public void beforeCommit(Supplier<? extends Mono<Void>> action) {
			this.commitActions++;
			super.beforeCommit(action);
		}

	}

}
