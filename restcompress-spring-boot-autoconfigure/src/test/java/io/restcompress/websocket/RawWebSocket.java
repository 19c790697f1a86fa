package io.restcompress.websocket;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

import org.jspecify.annotations.Nullable;

/**
 * A WebSocket client on a plain socket, for tests that must see the handshake and the
 * frames as they are on the wire: it offers any {@code Sec-WebSocket-Extensions}, compresses
 * what it sends with permessage-deflate when asked, and returns the received frames' raw
 * payload next to the decompressed message.
 */
public final class RawWebSocket implements Closeable {

	private static final byte[] TAIL = { 0, 0, (byte) 0xff, (byte) 0xff };

	private final Socket socket;

	private final DataInputStream in;

	private final OutputStream out;

	private final int status;

	private final Map<String, String> headers;

	private final Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);

	private final Inflater inflater = new Inflater(true);

	private final boolean resetInflaterPerMessage;

	private final boolean resetDeflaterPerMessage;

	private RawWebSocket(Socket socket, int status, Map<String, String> headers, DataInputStream in) throws IOException {
		this.socket = socket;
		this.in = in;
		this.out = socket.getOutputStream();
		this.status = status;
		this.headers = headers;
		String extensions = extensions();
		this.resetInflaterPerMessage = extensions != null && extensions.contains("server_no_context_takeover");
		this.resetDeflaterPerMessage = extensions != null && extensions.contains("client_no_context_takeover");
	}

	/**
	 * Opens a connection and performs the handshake.
	 * @param port the server's port on the loopback address
	 * @param path the endpoint
	 * @param extensionOffer the {@code Sec-WebSocket-Extensions} value, or {@code null} to offer none
	 * @return the connection, upgraded or not
	 * @throws IOException on a connection failure
	 */
	public static RawWebSocket connect(int port, String path, @Nullable String extensionOffer) throws IOException {
		return (extensionOffer != null)
				? connectWithFields(port, path, "Upgrade: websocket", "Sec-WebSocket-Extensions: " + extensionOffer)
				: connectWithFields(port, path, "Upgrade: websocket");
	}

	/**
	 * Opens a connection and performs the handshake, writing the {@code Upgrade} field and any
	 * {@code Sec-WebSocket-Extensions} fields as given, for tests of how the server reads their
	 * names and values.
	 * @param port the server's port on the loopback address
	 * @param path the endpoint
	 * @param fields the {@code Upgrade} field and the extension fields, each as {@code name: value}
	 * @return the connection, upgraded or not
	 * @throws IOException on a connection failure
	 */
	public static RawWebSocket connectWithFields(int port, String path, String... fields) throws IOException {
		Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
		socket.setSoTimeout(10_000);
		StringBuilder request = new StringBuilder("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n"
				+ "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
				+ "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n");
		for (String field : fields) {
			request.append(field).append("\r\n");
		}
		socket.getOutputStream().write(request.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
		DataInputStream in = new DataInputStream(socket.getInputStream());
		String statusLine = line(in);
		int status = Integer.parseInt(statusLine.split(" ")[1]);
		Map<String, String> headers = new LinkedHashMap<>();
		for (String line = line(in); !line.isEmpty(); line = line(in)) {
			int colon = line.indexOf(':');
			headers.merge(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim(),
					(a, b) -> a + ", " + b);
		}
		return new RawWebSocket(socket, status, headers, in);
	}

	public int status() {
		return this.status;
	}

	/**
	 * Returns a header field of the server's handshake answer.
	 * @param name the field's name
	 * @return its values, joined by commas, or {@code null} if the answer has none
	 */
	public @Nullable String header(String name) {
		return this.headers.get(name.toLowerCase(Locale.ROOT));
	}

	/**
	 * Returns the server's {@code Sec-WebSocket-Extensions} answer.
	 * @return the answer, or {@code null} if it accepted no extension
	 */
	public @Nullable String extensions() {
		return this.headers.get("sec-websocket-extensions");
	}

	/**
	 * Sends one message in one frame.
	 * @param opcode 1 for text, 2 for binary
	 * @param payload the message
	 * @param compress whether to compress it with the connection's compressor
	 * @throws IOException on a connection failure
	 */
	public void send(int opcode, byte[] payload, boolean compress) throws IOException {
		byte[] data = compress ? deflate(payload) : payload;
		sendFrame(0x80 | (compress ? 0x40 : 0) | opcode, data);
	}

	/**
	 * Compresses a message with the connection's compressor, as {@link #send} does, without
	 * sending it, for a test that splits the compressed bytes into frames of its own.
	 * @param payload the message
	 * @return the compressed bytes, without the tail RFC 7692 removes
	 */
	public byte[] compress(byte[] payload) {
		return deflate(payload);
	}

	/**
	 * Sends one uncompressed message in one frame with reserved bits set, which no extension
	 * of this connection defines.
	 * @param opcode 1 for text, 2 for binary
	 * @param payload the message
	 * @param reservedBits the bits, 4 for RSV1, 2 for RSV2, 1 for RSV3
	 * @throws IOException on a connection failure
	 */
	public void sendWithReservedBits(int opcode, byte[] payload, int reservedBits) throws IOException {
		sendFrame(0x80 | (reservedBits << 4) | opcode, payload);
	}

	/**
	 * Sends one frame as it is given, masked.
	 * @param firstByte the frame's first byte: FIN, the reserved bits and the opcode
	 * @param data the payload
	 * @throws IOException on a connection failure
	 */
	public void sendFrame(int firstByte, byte[] data) throws IOException {
		ByteArrayOutputStream frame = new ByteArrayOutputStream(data.length + 14);
		frame.write(firstByte);
		if (data.length < 126) {
			frame.write(0x80 | data.length);
		}
		else if (data.length < 65536) {
			frame.write(0x80 | 126);
			frame.write(data.length >>> 8);
			frame.write(data.length);
		}
		else {
			frame.write(0x80 | 127);
			for (int shift = 56; shift >= 0; shift -= 8) {
				frame.write((int) ((long) data.length >>> shift));
			}
		}
		byte[] mask = new byte[4];
		ThreadLocalRandom.current().nextBytes(mask);
		frame.write(mask);
		for (int i = 0; i < data.length; i++) {
			frame.write(data[i] ^ mask[i & 3]);
		}
		this.out.write(frame.toByteArray());
		this.out.flush();
	}

	/**
	 * Reads the next data message, joining continuation frames.
	 * @return the message
	 * @throws IOException on a connection failure or a close frame
	 */
	public Message receive() throws IOException {
		ByteArrayOutputStream wire = new ByteArrayOutputStream();
		int opcode = -1;
		boolean compressed = false;
		boolean fin = false;
		while (!fin) {
			int first = this.in.readUnsignedByte();
			int second = this.in.readUnsignedByte();
			fin = (first & 0x80) != 0;
			int frameOpcode = first & 0x0f;
			long length = second & 0x7f;
			if (length == 126) {
				length = this.in.readUnsignedShort();
			}
			else if (length == 127) {
				length = this.in.readLong();
			}
			byte[] payload = new byte[Math.toIntExact(length)];
			this.in.readFully(payload);
			if (frameOpcode >= 8) {
				if (frameOpcode == 8) {
					int status = (payload.length >= 2) ? ((payload[0] & 0xff) << 8) | (payload[1] & 0xff) : -1;
					String reason = (payload.length > 2) ? new String(payload, 2, payload.length - 2, StandardCharsets.UTF_8) : "";
					throw new IOException("closed by the server: " + status + " " + reason);
				}
				fin = false;
				continue;
			}
			if (frameOpcode != 0) {
				opcode = frameOpcode;
				compressed = (first & 0x40) != 0;
			}
			wire.write(payload);
		}
		byte[] wireBytes = wire.toByteArray();
		return new Message(opcode, compressed, wireBytes, compressed ? inflate(wireBytes) : wireBytes);
	}

	private byte[] deflate(byte[] payload) {
		this.deflater.setInput(payload);
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		byte[] buffer = new byte[8192];
		int written;
		do {
			written = this.deflater.deflate(buffer, 0, buffer.length, Deflater.SYNC_FLUSH);
			out.write(buffer, 0, written);
		}
		while (written == buffer.length || !this.deflater.needsInput());
		if (this.resetDeflaterPerMessage) {
			this.deflater.reset();
		}
		byte[] data = out.toByteArray();
		return Arrays.copyOf(data, data.length - TAIL.length);
	}

	private byte[] inflate(byte[] data) throws IOException {
		byte[] input = Arrays.copyOf(data, data.length + TAIL.length);
		System.arraycopy(TAIL, 0, input, data.length, TAIL.length);
		this.inflater.setInput(input);
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		byte[] buffer = new byte[8192];
		try {
			int read;
			do {
				read = this.inflater.inflate(buffer);
				out.write(buffer, 0, read);
			}
			while (read > 0 || !this.inflater.needsInput());
		}
		catch (DataFormatException ex) {
			throw new IOException(ex);
		}
		if (this.resetInflaterPerMessage) {
			this.inflater.reset();
		}
		return out.toByteArray();
	}

	private static String line(InputStream in) throws IOException {
		StringBuilder line = new StringBuilder();
		for (int c = in.read(); c != '\n'; c = in.read()) {
			if (c < 0) {
				throw new IOException("connection closed during the handshake");
			}
			if (c != '\r') {
				line.append((char) c);
			}
		}
		return line.toString();
	}

	/**
	 * Reads until the server ends the connection, dropping what it sends.
	 * @throws IOException if the read fails
	 */
	public void awaitEnd() throws IOException {
		try {
			while (this.in.read() != -1) {
				// what follows the close frame, if anything
			}
		}
		catch (java.net.SocketException ex) {
			// reset: the server closed with bytes of ours unread
		}
	}

	@Override
	public void close() throws IOException {
		this.deflater.end();
		this.inflater.end();
		this.socket.close();
	}

	/**
	 * A received message.
	 * @param opcode 1 for text, 2 for binary
	 * @param compressed whether its first frame had RSV1 set
	 * @param wire its payload as sent
	 * @param payload its payload after decompression
	 */
	public record Message(int opcode, boolean compressed, byte[] wire, byte[] payload) {
	}

}
