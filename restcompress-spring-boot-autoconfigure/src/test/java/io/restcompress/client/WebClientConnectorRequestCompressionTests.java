package io.restcompress.client;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.stream.Stream;

import io.netty.buffer.PooledByteBufAllocator;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SignalType;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.NettyDataBuffer;
import org.springframework.core.io.buffer.NettyDataBufferFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.HttpComponentsClientHttpConnector;
import org.springframework.http.client.reactive.JdkClientHttpConnector;
import org.springframework.http.client.reactive.JettyClientHttpConnector;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.mock.http.client.reactive.MockClientHttpRequest;
import org.springframework.mock.http.client.reactive.MockClientHttpResponse;
import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * WebClient request compression on every connector Spring ships: the JDK's, Apache's and
 * Jetty's subscribe to the body only after the request's write has completed, where Reactor
 * Netty subscribes within it.
 */
class WebClientConnectorRequestCompressionTests extends PlainOriginTests {

	private static final byte[] BODY = Payloads.json(50_000);

	private static final byte[] SMALL_BODY = Payloads.json(1_000);

	static Stream<Arguments> connectorsAndBodies() {
		List<Arguments> arguments = List.of(connector("Reactor Netty", ReactorClientHttpConnector::new),
				connector("JDK HttpClient", JdkClientHttpConnector::new),
				connector("Apache HttpClient 5", () -> new HttpComponentsClientHttpConnector(
						HttpAsyncClients.custom().disableContentCompression().build())),
				connector("Jetty", JettyClientHttpConnector::new));
		return arguments.stream()
			.flatMap((connector) -> Stream.of(true, false)
				.map((chunked) -> Arguments.of(connector.get()[0], connector.get()[1], chunked)));
	}

	private static Arguments connector(String name, Supplier<ClientHttpConnector> connector) {
		return Arguments.of(name, connector);
	}

	/**
	 * Nothing listens on the port, so the exchange fails before the JDK's and Apache's
	 * connectors take the body, whose head was read to decide on it.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("connectors")
	void releasesAndCancelsABodyTheFailedExchangeNeverSent(String name, Supplier<ClientHttpConnector> connector)
			throws IOException {
		URI unreachable;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			unreachable = URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/echo");
		}
		List<NettyDataBuffer> produced = new CopyOnWriteArrayList<>();
		List<SignalType> ended = new CopyOnWriteArrayList<>();
		assertThatException().isThrownBy(() -> compressingAlways(connector.get()).post()
			.uri(unreachable)
			.body(pooledBody(produced, ended), DataBuffer.class)
			.retrieve()
			.toBodilessEntity()
			.block(TestClient.TIMEOUT));
		assertThat(produced).isNotEmpty()
			.allSatisfy((buffer) -> assertThat(buffer.getNativeBuffer().refCnt()).isZero());
		assertThat(ended).isNotEmpty();
	}

	/**
	 * A connector that answers without ever taking the body it was handed, as one does whose
	 * server gives a final status before {@code 100 Continue}.
	 */
	@Test
	void releasesAndCancelsABodyTheConnectorAnsweredWithoutTaking() {
		ClientHttpConnector answeringEarly = (method, uri, callback) -> {
			MockClientHttpRequest request = new MockClientHttpRequest(method, uri);
			request.setWriteHandler((body) -> Mono.empty());
			return callback.apply(request).thenReturn(new MockClientHttpResponse(HttpStatus.OK));
		};
		List<NettyDataBuffer> produced = new CopyOnWriteArrayList<>();
		List<SignalType> ended = new CopyOnWriteArrayList<>();
		compressingAlways(answeringEarly).post()
			.uri("http://127.0.0.1/echo")
			.body(pooledBody(produced, ended), DataBuffer.class)
			.retrieve()
			.toBodilessEntity()
			.block(TestClient.TIMEOUT);
		assertThat(produced).isNotEmpty()
			.allSatisfy((buffer) -> assertThat(buffer.getNativeBuffer().refCnt()).isZero());
		assertThat(ended).containsExactly(SignalType.CANCEL);
	}

	private static WebClient compressingAlways(ClientHttpConnector connector) {
		return WebClient.builder()
			.clientConnector(connector)
			.filter(new ClientCompressionExchangeFilter(ClientCompression.builder(PlainOrigin.CODECS)
				.requestCompression(RequestCompression.ALWAYS)
				.requestEncoding("gzip")
				.build()))
			.build();
	}

	/**
	 * Eight 8 KB buffers from Netty's pooled allocator, each recorded as it is made, and the
	 * signal that ends the body.
	 */
	private static Flux<DataBuffer> pooledBody(List<NettyDataBuffer> produced, List<SignalType> ended) {
		NettyDataBufferFactory pooled = new NettyDataBufferFactory(PooledByteBufAllocator.DEFAULT);
		return Flux.range(0, 8).map((i) -> {
			NettyDataBuffer buffer = pooled.wrap(pooled.getByteBufAllocator().buffer(8192).writeBytes(new byte[8192]));
			produced.add(buffer);
			return (DataBuffer) buffer;
		}).doFinally(ended::add);
	}

	static Stream<Arguments> connectors() {
		return Stream.of(connector("JDK HttpClient", JdkClientHttpConnector::new),
				connector("Apache HttpClient 5", () -> new HttpComponentsClientHttpConnector(
						HttpAsyncClients.custom().disableContentCompression().build())),
				connector("Jetty", JettyClientHttpConnector::new));
	}

	@ParameterizedTest(name = "{0}, chunked {2}")
	@MethodSource("connectorsAndBodies")
	void compressesRequestBodiesOnEveryConnector(String name, Supplier<ClientHttpConnector> connector,
			boolean chunked) throws IOException {
		this.origin.advertise = "gzip";
		this.origin.acceptRequestCodings = List.of("gzip");
		TestClient client = TestClient.webClient(connector.get(),
				ClientCompression.builder(PlainOrigin.CODECS).recorder(this.recorder).build(), chunked);
		for (byte[] body : List.of(BODY, BODY, SMALL_BODY, BODY)) {
			TestClient.Response response = client.post(this.origin.uri("/echo"), body);
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.body()).isEqualTo(body);
		}
		assertThat(this.origin.requestsTo("/echo")).extracting((request) -> request.header("Content-Encoding"))
			.containsExactly(null, "gzip", null, "gzip");
	}

}
