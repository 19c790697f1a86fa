package io.restcompress.client;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.codec.HttpMessageWriter;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.mock.http.client.reactive.MockClientHttpRequest;
import org.springframework.web.reactive.function.BodyInserter;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFunction;
import org.springframework.web.reactive.function.client.ExchangeStrategies;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code 415} that names other codings, answered before the compressed body was written to
 * its end (a server may answer before it has read a body): {@code WebClient} resends a body
 * only when its first writing ended, since a body read from an {@code InputStream} would go out
 * again as the rest of the stream.
 */
class EarlyRefusalResendTests {

	private static final URI ORIGIN = URI.create("http://origin.example/upload");

	private final ClientCompressionExchangeFilter filter = new ClientCompressionExchangeFilter(
			ClientCompression.builder(PlainOrigin.CODECS).requestCompression(RequestCompression.ALWAYS).build());

	@Test
	void returnsTheRefusalWhenItCameBeforeTheBodyEnded() {
		AtomicInteger exchanges = new AtomicInteger();
		ClientResponse response = this.filter
			.filter(request(), refusing(exchanges, (written) -> written.take(2).then()))
			.block();
		assertThat(response.statusCode()).isEqualTo(HttpStatus.UNSUPPORTED_MEDIA_TYPE);
		assertThat(exchanges).hasValue(1);
	}

	@Test
	void resendsOnceWhenTheBodyEndedBeforeTheRefusal() {
		AtomicInteger exchanges = new AtomicInteger();
		ClientResponse response = this.filter
			.filter(request(), refusing(exchanges, (written) -> written.doOnNext(DataBufferUtils::release).then()))
			.block();
		assertThat(exchanges).hasValue(2);
		assertThat(response.statusCode()).isEqualTo(HttpStatus.OK);
	}

	private static ClientRequest request() {
		byte[] bytes = new byte[200_000];
		Flux<DataBuffer> once = DataBufferUtils.readInputStream(() -> new ByteArrayInputStream(bytes),
				DefaultDataBufferFactory.sharedInstance, 8192);
		return ClientRequest.create(HttpMethod.POST, ORIGIN).body(BodyInserters.fromDataBuffers(once)).build();
	}

	/**
	 * An origin that writes what the given writer takes of the body, and refuses the first
	 * request with a {@code 415} that names identity only.
	 */
	private static ExchangeFunction refusing(AtomicInteger exchanges,
			Function<Flux<DataBuffer>, Mono<Void>> writer) {
		return (request) -> {
			MockClientHttpRequest sent = new MockClientHttpRequest(request.method(), request.url());
			sent.setWriteHandler(writer);
			return request.body().insert(sent, CONTEXT).then(Mono.fromSupplier(() -> {
				boolean first = exchanges.incrementAndGet() == 1;
				return first ? ClientResponse.create(HttpStatus.UNSUPPORTED_MEDIA_TYPE)
					.header("Accept-Encoding", "identity")
					.build() : ClientResponse.create(HttpStatus.OK).build();
			}));
		};
	}

	private static final BodyInserter.Context CONTEXT = new BodyInserter.Context() {

		@Override
		public List<HttpMessageWriter<?>> messageWriters() {
			return ExchangeStrategies.withDefaults().messageWriters();
		}

		@Override
		public Optional<ServerHttpRequest> serverRequest() {
			return Optional.empty();
		}

		@Override
		public Map<String, Object> hints() {
			return Map.of();
		}

	};

}
