package io.restcompress.client;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import io.restcompress.codec.ContentCodec;
import io.restcompress.internal.reactive.DecoderThreads;
import io.restcompress.internal.reactive.ReactiveBodyDecoder;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.web.reactive.function.BodyInserter;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeFunction;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import org.springframework.web.reactive.function.client.support.ClientResponseWrapper;

/**
 * Adds restcompress to {@code WebClient}: sends {@code Accept-Encoding}, decodes response bodies
 * incrementally, and compresses request bodies as they stream, as {@link ClientCompression}
 * decides, resending once after a {@code 415} that names the accepted codings (which writes
 * the body a second time, as any retry does; a resend whose body comes out empty where the
 * first was not is aborted rather than sent empty).
 * <p>
 * The codecs decode from blocking streams, so each response body being decoded occupies a
 * thread of the decoding executor while it is read; event-loop threads never block. By default
 * that is a shared pool of at most {@value #DEFAULT_DECODER_THREADS} daemon threads; bodies
 * beyond that wait for a thread without being read.
 */
public final class ClientCompressionExchangeFilter implements ExchangeFilterFunction, CompressionComponent {

	/** The most response bodies the shared decoder threads decode at once. */
	public static final int DEFAULT_DECODER_THREADS = 64;

	private static final Executor SHARED_DECODER_THREADS = new DecoderThreads("restcompress-decoder",
			DEFAULT_DECODER_THREADS, 1024);

	private final ClientCompression compression;

	private final ReactiveBodyDecoder decoder;

	/**
	 * Creates a filter that decodes on the shared decoder threads.
	 * @param compression the shared policy
	 */
	public ClientCompressionExchangeFilter(ClientCompression compression) {
		this(compression, SHARED_DECODER_THREADS);
	}

	/**
	 * Creates a filter that decodes on the given executor, which must not run tasks on an event
	 * loop. A body that is subscribed to but not consumed holds its thread, so an executor with
	 * a bounded number of threads must have enough for the bodies an application reads at once.
	 * @param compression the shared policy
	 * @param decoderExecutor runs one blocking task per response body being decoded
	 */
	public ClientCompressionExchangeFilter(ClientCompression compression, Executor decoderExecutor) {
		this(compression, decoderExecutor, Duration.ZERO);
	}

	/**
	 * Creates a filter that decodes on the given executor and gives up on a response body whose
	 * next bytes do not arrive within {@code idleTimeout}: the body fails with a
	 * {@link io.restcompress.codec.ContentTimeoutException} and its thread is freed.
	 * @param compression the shared policy
	 * @param decoderExecutor runs one blocking task per response body being decoded
	 * @param idleTimeout the longest a decoder waits for the next bytes, or zero to wait as long
	 * as it takes
	 */
	public ClientCompressionExchangeFilter(ClientCompression compression, Executor decoderExecutor,
			Duration idleTimeout) {
		this.compression = compression;
		this.decoder = new ReactiveBodyDecoder(decoderExecutor, idleTimeout);
	}

	@Override
	public Mono<ClientResponse> filter(ClientRequest request, ExchangeFunction next) {
		if (ClientCompression.skipRequested(request.attributes())) {
			return next.exchange(request);
		}
		if (request.headers().containsHeader(HttpHeaders.ACCEPT_ENCODING)) {
			return exchange(request, decide(request), List.of(), next, BodyTally.first(), true);
		}
		AtomicReference<List<ContentCodec>> offered = new AtomicReference<>(List.of());
		ClientRequest accepting = ClientRequest.from(request)
			.headers((headers) -> offered.set(this.compression.accepting(request.url(), headers)))
			.build();
		return exchange(accepting, decide(request), offered.get(), next, BodyTally.first(), true);
	}

	private RequestDecision decide(ClientRequest request) {
		return this.compression.requests().decide(request.url(), request.headers());
	}

	private Mono<ClientResponse> exchange(ClientRequest request, RequestDecision decision, List<ContentCodec> offered,
			ExchangeFunction next, BodyTally tally, boolean mayResend) {
		AtomicReference<ContentCodec> used = new AtomicReference<>();
		URI uri = request.url();
		AtomicReference<URI> answeredBy = new AtomicReference<>(uri);
		ResponseStream stream = new ResponseStream();
		UnsentBody unsent = new UnsentBody();
		return next.exchange(compressing(request, decision, used, tally, unsent, answeredBy))
			.doOnError((ex) -> unsent.abandon())
			.doOnCancel(unsent::abandon)
			.contextWrite(stream::into)
			.flatMap((response) -> {
				unsent.abandon();
				URI answering = answeredBy.get();
				RequestDecision resend = this.compression.requests()
					.afterResponse(answering, response.statusCode().value(), response.headers().asHttpHeaders(),
							used.get());
				if (mayResend && resend != null && tally.ended()) {
					return response.releaseBody()
						.then(exchange(request, resend, offered, next, tally.forResend(), false));
				}
				return Mono.just(decoded(request, response, RedirectHops.dictionaryCodings(uri, answering, offered),
						stream, answering));
			});
	}

	/**
	 * Compresses the request body as decided, and notes where each hop of a redirect that the
	 * HTTP library follows went: a hop to another origin is sent without the dictionary offered
	 * to the first, and what the last hop's answer teaches is kept for its own origin.
	 */
	private ClientRequest compressing(ClientRequest request, RequestDecision decision,
			AtomicReference<ContentCodec> used, BodyTally tally, UnsentBody unsent, AtomicReference<URI> answeredBy) {
		BodyInserter<?, ? super ClientHttpRequest> body = request.body();
		return ClientRequest.from(request).body((message, context) -> {
			URI hop = RedirectHops.redirectedTo(message);
			if (hop != null) {
				answeredBy.set(hop);
				if (!RedirectHops.sameOrigin(hop, request.url())) {
					ClientDictionaries.withdrawOffer(message.getHeaders());
				}
			}
			return body.insert(new CompressingClientHttpRequest(message, this.compression, decision, used, tally, unsent),
					context);
		}).build();
	}

	private ClientResponse decoded(ClientRequest request, ClientResponse response, List<ContentCodec> offered,
			ResponseStream stream, URI answering) {
		ClientCompression.ResponseReading reading = this.compression.responseReading(answering, request.method(),
				response.statusCode().value(), response.headers().asHttpHeaders(), offered);
		if (reading.untouched()) {
			return response;
		}
		HttpHeaders headers = reading.decoders().isEmpty() ? response.headers().asHttpHeaders()
				: ClientCompression.decodedHeaders(response.headers().asHttpHeaders());
		AtomicBoolean read = new AtomicBoolean();
		Flux<DataBuffer> body = Flux.defer(() -> {
			read.set(true);
			return this.decoder.decode(response.bodyToFlux(DataBuffer.class), stream::demanded,
					String.join(", ", response.headers().header(HttpHeaders.CONTENT_ENCODING)),
					(encoded) -> this.compression.readingStream(encoded, reading, answering));
		});
		// a new response, not mutate(): mutate() edits the connector's headers, which Jetty's are read-only
		ClientResponse decoded = ClientResponse.create(response.statusCode(), response.strategies())
			.headers((target) -> target.addAll(headers))
			.cookies((target) -> target.addAll(response.cookies()))
			.request(response.request())
			.body(body)
			.build();
		return new ReleasedUndecoded(decoded, response, read);
	}

	/**
	 * A decoded response whose body, when it is released without being read
	 * ({@code toBodilessEntity()}, {@code bodyToMono(Void.class)}, {@code releaseBody()}), is
	 * released as it came, without a decoder: nothing is decoded only to be thrown away, and a
	 * body that would not decode does not fail the call. Released after it was read (WebClient
	 * releases every exchange's body, and the body of a failed {@code retrieve()}), it is left to
	 * the decoding already subscribed, which releases the body as it came when it ends or is
	 * cancelled: subscribing again would decode it a second time.
	 */
	private static final class ReleasedUndecoded extends ClientResponseWrapper {

		private final ClientResponse encoded;

		private final AtomicBoolean read;

		ReleasedUndecoded(ClientResponse decoded, ClientResponse encoded, AtomicBoolean read) {
			super(decoded);
			this.encoded = encoded;
			this.read = read;
		}

		@Override
		public Mono<Void> releaseBody() {
			return Mono.defer(() -> this.read.compareAndSet(false, true) ? this.encoded.releaseBody() : Mono.empty());
		}

		/**
		 * The exception for this response, with the decoded body when it was not read yet (an
		 * error status), and without a body when it was: WebClient asks for the exception when
		 * reading the body failed (past the decoded-size limit, corrupt), and reading it again
		 * would decode it a second time, only for a body the exception then leaves out.
		 */
		@Override
		public Mono<WebClientResponseException> createException() {
			return Mono.defer(() -> this.read.get() ? withoutBody().createException() : super.createException());
		}

		@Override
		public <T> Mono<T> createError() {
			return createException().flatMap(Mono::error);
		}

		private ClientResponse withoutBody() {
			return ClientResponse.create(statusCode(), this.encoded.strategies())
				.headers((target) -> target.addAll(headers().asHttpHeaders()))
				.request(request())
				.build();
		}

		@Override
		public Mono<ResponseEntity<Void>> toBodilessEntity() {
			return releaseBody().then(Mono.fromSupplier(() -> ResponseEntity.status(statusCode())
				.headers(headers().asHttpHeaders())
				.build()));
		}

		@Override
		@SuppressWarnings("unchecked")
		public <T> Mono<T> bodyToMono(Class<? extends T> elementClass) {
			return Void.class.equals(elementClass) ? (Mono<T>) releaseBody() : super.bodyToMono(elementClass);
		}

	}

}
