package io.restcompress.websocket.autoconfigure;

import java.io.ByteArrayOutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.restcompress.websocket.MicrometerWebSocketMessageRecorder;
import io.restcompress.websocket.PerMessageDeflatePolicy;
import io.restcompress.websocket.RawWebSocket;
import io.restcompress.websocket.RawWebSocket.Message;
import io.restcompress.websocket.ReactorNettyWebSocketCompression;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.netty.http.server.WebsocketServerSpec;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.reactor.netty.NettyWebServer;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.reactive.handler.SimpleUrlHandlerMapping;
import org.springframework.web.reactive.socket.WebSocketHandler;
import org.springframework.web.reactive.socket.WebSocketMessage;
import org.springframework.web.reactive.socket.server.support.HandshakeWebSocketService;
import org.springframework.web.reactive.socket.server.support.WebSocketHandlerAdapter;
import org.springframework.web.reactive.socket.server.upgrade.ReactorNettyRequestUpgradeStrategy;

import static io.restcompress.websocket.autoconfigure.AbstractWebSocketCompressionTests.JSON;
import static io.restcompress.websocket.autoconfigure.AbstractWebSocketCompressionTests.OFFER;
import static io.restcompress.websocket.autoconfigure.AbstractWebSocketCompressionTests.assertEchoes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;
import static org.assertj.core.api.Assertions.entry;

/**
 * The {@code restcompress.websocket.*} settings on a WebFlux application on Reactor Netty,
 * over real WebSocket connections: negotiated by the servlet engines' policy, recorded in the
 * same meters, and a warning for the server window Netty cannot honour.
 */
@ExtendWith(OutputCaptureExtension.class)
class ReactorNettyWebSocketCompressionTests {

	@Test
	void compressesBothWaysAndKeepsTheContextByDefault() throws Exception {
		try (ConfigurableApplicationContext context = start();
				RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
			assertThat(socket.status()).isEqualTo(101);
			assertThat(socket.extensions()).isEqualTo("permessage-deflate;client_max_window_bits=15");
			Message first = assertEchoes(socket, 1, JSON, true);
			Message second = assertEchoes(socket, 2, JSON, true);
			assertThat(second.wire().length).isLessThan(first.wire().length / 2);
		}
	}

	/**
	 * 32 MB of zeros take about 32 KB compressed, well within the 1 MB frame limit, but may not
	 * inflate into memory; a message of the limit still passes, and an incompressible one whose
	 * frame (slightly larger than the message) fits the limit.
	 */
	@Test
	void refusesACompressedFrameThatInflatesPastTheFramePayloadLimit() throws Exception {
		try (ConfigurableApplicationContext context = start()) {
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
				assertThat(socket.extensions()).isEqualTo("permessage-deflate;client_max_window_bits=15");
				socket.send(2, new byte[32 << 20], true);
				assertThatIOException().isThrownBy(socket::receive).withMessageStartingWith("closed by the server: 1009");
			}
			byte[] incompressible = new byte[(1 << 20) - 1024];
			new Random(7).nextBytes(incompressible);
			for (byte[] largest : List.of(new byte[1 << 20], incompressible)) {
				try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
					socket.send(2, largest, true);
					assertThat(socket.receive().payload()).isEqualTo(largest);
				}
			}
		}
	}

	/**
	 * The frame payload limit limits messages as the application receives them: an
	 * incompressible message of the limit passes although deflate makes its frame larger, and a
	 * compressible one past the limit, though its frame is small, closes the session with 1009
	 * before the application sees it.
	 */
	@Test
	void limitsDecodedMessagesToTheFramePayloadLimit(CapturedOutput output) throws Exception {
		try (ConfigurableApplicationContext context = start()) {
			byte[] incompressible = new byte[1 << 20];
			new Random(11).nextBytes(incompressible);
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
				socket.send(2, incompressible, true);
				Message echoed = socket.receive();
				assertThat(echoed.payload()).isEqualTo(incompressible);
			}
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
				socket.send(2, new byte[(1 << 20) + 1], true);
				assertThatIOException().isThrownBy(socket::receive).withMessageStartingWith("closed by the server: 1009");
			}
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
				socket.send(1, JSON, true);
				assertThat(socket.receive().payload()).isEqualTo(JSON);
			}
			assertThat(output.getAll()).doesNotContain("IllegalReferenceCountException");
		}
	}

	/**
	 * A message whose frames each fit the limit but add up past it closes the session with
	 * 1009, as a frame past the limit does, and not as Netty's aggregator alone would.
	 */
	@Test
	void refusesAFragmentedMessageWhosePartsAddUpPastTheLimit() throws Exception {
		try (ConfigurableApplicationContext context = start();
				RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
			byte[] part = new byte[600 << 10];
			socket.sendFrame(0x02, part);
			socket.sendFrame(0x80, part);
			assertThatIOException().isThrownBy(socket::receive).withMessageStartingWith("closed by the server: 1009");
		}
	}

	/**
	 * RFC 7692 lets a client compress with any deflate blocks: an incompressible message of the
	 * limit, sent as stored blocks of 1000 bytes with 5 bytes of header each, takes a frame about
	 * 5 KB larger than the message, which passes because a frame may exceed the limit by 1/64
	 * and 1 KB.
	 */
	@Test
	void passesAMessageOfTheLimitWhoseDeflateBlocksAddMoreThanAKilobyte() throws Exception {
		try (ConfigurableApplicationContext context = start();
				RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
			byte[] message = new byte[1 << 20];
			new Random(13).nextBytes(message);
			byte[] stored = storedBlocks(message, 1000);
			assertThat(stored.length - message.length).isGreaterThan(4096);
			socket.sendFrame(0xc2, stored);
			assertThat(socket.receive().payload()).isEqualTo(message);
		}
	}

	/**
	 * Writes a message as deflate stored blocks, ending with the empty stored block that a
	 * flush writes, less the four bytes RFC 7692 removes from it.
	 */
	private static byte[] storedBlocks(byte[] message, int blockSize) {
		ByteArrayOutputStream out = new ByteArrayOutputStream(message.length + message.length / blockSize * 5 + 6);
		for (int offset = 0; offset < message.length; offset += blockSize) {
			int length = Math.min(blockSize, message.length - offset);
			out.write(0);
			out.write(length);
			out.write(length >>> 8);
			out.write(~length);
			out.write(~length >>> 8);
			out.write(message, offset, length);
		}
		out.write(0);
		return out.toByteArray();
	}

	/**
	 * The limits Netty is given for a message limit, as documented: a frame may exceed it by
	 * 1/64 and 1 KB and inflates to at most twice that, also when the customizer sets Netty's
	 * "no limit" of 0 for the inflation; a limit the customizer sets is kept.
	 */
	@Test
	void derivesTheFrameAndInflationLimitsFromTheMessageLimit() {
		ReactorNettyWebSocketCompression compression = new ReactorNettyWebSocketCompression(
				PerMessageDeflatePolicy.DEFAULT, 15);
		int frameLimit = 6400 + 6400 / 64 + 1024;
		WebsocketServerSpec derived = spec(compression, (spec) -> spec.maxFramePayloadLength(6400));
		assertThat(derived.maxFramePayloadLength()).isEqualTo(frameLimit);
		assertThat(derived.maxDecompressionBufferSize()).isBetween(2 * frameLimit, 2 * frameLimit + 1);
		assertThat(spec(compression, (spec) -> spec.maxFramePayloadLength(6400).maxDecompressionBufferSize(0))
			.maxDecompressionBufferSize()).isEqualTo(derived.maxDecompressionBufferSize());
		assertThat(spec(compression, (spec) -> spec.maxDecompressionBufferSize(Integer.MAX_VALUE))
			.maxDecompressionBufferSize()).isEqualTo(Integer.MAX_VALUE);
	}

	private static WebsocketServerSpec spec(ReactorNettyWebSocketCompression compression,
			Consumer<WebsocketServerSpec.Builder> customizer) {
		return ((ReactorNettyRequestUpgradeStrategy) compression.upgradeStrategy(customizer)).getWebsocketServerSpec();
	}

	@Test
	void switchesProtocolsWithoutContentLength() throws Exception {
		try (ConfigurableApplicationContext context = start();
				RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
			assertThat(socket.status()).isEqualTo(101);
			assertThat(socket.header("Content-Length")).isNull();
			assertEchoes(socket, 1, JSON, true);
		}
	}

	@Test
	void grantsTheContextResetsAClientAsksFor() throws Exception {
		try (ConfigurableApplicationContext context = start();
				RawWebSocket socket = RawWebSocket.connect(port(context), "/echo",
						"permessage-deflate; server_no_context_takeover; client_no_context_takeover")) {
			assertThat(socket.extensions()).contains("server_no_context_takeover", "client_no_context_takeover");
			Message first = assertEchoes(socket, 1, JSON, true);
			Message second = assertEchoes(socket, 1, JSON, true);
			assertThat(second.wire()).isEqualTo(first.wire());
		}
	}

	@Test
	void grantsAFifteenBitServerWindowAndNamesItInTheAnswer() throws Exception {
		try (ConfigurableApplicationContext context = start()) {
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo",
					"permessage-deflate; server_max_window_bits=15")) {
				assertThat(socket.extensions()).isEqualTo("permessage-deflate;server_max_window_bits=15");
				assertEchoes(socket, 1, JSON, true);
				assertEchoes(socket, 2, JSON, true);
			}
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo",
					"permessage-deflate; server_max_window_bits=15; client_max_window_bits; server_no_context_takeover")) {
				assertThat(parameters(socket)).containsOnly(entry("server_max_window_bits", "15"),
						entry("client_max_window_bits", "15"), entry("server_no_context_takeover", ""));
				assertEchoes(socket, 1, JSON, true);
			}
		}
	}

	@Test
	void declinesOffersNamingASmallerServerWindowAndTakesTheNext() throws Exception {
		try (ConfigurableApplicationContext context = start()) {
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo",
					"permessage-deflate; server_max_window_bits=14")) {
				assertThat(socket.extensions()).isNull();
				assertEchoes(socket, 1, JSON, false);
			}
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo",
					"permessage-deflate; server_max_window_bits=10, permessage-deflate")) {
				assertThat(socket.extensions()).isEqualTo("permessage-deflate");
				assertEchoes(socket, 1, JSON, true);
			}
		}
	}

	@Test
	void neverNegotiatesWhenPermessageDeflateIsOff() throws Exception {
		try (ConfigurableApplicationContext context = start("restcompress.websocket.permessage-deflate=false");
				RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
			assertThat(socket.status()).isEqualTo(101);
			assertThat(socket.extensions()).isNull();
			assertEchoes(socket, 1, JSON, false);
		}
	}

	@Test
	void resetsBothContextsAfterEachMessageWhenConfigured() throws Exception {
		try (ConfigurableApplicationContext context = start("restcompress.websocket.server-no-context-takeover=true",
				"restcompress.websocket.client-no-context-takeover=true");
				RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", "permessage-deflate")) {
			assertThat(parameters(socket)).containsOnlyKeys("server_no_context_takeover", "client_no_context_takeover");
			Message first = assertEchoes(socket, 1, JSON, true);
			Message second = assertEchoes(socket, 1, JSON, true);
			assertThat(second.wire()).isEqualTo(first.wire());
		}
	}

	@Test
	void limitsTheClientWindowAndWarnsOnceAboutTheServerWindow(CapturedOutput output) throws Exception {
		try (ConfigurableApplicationContext context = start("restcompress.websocket.client-max-window-bits=10",
				"restcompress.websocket.server-max-window-bits=12")) {
			assertThat(output.getOut().split("server-max-window-bits=12 is not honoured on REACTOR_NETTY", -1))
				.hasSize(2);
			assertThat(output).doesNotContain("client-max-window-bits=10 is not honoured");
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
				assertThat(parameters(socket)).containsExactly(entry("client_max_window_bits", "10"));
				assertEchoes(socket, 1, JSON, true);
			}
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", "permessage-deflate")) {
				assertThat(socket.extensions()).isNull();
				assertEchoes(socket, 1, JSON, false);
			}
		}
	}

	@Test
	void countsNoSkippedResponseBodyForAHandshake() throws Exception {
		try (ConfigurableApplicationContext context = start()) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			double before = AbstractWebSocketCompressionTests.skippedResponseBodies(registry);
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
				assertEchoes(socket, 1, JSON, true);
			}
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", null)) {
				assertEchoes(socket, 1, JSON, false);
			}
			assertThat(AbstractWebSocketCompressionTests.skippedResponseBodies(registry)).isEqualTo(before);
		}
	}

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void closesAConnectionThatSendsATextMessageThatIsNotUtf8(boolean compressed) throws Exception {
		try (ConfigurableApplicationContext context = start();
				RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", compressed ? OFFER : null)) {
			AbstractWebSocketCompressionTests.assertClosedOnTextThatIsNotUtf8(socket, compressed);
		}
	}

	/**
	 * Netty's permessage-deflate decoder fails a first frame that inflates to no bytes, which
	 * closed the session with 1002 where the servlet engines echo the message.
	 */
	@ParameterizedTest
	@ValueSource(ints = { 1, 2 })
	void echoesAFragmentedMessageWhoseFirstFrameInflatesToNothing(int opcode) throws Exception {
		try (ConfigurableApplicationContext context = start();
				RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
			AbstractWebSocketCompressionTests.assertEchoesAFragmentedMessageWhoseFirstFrameInflatesToNothing(socket,
					opcode);
		}
	}

	/**
	 * An empty message compressed as an empty fixed-Huffman block, in one frame, closed the
	 * session with 1002 where the servlet engines echo it.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "00", "0200", "0300" })
	void echoesAnEmptyCompressedMessage(String deflated) throws Exception {
		try (ConfigurableApplicationContext context = start();
				RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
			AbstractWebSocketCompressionTests.assertEchoesAnEmptyCompressedMessage(socket, deflated);
		}
	}

	/**
	 * The servlet engines' reserved-bit cases, and RSV1 on the continuation frame of a
	 * permessage-deflate session: Netty's decoder lets every reserved bit through once
	 * compression is on, whatever a session negotiated. Columns: the offer, the reserved bits,
	 * the opcode of the frame that carries them.
	 */
	@ParameterizedTest
	@CsvSource({ ", 4, 1", "permessage-deflate; server_max_window_bits=9, 4, 1", "permessage-deflate, 2, 1",
			"permessage-deflate, 1, 1", ", 2, 1", ", 4, 0", "permessage-deflate; server_max_window_bits=9, 4, 0",
			"permessage-deflate, 2, 0", "permessage-deflate, 4, 0", ", 4, 9", ", 2, 9", "permessage-deflate, 4, 9",
			"permessage-deflate, 1, 10" })
	void closesAConnectionThatSetsAReservedBitNoExtensionDefines(@Nullable String offer, int reservedBits, int opcode,
			CapturedOutput output) throws Exception {
		ConfigurableApplicationContext context = start();
		try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", offer)) {
			AbstractWebSocketCompressionTests.assertClosedOnReservedBits(socket, reservedBits, opcode);
			socket.awaitEnd();
		}
		finally {
			context.close();
		}
		assertThat(output).as("a protocol failure the server reported to its client logs no error")
			.doesNotContain("PrematureChannelClosureException");
	}

	/**
	 * Netty's handshaker alone accepts each of these offers; the servlet engines' policy
	 * declines them, and so does Reactor Netty's now.
	 */
	@Test
	void declinesMalformedOffersAsTheServletEnginesDo() throws Exception {
		try (ConfigurableApplicationContext context = start()) {
			for (String offer : List.of("permessage-deflate; server_no_context_takeover; server_no_context_takeover",
					"permessage-deflate; client_max_window_bits=09", "permessage-deflate; client_no_context_takeover=1",
					"permessage-deflate; Client_Max_Window_Bits", "x-webkit-deflate-frame", "deflate-frame",
					"permessage-deflate; client_max_window_bits=\"1", ";", "permessage-deflate, ;")) {
				try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", offer)) {
					assertThat(socket.status()).as(offer).isEqualTo(101);
					assertThat(socket.extensions()).as(offer).isNull();
					assertEchoes(socket, 1, JSON, false);
				}
			}
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo",
					"x-webkit-deflate-frame, permessage-deflate; client_max_window_bits=\"12\"")) {
				assertThat(parameters(socket)).containsExactly(entry("client_max_window_bits", "12"));
				assertEchoes(socket, 1, JSON, true);
			}
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo",
					"x-a; b=\"unclosed\r\nSec-WebSocket-Extensions: permessage-deflate; client_max_window_bits=11")) {
				assertThat(parameters(socket)).as("the offer of a second, well-formed field")
					.containsExactly(entry("client_max_window_bits", "11"));
				assertEchoes(socket, 1, JSON, true);
			}
		}
	}

	@Test
	void recordsNoCompressionWhenTheCustomizerSwitchesItOff() throws Exception {
		try (ConfigurableApplicationContext context = start(ReactiveEchoWithoutCompressionApplication.class)) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
				assertThat(socket.extensions()).isNull();
				assertEchoes(socket, 1, JSON, false);
			}
			assertThat(registry.get(MicrometerWebSocketMessageRecorder.SESSIONS)
				.tags("coding", "identity")
				.counter()
				.count()).isEqualTo(1);
			assertThat(registry.find(MicrometerWebSocketMessageRecorder.SESSIONS)
				.tags("coding", "permessage-deflate")
				.counter()).isNull();
		}
	}

	@Test
	void recordsSessionsAndMessages() throws Exception {
		try (ConfigurableApplicationContext context = start()) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
				assertEchoes(socket, 1, JSON, true);
				assertEchoes(socket, 2, JSON, true);
				socket.send(9, new byte[3], false);
			}
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", null)) {
				assertEchoes(socket, 2, JSON, false);
			}
			assertThat(registry.get(MicrometerWebSocketMessageRecorder.SESSIONS)
				.tags("coding", "permessage-deflate", "server_context_takeover", "true", "client_context_takeover", "true",
						"client_max_window_bits", "15", "server_max_window_bits", "15")
				.counter()
				.count()).isEqualTo(1);
			assertThat(registry.get(MicrometerWebSocketMessageRecorder.SESSIONS)
				.tags("coding", "identity")
				.counter()
				.count()).isEqualTo(1);
			for (String direction : List.of("inbound", "outbound")) {
				DistributionSummary deflated = registry.get(MicrometerWebSocketMessageRecorder.MESSAGE_SIZE)
					.tags("direction", direction, "coding", "permessage-deflate")
					.summary();
				assertThat(deflated.count()).as(direction).isEqualTo(2);
				assertThat(deflated.totalAmount()).as(direction).isEqualTo(2.0 * JSON.length);
				assertThat(registry.get(MicrometerWebSocketMessageRecorder.MESSAGE_SIZE)
					.tags("direction", direction, "coding", "identity")
					.summary()
					.count()).as(direction).isEqualTo(1);
			}
		}
	}

	/**
	 * A ping the application sends before each echo is no data message: only the echoes are
	 * counted as sent.
	 */
	@Test
	void recordsNoPingTheApplicationSends() throws Exception {
		try (ConfigurableApplicationContext context = start(ReactivePingingEchoApplication.class)) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
				assertEchoes(socket, 1, JSON, true);
				assertEchoes(socket, 1, JSON, true);
			}
			DistributionSummary sent = registry.get(MicrometerWebSocketMessageRecorder.MESSAGE_SIZE)
				.tags("direction", "outbound", "coding", "permessage-deflate")
				.summary();
			assertThat(sent.count()).isEqualTo(2);
			assertThat(sent.totalAmount()).isEqualTo(2.0 * JSON.length);
		}
	}

	private static Map<String, String> parameters(RawWebSocket socket) {
		String[] parts = socket.extensions().split("\\s*;\\s*");
		assertThat(parts[0]).isEqualTo("permessage-deflate");
		Map<String, String> parameters = new LinkedHashMap<>();
		for (int i = 1; i < parts.length; i++) {
			String[] pair = parts[i].split("=", 2);
			parameters.put(pair[0], (pair.length > 1) ? pair[1] : "");
		}
		return parameters;
	}

	private static ConfigurableApplicationContext start(String... properties) {
		return start(ReactiveEchoApplication.class, properties);
	}

	private static ConfigurableApplicationContext start(Class<?> application, String... properties) {
		ConfigurableApplicationContext context = new SpringApplicationBuilder(application)
			.properties("server.port=0", "spring.main.web-application-type=reactive")
			.properties(properties)
			.run();
		WebServer server = ((WebServerApplicationContext) context).getWebServer();
		if (!(server instanceof NettyWebServer)) {
			context.close();
		}
		assertThat(server).as("the server Spring Boot chose from this test execution's classpath")
			.isInstanceOf(NettyWebServer.class);
		return context;
	}

	private static int port(ConfigurableApplicationContext context) {
		return Integer.parseInt(context.getEnvironment().getProperty("local.server.port", "-1"));
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class ReactiveEchoApplication {

		@Bean
		HandlerMapping echoMapping() {
			WebSocketHandler echo = (session) -> session.send(session.receive().map(WebSocketMessage::retain));
			return new SimpleUrlHandlerMapping(Map.of("/echo", echo), -1);
		}

		@Bean
		WebSocketHandlerAdapter webSocketHandlerAdapter(ReactorNettyWebSocketCompression compression) {
			return new WebSocketHandlerAdapter(new HandshakeWebSocketService(
					compression.upgradeStrategy((spec) -> spec.maxFramePayloadLength(1 << 20))));
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class ReactivePingingEchoApplication extends ReactiveEchoApplication {

		@Override
		@Bean
		HandlerMapping echoMapping() {
			WebSocketHandler echo = (session) -> session.send(session.receive()
				.concatMap((message) -> Flux.just(session.pingMessage((factory) -> factory.wrap(new byte[] { 1, 2 })),
						message.retain())));
			return new SimpleUrlHandlerMapping(Map.of("/echo", echo), -1);
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class ReactiveEchoWithoutCompressionApplication extends ReactiveEchoApplication {

		@Override
		@Bean
		WebSocketHandlerAdapter webSocketHandlerAdapter(ReactorNettyWebSocketCompression compression) {
			return new WebSocketHandlerAdapter(
					new HandshakeWebSocketService(compression.upgradeStrategy((spec) -> spec.compress(false))));
		}

	}

}
