package io.restcompress.client;

import java.net.URI;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.restcompress.codec.ContentCodec;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.web.reactive.function.BodyInserter;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeFunction;

/**
 * Adds restcompress to {@code WebClient}: sends {@code Accept-Encoding}, decodes response bodies
 * incrementally, and compresses request bodies as they stream, as {@link ClientCompression}
 * decides, resending once after a {@code 415} that names the accepted codings (which writes
 * the body a second time, as any retry does).
 * <p>
 * The codecs decode from blocking streams, so each response body being decoded occupies a
 * thread of the decoding executor while it is read; event-loop threads never block. By default
 * that is a shared pool of daemon threads that grows with the number of bodies being decoded at
 * once and shrinks when they are idle.
 */
public final class ClientCompressionExchangeFilter implements ExchangeFilterFunction, CompressionComponent {

	private static final Executor SHARED_DECODER_THREADS = decoderThreads();

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
	 * loop and must not queue them behind a bounded number of threads.
	 * @param compression the shared policy
	 * @param decoderExecutor runs one blocking task per response body being decoded
	 */
	public ClientCompressionExchangeFilter(ClientCompression compression, Executor decoderExecutor) {
		this.compression = compression;
		this.decoder = new ReactiveBodyDecoder(compression, decoderExecutor);
	}

	@Override
	public Mono<ClientResponse> filter(ClientRequest request, ExchangeFunction next) {
		if (ClientCompression.skipRequested(request.attributes())) {
			return next.exchange(request);
		}
		ClientRequest accepting = request.headers().containsHeader(HttpHeaders.ACCEPT_ENCODING) ? request
				: ClientRequest.from(request)
					.header(HttpHeaders.ACCEPT_ENCODING, this.compression.acceptEncoding())
					.build();
		RequestDecision decision = this.compression.decide(request.url(), request.headers());
		return exchange(accepting, decision, next, true);
	}

	private Mono<ClientResponse> exchange(ClientRequest request, RequestDecision decision, ExchangeFunction next,
			boolean mayResend) {
		AtomicReference<ContentCodec> used = new AtomicReference<>();
		URI uri = request.url();
		return next.exchange(compressing(request, decision, used)).flatMap((response) -> {
			HttpHeaders headers = response.headers().asHttpHeaders();
			this.compression.learn(uri, headers);
			ContentCodec codec = used.get();
			if (mayResend && codec != null && response.statusCode().value() == 415) {
				RequestDecision resend = this.compression.afterRejection(uri, headers, codec);
				if (resend != null) {
					return response.releaseBody().then(exchange(request, resend, next, false));
				}
			}
			return Mono.just(decoded(request, response));
		});
	}

	private ClientRequest compressing(ClientRequest request, RequestDecision decision,
			AtomicReference<ContentCodec> used) {
		BodyInserter<?, ? super ClientHttpRequest> body = request.body();
		return ClientRequest.from(request)
			.body((message, context) -> body
				.insert(new CompressingClientHttpRequest(message, this.compression, decision, used), context))
			.build();
	}

	private ClientResponse decoded(ClientRequest request, ClientResponse response) {
		List<ContentCodec> decoders = this.compression.responseDecoders(request.method(),
				response.statusCode().value(), response.headers().asHttpHeaders());
		if (decoders.isEmpty()) {
			return response;
		}
		HttpHeaders headers = ClientCompression.decodedHeaders(response.headers().asHttpHeaders());
		// a new response, not mutate(): mutate() edits the connector's headers, which Jetty's are read-only
		return ClientResponse.create(response.statusCode(), response.strategies())
			.headers((target) -> target.addAll(headers))
			.cookies((target) -> target.addAll(response.cookies()))
			.request(response.request())
			.body(this.decoder.decode(response.bodyToFlux(DataBuffer.class), decoders))
			.build();
	}

	private static Executor decoderThreads() {
		AtomicInteger count = new AtomicInteger();
		ThreadFactory threads = (task) -> {
			Thread thread = new Thread(task, "restcompress-decoder-" + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		};
		return new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), threads);
	}

}
