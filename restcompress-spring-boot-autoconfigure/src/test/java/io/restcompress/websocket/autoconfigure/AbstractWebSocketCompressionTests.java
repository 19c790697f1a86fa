package io.restcompress.websocket.autoconfigure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.restcompress.metrics.MicrometerCompressionRecorder;
import io.restcompress.websocket.MicrometerWebSocketMessageRecorder;
import io.restcompress.websocket.RawWebSocket;
import io.restcompress.websocket.RawWebSocket.Message;
import io.restcompress.websocket.WebSocketEngine;
import jakarta.servlet.ServletContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;

/**
 * Negotiation and every {@code restcompress.websocket.*} setting over real WebSocket
 * connections, on the engine a subclass names. The defaults run in the test's own context;
 * each other setting starts an application of its own.
 */
@SpringBootTest(classes = WebSocketEchoApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(OutputCaptureExtension.class)
abstract class AbstractWebSocketCompressionTests {

	static final byte[] JSON = ("{\"id\":4711,\"date\":\"2026-11-23T08:30:00Z\",\"login\":\"someone@example.com\","
			+ "\"boolean\":true,\"someId\":123456789,\"tags\":[\"alpha\",\"beta\",\"gamma\"],"
			+ "\"address\":{\"street\":\"Main Street 1\",\"city\":\"Springfield\",\"country\":\"US\"}}")
		.getBytes(StandardCharsets.UTF_8);

	static final String OFFER = "permessage-deflate; client_max_window_bits";

	@LocalServerPort
	int port;

	@Autowired
	ServletContext servletContext;

	@Autowired
	MeterRegistry meterRegistry;

	@Autowired
	WebServerApplicationContext context;

	abstract WebSocketEngine engine();

	/**
	 * Fails, rather than skips, a suite that runs on another engine than it names: the web
	 * server's own class tells, independently of the server info restcompress reads.
	 */
	@BeforeEach
	void runsOnTheEngineTheTestNames() {
		assertThat(this.context.getWebServer().getClass().getSimpleName())
			.as("the web server Spring Boot chose from this test execution's classpath")
			.startsWithIgnoringCase(engine().name());
		assertThat(WebSocketEngine.fromServerInfo(this.servletContext.getServerInfo())).isEqualTo(engine());
	}

	@Test
	void compressesBothWaysWhenTheClientOffersPermessageDeflate() throws Exception {
		try (RawWebSocket socket = RawWebSocket.connect(this.port, "/echo", OFFER)) {
			assertThat(socket.status()).isEqualTo(101);
			assertThat(socket.extensions()).startsWith("permessage-deflate");
			assertEchoes(socket, 1, JSON, true);
			assertEchoes(socket, 2, JSON, true);
		}
	}

	@Test
	void keepsTheCompressionContextBetweenMessagesByDefault() throws Exception {
		try (RawWebSocket socket = RawWebSocket.connect(this.port, "/echo", "permessage-deflate")) {
			Message first = assertEchoes(socket, 1, JSON, true);
			Message second = assertEchoes(socket, 1, JSON, true);
			assertThat(second.wire().length).isLessThan(first.wire().length / 2);
		}
	}

	@Test
	void echoesUncompressedWhenTheClientOffersNothing() throws Exception {
		try (RawWebSocket socket = RawWebSocket.connect(this.port, "/echo", null)) {
			assertThat(socket.status()).isEqualTo(101);
			assertThat(socket.extensions()).isNull();
			assertEchoes(socket, 1, JSON, false);
		}
	}

	@Test
	void declinesAnOfferForAServerWindowBelowFifteen() throws Exception {
		for (int bits = 9; bits < 15; bits++) {
			try (RawWebSocket socket = RawWebSocket.connect(this.port, "/echo",
					"permessage-deflate; server_max_window_bits=" + bits)) {
				assertThat(socket.extensions()).isNull();
				assertEchoes(socket, 1, JSON, false);
			}
		}
	}

	@Test
	void declinesMalformedOffersWithoutFailingTheHandshake() throws Exception {
		for (String offer : new String[] { "permessage-deflate; client_max_window_bits=abc",
				"permessage-deflate; server_max_window_bits", "permessage-deflate; unknown_parameter",
				"permessage-deflate; client_max_window_bits=", "permessage-deflate; client_max_window_bits=\"\"",
				"permessage-deflate; client_max_window_bits=09", "permessage-deflate; client_max_window_bits=\"10",
				"permessage-deflate; client_max_window_bits=10\"", "permessage-deflate; client_max_window_bits=10=11",
				"permessage-deflate; x=\"y", "permessage-deflate; a=\"", "\"10\"",
				"permessage-deflate; client_max_window_bits=\"1 0\"",
				"permessage-deflate; client_max_window_bits=10; client_max_window_bits=15",
				"permessage-deflate; server_no_context_takeover; server_no_context_takeover", ";", " ; ",
				"permessage-deflate, ;", "permessage-deflate,;;" }) {
			try (RawWebSocket socket = RawWebSocket.connect(this.port, "/echo", offer)) {
				assertThat(socket.status()).as(offer).isEqualTo(101);
				assertThat(socket.extensions()).as(offer).isNull();
				assertEchoes(socket, 1, JSON, false);
			}
		}
	}

	/**
	 * RFC 6455 (section 4.2.1) has the server read the {@code Upgrade} value in any case: a
	 * handshake that writes it otherwise than {@link RawWebSocket#connect} does still has its
	 * malformed extension field left out, not failed with a {@code 500}.
	 */
	@Test
	void declinesAMalformedOfferWhateverTheCaseOfTheUpgradeValue() throws Exception {
		try (RawWebSocket socket = RawWebSocket.connectWithFields(this.port, "/echo", "Upgrade: WebSocket",
				"Sec-WebSocket-Extensions: permessage-deflate, ;")) {
			assertThat(socket.status()).isEqualTo(101);
			assertThat(socket.extensions()).isNull();
			assertEchoes(socket, 1, JSON, false);
		}
	}

	@Test
	void readsAQuotedParameterValue() throws Exception {
		try (RawWebSocket socket = RawWebSocket.connect(this.port, "/echo",
				"permessage-deflate; client_max_window_bits=\"15\"")) {
			assertThat(socket.status()).isEqualTo(101);
			assertThat(socket.extensions()).startsWith("permessage-deflate");
			assertEchoes(socket, 1, JSON, true);
		}
	}

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void closesAConnectionThatSendsATextMessageThatIsNotUtf8(boolean compressed) throws Exception {
		try (RawWebSocket socket = RawWebSocket.connect(this.port, "/echo", compressed ? OFFER : null)) {
			assertClosedOnTextThatIsNotUtf8(socket, compressed);
		}
	}

	/**
	 * Sends a text message with an invalid byte and an encoded surrogate, and expects the
	 * server to close the connection with {@code 1007} (RFC 6455, section 8.1).
	 */
	static void assertClosedOnTextThatIsNotUtf8(RawWebSocket socket, boolean compressed) throws IOException {
		byte[] notUtf8 = { (byte) 0xff, (byte) 0xfe, 'a', 'b', 'c', (byte) 0xed, (byte) 0xa0, (byte) 0x80 };
		socket.send(1, notUtf8, compressed);
		assertThatIOException().isThrownBy(socket::receive).withMessageStartingWith("closed by the server: 1007");
	}

	/**
	 * RFC 6455, section 5.2: a frame with a reserved bit that no negotiated extension defines
	 * fails the connection, and the application never sees its payload: RSV2 and RSV3 always,
	 * RSV1 when permessage-deflate was not negotiated, and RSV1 on a continuation or control
	 * frame, since RFC 7692 defines it on a message's first frame only. Tomcat leaves RSV1 on
	 * the continuation frame of a permessage-deflate session alone, so that case is checked on
	 * Reactor Netty only. Columns: the offer, the reserved bits, the opcode of the frame that
	 * carries them.
	 */
	@ParameterizedTest
	@CsvSource({ ", 4, 1", "permessage-deflate; server_max_window_bits=9, 4, 1", "permessage-deflate, 2, 1",
			"permessage-deflate, 1, 1", ", 2, 1", ", 4, 0", "permessage-deflate; server_max_window_bits=9, 4, 0",
			"permessage-deflate, 2, 0", ", 4, 9", ", 2, 9", "permessage-deflate, 4, 9", "permessage-deflate, 1, 10" })
	void closesAConnectionThatSetsAReservedBitNoExtensionDefines(@Nullable String offer, int reservedBits, int opcode)
			throws Exception {
		try (RawWebSocket socket = RawWebSocket.connect(this.port, "/echo", offer)) {
			assertClosedOnReservedBits(socket, reservedBits, opcode);
		}
	}

	/**
	 * Sends a frame with reserved bits, and expects the server to close the connection with
	 * {@code 1002}: a data message in one frame (opcode 1 or 2), the continuation frame of a
	 * message in two (opcode 0), or a control frame followed by a message.
	 */
	static void assertClosedOnReservedBits(RawWebSocket socket, int reservedBits, int opcode) throws IOException {
		assertThat(socket.status()).isEqualTo(101);
		if (opcode == 1 || opcode == 2) {
			socket.sendWithReservedBits(opcode, JSON, reservedBits);
		}
		else if (opcode == 0) {
			socket.sendFrame(0x01, Arrays.copyOf(JSON, JSON.length / 2));
			socket.sendFrame(0x80 | (reservedBits << 4), Arrays.copyOfRange(JSON, JSON.length / 2, JSON.length));
		}
		else {
			socket.sendFrame(0x80 | (reservedBits << 4) | opcode, new byte[] { 1, 2 });
			socket.send(1, JSON, false);
		}
		assertThatIOException().isThrownBy(socket::receive).withMessageStartingWith("closed by the server: 1002");
	}

	@ParameterizedTest
	@ValueSource(ints = { 1, 2 })
	void echoesAFragmentedMessageWhoseFirstFrameInflatesToNothing(int opcode) throws Exception {
		try (RawWebSocket socket = RawWebSocket.connect(this.port, "/echo", OFFER)) {
			assertEchoesAFragmentedMessageWhoseFirstFrameInflatesToNothing(socket, opcode);
		}
	}

	/**
	 * RFC 7692 (section 6.1) lets a client split a compressed message's bytes anywhere and sets
	 * RSV1 on the first frame only: sends a message whose first frame holds only the start of a
	 * deflate block header, which inflates to no bytes, and its continuation frame the rest,
	 * and expects the message echoed, and then a message in one frame, which inflates in the
	 * context the fragmented one left.
	 */
	static void assertEchoesAFragmentedMessageWhoseFirstFrameInflatesToNothing(RawWebSocket socket, int opcode)
			throws Exception {
		assertThat(socket.extensions()).startsWith("permessage-deflate");
		StringBuilder json = new StringBuilder("[");
		for (int i = 0; i < 40; i++) {
			json.append((i > 0) ? ", " : "").append("{\"id\": ").append(i).append(", \"login\": \"user").append(i)
				.append("\", \"boolean\": ").append(i % 2 == 0).append('}');
		}
		byte[] message = json.append(']').toString().getBytes(StandardCharsets.UTF_8);
		byte[] deflated = socket.compress(message);
		byte[] first = Arrays.copyOf(deflated, 10);
		assertThat(inflatedLength(first)).as("bytes the first frame inflates to").isZero();
		socket.sendFrame(0x40 | opcode, first);
		socket.sendFrame(0x80, Arrays.copyOfRange(deflated, first.length, deflated.length));
		Message echo = socket.receive();
		assertThat(echo.opcode()).isEqualTo(opcode);
		assertThat(echo.payload()).isEqualTo(message);
		assertEchoes(socket, opcode, JSON, true);
	}

	@ParameterizedTest
	@ValueSource(strings = { "00", "0200", "0300" })
	void echoesAnEmptyCompressedMessage(String deflated) throws Exception {
		try (RawWebSocket socket = RawWebSocket.connect(this.port, "/echo", OFFER)) {
			assertEchoesAnEmptyCompressedMessage(socket, deflated);
		}
	}

	/**
	 * Sends an empty text message in one frame as one empty deflate block, in the forms RFC 7692
	 * allows: stored ({@code 00}, the tail removed), fixed Huffman ({@code 02 00}), and fixed
	 * Huffman with BFINAL set ({@code 03 00}, section 7.2.3.3), expects it echoed, and then,
	 * unless the block ended the deflate stream (after which the engines differ in what context
	 * a next message inflates in), a message compressed in the same context.
	 */
	static void assertEchoesAnEmptyCompressedMessage(RawWebSocket socket, String deflated) throws Exception {
		assertThat(socket.extensions()).startsWith("permessage-deflate");
		byte[] block = HexFormat.of().parseHex(deflated);
		socket.sendFrame(0xc1, block);
		Message echo = socket.receive();
		assertThat(echo.opcode()).isEqualTo(1);
		assertThat(echo.payload()).isEmpty();
		boolean finalBlock = (block[0] & 1) != 0;
		if (!finalBlock) {
			assertEchoes(socket, 1, JSON, true);
		}
	}

	private static int inflatedLength(byte[] deflated) throws DataFormatException {
		Inflater inflater = new Inflater(true);
		try {
			inflater.setInput(deflated);
			return inflater.inflate(new byte[1024]);
		}
		finally {
			inflater.end();
		}
	}

	@Test
	void acceptsTheNextOfferWhenTheFirstCannotBeHonoured() throws Exception {
		try (RawWebSocket socket = RawWebSocket.connect(this.port, "/echo",
				"permessage-deflate; server_max_window_bits=10, permessage-deflate; client_max_window_bits")) {
			assertThat(socket.extensions()).startsWith("permessage-deflate").doesNotContain("server_max_window_bits");
			assertEchoes(socket, 1, JSON, true);
		}
	}

	/**
	 * The engine applies the extensions in the order of its answer: permessage-deflate answered
	 * behind an extension the client offered after it (Jetty's {@code fragment}) would split
	 * frames before they are compressed and send deflated bytes without RSV1.
	 */
	@Test
	void answersPermessageDeflateWhereTheClientOfferedIt() throws Exception {
		try (RawWebSocket socket = RawWebSocket.connect(this.port, "/echo", "permessage-deflate, fragment; maxLength=4")) {
			assertThat(socket.extensions()).startsWith("permessage-deflate");
			socket.send(1, JSON, true);
			Message echo = socket.receive();
			assertThat(echo.compressed()).isTrue();
			assertThat(echo.payload()).isEqualTo(JSON);
		}
	}

	@Test
	void answersAnOfferOfAFifteenBitServerWindowOnlyWhenTheEngineRepeatsIt() throws Exception {
		try (RawWebSocket socket = RawWebSocket.connect(this.port, "/echo",
				"permessage-deflate; server_max_window_bits=15")) {
			if (engine().answersServerMaxWindowBits()) {
				assertThat(socket.extensions()).contains("server_max_window_bits=15");
				assertEchoes(socket, 1, JSON, true);
			}
			else {
				assertThat(socket.extensions()).isNull();
				assertEchoes(socket, 1, JSON, false);
			}
		}
	}

	@Test
	void countsNoSkippedResponseBodyForAHandshake() throws Exception {
		double before = skippedResponseBodies(this.meterRegistry);
		try (RawWebSocket socket = RawWebSocket.connect(this.port, "/echo", "permessage-deflate")) {
			assertEchoes(socket, 1, JSON, true);
		}
		try (RawWebSocket socket = RawWebSocket.connect(this.port, "/echo", null)) {
			assertEchoes(socket, 1, JSON, false);
		}
		assertThat(skippedResponseBodies(this.meterRegistry)).isEqualTo(before);
	}

	static double skippedResponseBodies(MeterRegistry registry) {
		return registry.find(MicrometerCompressionRecorder.SKIPPED)
			.counters()
			.stream()
			.mapToDouble(Counter::count)
			.sum();
	}

	@Test
	void recordsSessionsAndMessages() throws Exception {
		double before = settledMessages("outbound", "permessage-deflate");
		double inboundBytes = inboundBytes();
		double sessionsBefore = sessions();
		try (RawWebSocket socket = RawWebSocket.connect(this.port, "/echo", "permessage-deflate")) {
			assertEchoes(socket, 1, JSON, true);
		}
		for (int tries = 0; tries < 100 && messages("outbound", "permessage-deflate") < before + 1; tries++) {
			Thread.sleep(50);
		}
		assertThat(messages("outbound", "permessage-deflate")).as("a sent message is counted once sent")
			.isEqualTo(before + 1);
		assertThat(inboundBytes()).isEqualTo(inboundBytes + JSON.length);
		assertThat(sessions()).isEqualTo(sessionsBefore + 1);
		assertThat(this.meterRegistry.get(MicrometerWebSocketMessageRecorder.SESSIONS).counter().getId().getDescription())
			.isNotBlank();
	}

	private double inboundBytes() {
		return this.meterRegistry.find(MicrometerWebSocketMessageRecorder.MESSAGE_SIZE)
			.tags("direction", "inbound", "coding", "permessage-deflate")
			.summaries()
			.stream()
			.mapToDouble(DistributionSummary::totalAmount)
			.sum();
	}

	private double sessions() {
		return this.meterRegistry.find(MicrometerWebSocketMessageRecorder.SESSIONS)
			.tags("coding", "permessage-deflate", "server_context_takeover", "true", "client_context_takeover", "true")
			.counters()
			.stream()
			.mapToDouble(Counter::count)
			.sum();
	}

	/**
	 * The count once messages of earlier tests on the same server, which are counted when
	 * their send completes, have all been counted: unchanged for 200 ms.
	 */
	private double settledMessages(String direction, String coding) throws InterruptedException {
		double count = messages(direction, coding);
		for (int tries = 0; tries < 50; tries++) {
			Thread.sleep(200);
			double now = messages(direction, coding);
			if (now == count) {
				return now;
			}
			count = now;
		}
		return count;
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
			assertThat(socket.extensions()).contains("server_no_context_takeover", "client_no_context_takeover");
			Message first = assertEchoes(socket, 1, JSON, true);
			Message second = assertEchoes(socket, 1, JSON, true);
			assertThat(second.wire()).isEqualTo(first.wire());
		}
	}

	@Test
	void resetsOnlyTheServerContextWhenOnlyThatIsConfigured() throws Exception {
		try (ConfigurableApplicationContext context = start("restcompress.websocket.server-no-context-takeover=true");
				RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", "permessage-deflate")) {
			assertThat(socket.extensions()).contains("server_no_context_takeover")
				.doesNotContain("client_no_context_takeover");
			Message first = assertEchoes(socket, 1, JSON, true);
			Message second = assertEchoes(socket, 1, JSON, true);
			assertThat(second.wire()).isEqualTo(first.wire());
		}
	}

	@Test
	void limitsTheClientWindowWhereTheEngineCanAndWarnsOnceAboutWhatNoEngineCan(CapturedOutput output)
			throws Exception {
		try (ConfigurableApplicationContext context = start("restcompress.websocket.client-max-window-bits=10",
				"restcompress.websocket.server-max-window-bits=12")) {
			assertThat(output.getOut().split("server-max-window-bits=12 is not honoured", -1)).hasSize(2);
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", OFFER)) {
				if (engine().answersClientMaxWindowBits()) {
					assertThat(socket.extensions()).contains("client_max_window_bits=10");
				}
				else {
					assertThat(socket.extensions()).isEqualTo("permessage-deflate");
					assertThat(output).contains("restcompress.websocket.client-max-window-bits=10 is not honoured");
				}
				assertEchoes(socket, 1, JSON, true);
			}
			try (RawWebSocket socket = RawWebSocket.connect(port(context), "/echo", "permessage-deflate")) {
				assertThat(socket.extensions()).isNull();
				assertEchoes(socket, 1, JSON, false);
			}
		}
	}

	private double messages(String direction, String coding) {
		return this.meterRegistry.get(MicrometerWebSocketMessageRecorder.MESSAGE_SIZE)
			.tags("direction", direction, "coding", coding)
			.summary()
			.count();
	}

	static Message assertEchoes(RawWebSocket socket, int opcode, byte[] payload, boolean compressed)
			throws Exception {
		socket.send(opcode, payload, compressed);
		Message echo = socket.receive();
		assertThat(echo.opcode()).isEqualTo(opcode);
		assertThat(echo.compressed()).isEqualTo(compressed);
		assertThat(echo.payload()).isEqualTo(payload);
		if (compressed) {
			assertThat(echo.wire().length).isLessThan(payload.length);
		}
		return echo;
	}

	private static ConfigurableApplicationContext start(String... properties) {
		return new SpringApplicationBuilder(WebSocketEchoApplication.class).properties("server.port=0")
			.properties(properties)
			.run();
	}

	private static int port(ConfigurableApplicationContext context) {
		return Integer.parseInt(context.getEnvironment().getProperty("local.server.port", "-1"));
	}


}
