package io.restcompress.dictionary;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;

import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.Ordered;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * The WebFlux side of dictionaries around the handlers: keeps the bodies of
 * {@link DictionaryCompressed} handlers' {@code 200} responses to {@code GET} as dictionaries or
 * training samples ({@link CapturedBodies}), and serves trained dictionaries at their URLs, as
 * {@link DictionaryBodyCopies} and {@link TrainedDictionaryFilter} do on Spring MVC. Runs
 * inside the content-coding filter, so it sees the body before it is encoded. Bodies written
 * with flushes ({@code writeAndFlushWith}, such as server-sent events) are not kept.
 */
public class DictionaryCaptureWebFilter implements WebFilter, Ordered {

	private final CapturedBodies bodies;

	private final DictionaryDeclarations declarations;

	private final @Nullable DictionaryTrainer trainer;

	private final int order;

	/**
	 * Creates the filter.
	 * @param bodies where kept bodies go
	 * @param declarations which handlers are dictionaries
	 * @param trainer the trained dictionaries to serve, or {@code null} for none
	 * @param order the filter's order, after the content-coding filter's
	 */
	public DictionaryCaptureWebFilter(CapturedBodies bodies, DictionaryDeclarations declarations,
			@Nullable DictionaryTrainer trainer, int order) {
		this.bodies = bodies;
		this.declarations = declarations;
		this.trainer = trainer;
		this.order = order;
	}

	@Override
	public int getOrder() {
		return this.order;
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		if (exchange.getRequest().getMethod() != HttpMethod.GET) {
			return chain.filter(exchange);
		}
		StoredDictionary trained = (this.trainer != null) ? this.trainer.served(exchange.getRequest().getPath().value())
				: null;
		if (trained != null) {
			ServerHttpResponse response = exchange.getResponse();
			DictionaryTrainer.servedFields(trained).forEach(response.getHeaders()::set);
			return response.writeWith(Mono.fromSupplier(() -> response.bufferFactory().wrap(trained.content())));
		}
		return chain.filter(exchange.mutate().response(new Capturing(exchange)).build());
	}

	private final class Capturing extends ServerHttpResponseDecorator {

		private final ServerWebExchange exchange;

		Capturing(ServerWebExchange exchange) {
			super(exchange.getResponse());
			this.exchange = exchange;
		}

		@Override
		public Mono<Void> writeWith(Publisher<? extends DataBuffer> body) {
			DictionaryDeclarations.Declaration declaration = DictionaryCaptureWebFilter.this.declarations
				.of(this.exchange.getAttribute(HandlerMapping.BEST_MATCHING_HANDLER_ATTRIBUTE));
			if (declaration == null) {
				return super.writeWith(body);
			}
			Copy copy = new Copy(DictionaryCaptureWebFilter.this.bodies.maxSize());
			if (body instanceof Mono<? extends DataBuffer> single) {
				// a whole body in one buffer; the writer may cancel once it has it, before completion
				return super.writeWith(single.doOnNext((buffer) -> {
					copy.add(buffer);
					keep(copy, declaration);
				}));
			}
			return super.writeWith(Flux.from(body).doOnNext(copy::add).doOnComplete(() -> keep(copy, declaration)));
		}

		private void keep(Copy copy, DictionaryDeclarations.Declaration declaration) {
			byte[] content = copy.bytes();
			if (content != null && HttpStatus.OK.equals(getStatusCode())) {
				DictionaryCaptureWebFilter.this.bodies.keep(declaration, content);
			}
		}

	}

	/**
	 * The bytes of a body up to a limit; nothing once the body grew over it.
	 */
	private static final class Copy {

		private final long maxSize;

		private @Nullable ByteArrayOutputStream bytes = new ByteArrayOutputStream();

		Copy(long maxSize) {
			this.maxSize = maxSize;
		}

		void add(DataBuffer buffer) {
			ByteArrayOutputStream copying = this.bytes;
			if (copying == null) {
				return;
			}
			if (copying.size() + (long) buffer.readableByteCount() > this.maxSize) {
				this.bytes = null;
				return;
			}
			try (DataBuffer.ByteBufferIterator readable = buffer.readableByteBuffers()) {
				while (readable.hasNext()) {
					ByteBuffer part = readable.next();
					byte[] chunk = new byte[part.remaining()];
					part.get(chunk);
					copying.write(chunk, 0, chunk.length);
				}
			}
		}

		byte @Nullable [] bytes() {
			return (this.bytes != null) ? this.bytes.toByteArray() : null;
		}

	}

}
