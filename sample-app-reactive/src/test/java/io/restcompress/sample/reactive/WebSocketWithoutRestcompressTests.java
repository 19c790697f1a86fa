package io.restcompress.sample.reactive;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.Deflater;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code /ws/echo} with restcompress switched off, on Reactor Netty's own permessage-deflate:
 * a small compressed frame that inflates past {@code sample.websocket.max-message-size} closes
 * the session (Netty answers {@code 1002}; restcompress's strategy answers {@code 1009}) instead
 * of being inflated whole and echoed, or, inflating to gigabytes, failing the event loop with
 * an {@code OutOfMemoryError}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "restcompress.enabled=false", "sample.websocket.max-message-size=16KB" })
class WebSocketWithoutRestcompressTests {

	@LocalServerPort
	int port;

	@Test
	void closesTheSessionOnACompressedFrameThatInflatesPastTheLimit() throws IOException {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(30_000);
			OutputStream out = socket.getOutputStream();
			DataInputStream in = new DataInputStream(socket.getInputStream());
			out.write(("GET /ws/echo HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
					+ "Sec-WebSocket-Key: " + Base64.getEncoder().encodeToString(new byte[16]) + "\r\n"
					+ "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Extensions: permessage-deflate\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			String head = head(in);
			assertThat(head).startsWith("HTTP/1.1 101").containsIgnoringCase("permessage-deflate");
			byte[] deflated = deflated(new byte[4 * 1024 * 1024]);
			assertThat(deflated.length).isLessThan(16 * 1024);
			sendMasked(out, 0x80 | 0x40 | 0x2, deflated);
			int first = in.readUnsignedByte();
			assertThat(first & 0x0f).as("opcode of the answer").isEqualTo(0x8);
			int length = in.readUnsignedByte() & 0x7f;
			assertThat(length).isGreaterThanOrEqualTo(2);
			assertThat(in.readUnsignedShort()).as("close code").isEqualTo(1002);
		}
	}

	private static String head(InputStream in) throws IOException {
		ByteArrayOutputStream head = new ByteArrayOutputStream();
		while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
			int b = in.read();
			assertThat(b).isNotEqualTo(-1);
			head.write(b);
		}
		return head.toString(StandardCharsets.US_ASCII);
	}

	private static byte[] deflated(byte[] payload) {
		Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
		try {
			deflater.setInput(payload);
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			byte[] buffer = new byte[8192];
			int n;
			while ((n = deflater.deflate(buffer, 0, buffer.length, Deflater.SYNC_FLUSH)) > 0) {
				out.write(buffer, 0, n);
			}
			byte[] bytes = out.toByteArray();
			return Arrays.copyOf(bytes, bytes.length - 4);
		}
		finally {
			deflater.end();
		}
	}

	private static void sendMasked(OutputStream out, int firstByte, byte[] payload) throws IOException {
		out.write(firstByte);
		if (payload.length < 126) {
			out.write(0x80 | payload.length);
		}
		else {
			out.write(0x80 | 126);
			out.write(payload.length >>> 8);
			out.write(payload.length & 0xff);
		}
		byte[] mask = { 1, 2, 3, 4 };
		out.write(mask);
		byte[] masked = new byte[payload.length];
		for (int i = 0; i < payload.length; i++) {
			masked[i] = (byte) (payload[i] ^ mask[i % 4]);
		}
		out.write(masked);
		out.flush();
	}

}
