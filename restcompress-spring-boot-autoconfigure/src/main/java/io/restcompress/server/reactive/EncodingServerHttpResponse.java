package io.restcompress.server.reactive;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.channels.AsynchronousFileChannel;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

import io.restcompress.codec.ContentCodec;
import io.restcompress.internal.SizeThreshold;
import io.restcompress.internal.reactive.StreamingEncoder;
import io.restcompress.internal.server.BodyOutcome;
import io.restcompress.internal.server.EncodingHeaders;
import io.restcompress.internal.server.ResponseBodyCopy;
import io.restcompress.internal.server.ResponseEncodingDecision;
import io.restcompress.internal.server.ResponseEncodingRules;
import io.restcompress.internal.server.ResponseFields;
import io.restcompress.metrics.SkipReason;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;
import reactor.core.publisher.SignalType;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ZeroCopyHttpOutputMessage;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import org.springframework.web.util.DisconnectedClientHelper;

/**
 * Decides when the body is written whether the response is encoded: at once for a declared
 * length, at the first flush of a streamed body ({@code writeAndFlushWith}, or any body of
 * server-sent events or JSON lines, which is flushed buffer by buffer), else once the
 * threshold's worth of bytes has arrived or the body has ended, holding at most that many bytes
 * meanwhile. A body of declared length below the threshold that the rules leave as it is goes
 * to the server untouched, without this class's operators. A response without a body (a
 * {@code 304}, a {@code HEAD}, an empty stream) gets its header fields before the server
 * commits it: when it is ended through this decorator, or when the filter chain completes, so
 * the content-coding filter should stay outside the filters that change a response after the
 * chain (it is among the first by default). Encoding
 * runs on the thread that delivers each buffer; every buffer is released, whichever way the
 * body ends. A file written through {@link ZeroCopyHttpOutputMessage} goes to the server's
 * zero-copy transfer when it is sent as it is, and is read into buffers and encoded otherwise.
 */
final class EncodingServerHttpResponse extends ServerHttpResponseDecorator implements ZeroCopyHttpOutputMessage {

	private static final List<MediaType> STREAMING_TYPES = List.of(MediaType.TEXT_EVENT_STREAM,
			MediaType.APPLICATION_NDJSON, MediaType.parseMediaType("application/stream+json"),
			MediaType.parseMediaType("application/*+x-ndjson"));

	private static final int FILE_BUFFER_SIZE = 64 * 1024;

	private static final VarHandle DECIDED;

	static {
		try {
			DECIDED = MethodHandles.lookup().findVarHandle(EncodingServerHttpResponse.class, "decided", boolean.class);
		}
		catch (ReflectiveOperationException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

	private final ReactiveCompressionExchange exchange;

	private final ResponseFields fields;

	private volatile boolean decided;

	/** The application's entity tag, kept while a coding's fields are applied to the response. */
	private volatile @Nullable String entityTagBeforeCoding;

	private volatile boolean codingApplied;

	EncodingServerHttpResponse(ServerHttpResponse delegate, ReactiveCompressionExchange exchange) {
		super(delegate);
		this.exchange = exchange;
		this.fields = ResponseFields.of(delegate.getHeaders());
	}

	/**
	 * Leaves the response as it is, for a problem response written in its place.
	 */
	void bypass() {
		this.decided = true;
	}

	/**
	 * Leaves the response to the error that the filter chain ended with, which WebFlux's
	 * exception handlers answer on the server's response, with the header fields the handler's
	 * codings add to each of its responses, error responses included, as on the servlet side.
	 */
	void chainFailed() {
		this.decided = true;
		if (!isCommitted()) {
			if (this.codingApplied) {
				EncodingHeaders.withdraw(this.fields, this.entityTagBeforeCoding);
			}
			this.exchange.failed(this.fields);
		}
	}

	/**
	 * Completes the header fields of a response that the application ended without writing a
	 * body through this decorator, before the server commits it: called when the filter chain
	 * has completed.
	 */
	void chainCompleted() {
		if (!this.decided && !isCommitted()) {
			beforeCommit(0);
		}
	}

	@Override
	public Mono<Void> setComplete() {
		return Mono.defer(() -> {
			if (!isCommitted()) {
				beforeCommit(0);
			}
			return super.setComplete();
		});
	}

	@Override
	public Mono<Void> writeWith(Publisher<? extends DataBuffer> written) {
		return Mono.defer(() -> {
			ResponseBodyCopy copy = this.exchange.bodyCopy();
			if (copy == null) {
				return write(written);
			}
			BodyCopying copying = new BodyCopying(copy);
			return write(copying.feeding(written)).doOnSuccess((done) -> copying.written(status(), this.fields));
		});
	}

	private Mono<Void> write(Publisher<? extends DataBuffer> body) {
		int status = status();
		if (this.decided || status == HttpStatus.NOT_MODIFIED.value()) {
			beforeCommit(0);
			return super.writeWith(body);
		}
		long declaredLength = getHeaders().getContentLength();
		if (SizeThreshold.isBelow(declaredLength, this.exchange.minResponseSize())) {
			Body belowThreshold = new Body(status);
			belowThreshold.decide(declaredLength);
			if (!belowThreshold.transforms()) {
				return super.writeWith(body);
			}
			return belowThreshold.written(super.writeWith(Flux.defer(() -> belowThreshold.encode(Flux.from(body)))))
				.doFinally((signal) -> belowThreshold.release());
		}
		SkipReason reason = this.exchange.ineligibility(status, this.fields);
		if (reason != null) {
			identity(reason);
			return recorded(super.writeWith(body), new BodyOutcome(this.exchange.recorder()), !(body instanceof Mono));
		}
		Body encoding = new Body(status);
		if (isStreaming()) {
			return encoding.writtenFlushed(super.writeWith(Flux.defer(() -> encoding
				.encodeFlushed(Flux.from(body).map(Mono::just))
				.concatMap((chunk) -> chunk))));
		}
		return encoding.written(super.writeWith(Flux.defer(() -> {
			if (declaredLength >= 0) {
				encoding.decide(declaredLength);
			}
			return encoding.encode(Flux.from(body));
		})));
	}

	/**
	 * Writes a region of a file: through the server's zero-copy transfer when the response is
	 * known before its first byte to go out as it is (decided already, or not eligible: a type
	 * that is not compressible, a handler that is not) and the server has one; otherwise read
	 * into buffers and written as any body, so that it is encoded when the rules say so, or
	 * copied as a dictionary (an eligible file below the threshold, or for a client that accepts
	 * no coding, goes out unencoded that way too).
	 */
	@Override
	public Mono<Void> writeWith(Path file, long position, long count) {
		return Mono.defer(() -> {
			if (getDelegate() instanceof ZeroCopyHttpOutputMessage zeroCopy && this.exchange.bodyCopy() == null) {
				int status = status();
				if (this.decided || status == HttpStatus.NOT_MODIFIED.value()) {
					beforeCommit(count);
					return zeroCopy.writeWith(file, position, count);
				}
				SkipReason reason = this.exchange.ineligibility(status, this.fields);
				if (reason != null) {
					identity(reason);
					return recorded(zeroCopy.writeWith(file, position, count),
							new BodyOutcome(this.exchange.recorder()), false);
				}
			}
			Flux<DataBuffer> read = DataBufferUtils.readAsynchronousFileChannel(
					() -> AsynchronousFileChannel.open(file, StandardOpenOption.READ), position, bufferFactory(),
					FILE_BUFFER_SIZE);
			return writeWith(DataBufferUtils.takeUntilByteCount(read, count));
		});
	}

	@Override
	public Mono<Void> writeAndFlushWith(Publisher<? extends Publisher<? extends DataBuffer>> body) {
		return Mono.defer(() -> {
			int status = status();
			if (this.decided || status == HttpStatus.NOT_MODIFIED.value() || this.exchange.isHead()) {
				beforeCommit(-1);
				return super.writeAndFlushWith(body);
			}
			SkipReason reason = this.exchange.ineligibility(status, this.fields);
			if (reason != null) {
				identity(reason);
				return recorded(super.writeAndFlushWith(body), new BodyOutcome(this.exchange.recorder()), true);
			}
			Body encoding = new Body(status);
			return encoding
				.writtenFlushed(super.writeAndFlushWith(Flux.defer(() -> encoding.encodeFlushed(Flux.from(body)))));
		});
	}

	/**
	 * Whether the body is a stream of events or lines that WebFlux writes as they come (as
	 * {@code writeAndFlushWith} does), so that each buffer is flushed through the encoder.
	 */
	private boolean isStreaming() {
		MediaType contentType = getHeaders().getContentType();
		if (contentType == null) {
			return false;
		}
		for (MediaType streaming : STREAMING_TYPES) {
			if (streaming.isCompatibleWith(contentType)) {
				return true;
			}
		}
		return false;
	}

	private int status() {
		HttpStatusCode status = getStatusCode();
		return (status != null) ? status.value() : HttpStatus.OK.value();
	}

	private void identity(@Nullable SkipReason reason) {
		this.decided = true;
		this.exchange.skipped(reason);
		if (reason == SkipReason.STATUS_OR_METHOD) {
			this.exchange.varyPartialContent(status(), this.fields);
		}
	}

	/**
	 * Marks the response decided, once.
	 * @return whether this call decided it
	 */
	private boolean markDecided() {
		return DECIDED.compareAndSet(this, false, true);
	}

	/**
	 * Completes the header fields of a response whose body did not decide them: a {@code 304}
	 * gets the {@code Vary} and entity tag of the {@code 200} it validates, a {@code HEAD} the
	 * header fields of its {@code GET}, and the handshake of a protocol switch (a WebSocket
	 * upgrade, which the server answers with {@code 101} when this completes it) nothing, not
	 * even a count, as it sends no response body. Once per response: a decided response is left
	 * as it is.
	 * @param undeclaredLength the body's length if no {@code Content-Length} declares one:
	 * {@code 0} for a response ended without a body, {@code -1} for a stream that WebFlux does
	 * not write for a {@code HEAD}
	 */
	private void beforeCommit(long undeclaredLength) {
		int status = status();
		if (status == HttpStatus.NOT_MODIFIED.value()) {
			if (markDecided()) {
				EncodingHeaders.applyToNotModified(this.exchange.decideNotModified(this.fields), this.fields,
						this.exchange.ifNoneMatch());
				this.exchange.skipped(this.exchange.ineligibility(status, this.fields));
			}
			return;
		}
		if (!markDecided()) {
			return;
		}
		if (status == HttpStatus.OK.value() && this.exchange.isWebSocketHandshake()) {
			return;
		}
		long declaredLength = getHeaders().getContentLength();
		long length = (declaredLength >= 0) ? declaredLength : undeclaredLength;
		if (length == 0 && declaredLength < 0 && ResponseEncodingRules.mayEncodeStatus(status)) {
			getHeaders().setContentLength(0);
		}
		ResponseEncodingDecision decision = this.exchange.decide(status, this.fields, length);
		if (this.exchange.isHead()) {
			EncodingHeaders.apply(decision, this.fields);
			if (decision.encodes()) {
				this.exchange.skipped(SkipReason.STATUS_OR_METHOD);
				return;
			}
		}
		identity(decision.skipReason());
	}

	/**
	 * Records how a body ended once the server is done writing it. Reactor Netty completes the
	 * write of a stream of buffers, rather than failing it, when the connection or HTTP/2 stream
	 * closed before the body was written, so a closed channel at that moment means its client
	 * went away. A single buffer ({@code Mono}) it writes at once and fails if the connection is
	 * gone, and over HTTP/1.1 the response's channel reads as closed once such a write is done,
	 * so there the channel tells nothing.
	 * @param write the server's write
	 * @param outcome where the body's end is recorded
	 * @param streamed whether the body was handed to the server as a stream of buffers
	 */
	private Mono<Void> recorded(Mono<Void> write, BodyOutcome outcome, boolean streamed) {
		return write.doOnSuccess((done) -> {
			if (streamed && ReactorNettyChannels.isClosed(getDelegate())) {
				outcome.clientGone(() -> "the connection closed before the body was written");
			}
			else {
				outcome.written();
			}
		}).doOnError((ex) -> {
			if (DisconnectedClientHelper.isClientDisconnectedException(ex) || ex instanceof ClosedChannelException) {
				outcome.clientGone(ex::toString);
			}
			else {
				outcome.failed();
			}
		}).doOnCancel(() -> cancelled(outcome, () -> "the server cancelled the write"));
	}

	/**
	 * Records a body whose write or production was cancelled: its client went away, unless
	 * its connection is still open, in which case the application cancelled it (a timeout).
	 */
	private void cancelled(BodyOutcome outcome, Supplier<String> how) {
		if (ReactorNettyChannels.isOpen(getDelegate())) {
			outcome.failed();
		}
		else {
			outcome.clientGone(how);
		}
	}

	/**
	 * One body written to the server: the bytes held while undecided, then the encoder or the
	 * identity pass-through, and how it ended. Cancellation may come from another
	 * thread, hence the locking.
	 */
	private final class Body {

		private final int status;

		private final List<DataBuffer> held = new ArrayList<>();

		private final List<FlushedGroup> untakenGroups = new ArrayList<>();

		private long heldBytes;

		private boolean undecided = true;

		private boolean discarding;

		private @Nullable StreamingEncoder encoder;

		private @Nullable BodyOutcome outcome;

		private boolean released;

		Body(int status) {
			this.status = status;
		}

		Flux<DataBuffer> encode(Flux<DataBuffer> body) {
			return body.concatMap((buffer) -> emit(() -> accept(buffer)))
				.concatWith(Flux.defer(() -> emit(this::complete)))
				.doFinally(this::ended)
				.doOnDiscard(DataBuffer.class, DataBufferUtils::release);
		}

		Flux<Flux<DataBuffer>> encodeFlushed(Flux<? extends Publisher<? extends DataBuffer>> body) {
			return body.<Flux<DataBuffer>>map((chunk) -> {
				if (this.undecided) {
					decide(-1);
				}
				return group(chunk);
			})
				.concatWith(Flux.defer(this::end))
				.doOnCancel(() -> cancelled(outcome(), () -> "the server cancelled the body"))
				.doOnDiscard(DataBuffer.class, DataBufferUtils::release);
		}

		/**
		 * Records how a flushed body ended once the server is done writing it, and only then
		 * releases the encoder, before the end is passed on: the server may take groups ahead
		 * of the one it writes (Reactor Netty takes up to 32), so the last ones, the encoder's
		 * end among them, may be encoded after the body's publisher has completed.
		 */
		Mono<Void> writtenFlushed(Mono<Void> write) {
			return written(write).doOnTerminate(this::release).doOnCancel(this::release);
		}

		/**
		 * Records how the body ended once the server is done writing it.
		 */
		Mono<Void> written(Mono<Void> write) {
			return recorded(write, outcome(), true);
		}

		/**
		 * How this body ends, made when it is first needed: a body of declared length below
		 * the threshold that is sent as it is never needs one.
		 */
		private synchronized BodyOutcome outcome() {
			if (this.outcome == null) {
				this.outcome = new BodyOutcome(EncodingServerHttpResponse.this.exchange.recorder());
			}
			return this.outcome;
		}

		private void ended(SignalType signal) {
			release();
			if (signal == SignalType.CANCEL) {
				cancelled(outcome(), () -> "the server cancelled the body");
			}
		}

		/**
		 * Ends a flushed body: with the encoder's last block, or, for a stream that flushed
		 * nothing, with the header fields of a body that ended empty, before the server commits
		 * it.
		 */
		private Flux<Flux<DataBuffer>> end() {
			if (this.undecided) {
				beforeCommit(0);
				return Flux.empty();
			}
			return Flux.just(Flux.defer(this::finish));
		}

		private Flux<DataBuffer> emit(Callable<? extends Iterable<DataBuffer>> buffers) {
			try {
				return Flux.fromIterable(buffers.call())
					.onErrorMap(UncheckedIOException.class,
							(ex) -> new IllegalStateException("Encoding the response failed", ex.getCause()));
			}
			catch (Exception ex) {
				return Flux.error(ex);
			}
		}

		synchronized void decide(long identityLength) {
			this.undecided = false;
			EncodingServerHttpResponse.this.decided = true;
			ResponseEncodingDecision decision = EncodingServerHttpResponse.this.exchange.decide(this.status,
					EncodingServerHttpResponse.this.fields, identityLength);
			EncodingServerHttpResponse.this.entityTagBeforeCoding = getHeaders().getFirst(HttpHeaders.ETAG);
			EncodingHeaders.apply(decision, EncodingServerHttpResponse.this.fields);
			ContentCodec codec = decision.codec();
			EncodingServerHttpResponse.this.codingApplied = codec != null;
			if (codec == null) {
				if (identityLength >= 0 && getHeaders().getContentLength() != identityLength) {
					getHeaders().setContentLength(identityLength);
				}
				identity(decision.skipReason());
				return;
			}
			if (EncodingServerHttpResponse.this.exchange.isHead()) {
				this.discarding = true;
				EncodingServerHttpResponse.this.exchange.skipped(SkipReason.STATUS_OR_METHOD);
				return;
			}
			BodyOutcome outcome = outcome();
			outcome.encoding(codec.coding(), decision.feedback());
			try {
				this.encoder = StreamingEncoder.open(codec, bufferFactory(), outcome);
			}
			catch (IOException ex) {
				throw new IllegalStateException("Cannot start the " + codec.coding() + " encoder", ex);
			}
		}

		/**
		 * Whether the decided body is encoded or dropped: a body left as it is needs no part of
		 * this class.
		 */
		synchronized boolean transforms() {
			return this.encoder != null || this.discarding;
		}

		private synchronized Iterable<DataBuffer> accept(DataBuffer buffer) {
			if (this.released) {
				DataBufferUtils.release(buffer);
				return List.of();
			}
			if (this.undecided) {
				this.held.add(buffer);
				this.heldBytes += buffer.readableByteCount();
				long toDecide = SizeThreshold.bytesToDecide(EncodingServerHttpResponse.this.exchange.minResponseSize());
				if (this.heldBytes < toDecide) {
					return List.of();
				}
				decide(-1);
				return drainHeld();
			}
			return pass(buffer);
		}

		private synchronized Iterable<DataBuffer> complete() throws IOException {
			if (this.undecided) {
				decide(this.heldBytes);
				return drainHeld();
			}
			DataBuffer last = finish0();
			return (last != null) ? List.of(last) : List.of();
		}

		private synchronized List<DataBuffer> flush() throws IOException {
			if (this.encoder == null || this.released) {
				return List.of();
			}
			DataBuffer flushed = this.encoder.flush();
			return (flushed != null) ? List.of(flushed) : List.of();
		}

		private synchronized Flux<DataBuffer> finish() {
			try {
				DataBuffer last = finish0();
				return (last != null) ? Flux.just(last) : Flux.empty();
			}
			catch (IOException ex) {
				return Flux.error(ex);
			}
		}

		private @Nullable DataBuffer finish0() throws IOException {
			return (this.encoder != null && !this.released) ? this.encoder.finish() : null;
		}

		private Iterable<DataBuffer> drainHeld() {
			List<DataBuffer> held = new ArrayList<>(this.held);
			this.held.clear();
			this.heldBytes = 0;
			if (this.discarding) {
				held.forEach(DataBufferUtils::release);
				return List.of();
			}
			if (this.encoder == null) {
				return held;
			}
			held.forEach(this.encoder::take);
			return this.encoder.encoded();
		}

		private Iterable<DataBuffer> pass(DataBuffer buffer) {
			if (this.discarding) {
				DataBufferUtils.release(buffer);
				return List.of();
			}
			return (this.encoder != null) ? this.encoder.writeAsRead(buffer) : List.of(buffer);
		}

		void release() {
			List<Publisher<? extends DataBuffer>> unread;
			synchronized (this) {
				this.released = true;
				this.held.forEach(DataBufferUtils::release);
				this.held.clear();
				if (this.encoder != null) {
					this.encoder.close();
				}
				unread = this.untakenGroups.stream()
					.<Publisher<? extends DataBuffer>>map((group) -> group.chunk)
					.toList();
				this.untakenGroups.clear();
			}
			unread.forEach((chunk) -> Flux.from(chunk).subscribe(DataBufferUtils::release, (ex) -> {
			}));
		}

		private synchronized FlushedGroup group(Publisher<? extends DataBuffer> chunk) {
			FlushedGroup group = new FlushedGroup(chunk);
			this.untakenGroups.add(group);
			return group;
		}

		private synchronized boolean claim(FlushedGroup group) {
			return this.untakenGroups.remove(group);
		}

		/**
		 * One flushed part of the body, encoded when the server takes it. The server may take
		 * groups ahead of the one it writes and drop those it holds when the client goes away:
		 * the buffers of a group it never took are released with the body.
		 */
		private final class FlushedGroup extends Flux<DataBuffer> {

			private final Publisher<? extends DataBuffer> chunk;

			FlushedGroup(Publisher<? extends DataBuffer> chunk) {
				this.chunk = chunk;
			}

			@Override
			public void subscribe(CoreSubscriber<? super DataBuffer> actual) {
				if (!claim(this)) {
					Operators.complete(actual);
					return;
				}
				Flux.from(this.chunk)
					.concatMap((buffer) -> emit(() -> accept(buffer)))
					.concatWith(Flux.defer(() -> emit(Body.this::flush)))
					.subscribe(actual);
			}

		}

	}

}
