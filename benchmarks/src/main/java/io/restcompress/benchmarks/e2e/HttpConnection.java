package io.restcompress.benchmarks.e2e;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A minimal persistent HTTP/1.1 connection that counts every byte it sends and receives, so
 * that the bytes on the wire (headers and bodies, above TCP) are known exactly. Bodies are
 * sent with a length; responses are read by length or chunked. Reconnects after the server
 * closes.
 */
final class HttpConnection implements Closeable {

	private static final int BUFFER_SIZE = 64 * 1024;

	private final URI server;

	private Socket socket;

	private CountingInput input;

	private OutputStream output;

	private long sent;

	HttpConnection(URI server) {
		this.server = server;
	}

	/**
	 * Sends a request and returns the response with its body unread.
	 */
	Response send(String method, String path, Map<String, String> headers, byte[] body) throws IOException {
		if (this.socket == null) {
			connect();
		}
		long sentBefore = this.sent;
		long receivedBefore = this.input.count;
		StringBuilder head = new StringBuilder(method).append(' ').append(path).append(" HTTP/1.1\r\n")
			.append("Host: ").append(this.server.getHost()).append(':').append(this.server.getPort()).append("\r\n");
		headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
		if (body != null) {
			head.append("Content-Length: ").append(body.length).append("\r\n");
		}
		head.append("\r\n");
		byte[] headBytes = head.toString().getBytes(StandardCharsets.ISO_8859_1);
		this.output.write(headBytes);
		this.sent += headBytes.length;
		if (body != null) {
			this.output.write(body);
			this.sent += body.length;
		}
		this.output.flush();
		int status = parseStatus(readLine());
		Map<String, String> responseHeaders = new LinkedHashMap<>();
		String line;
		while (!(line = readLine()).isEmpty()) {
			int colon = line.indexOf(':');
			String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
			String value = line.substring(colon + 1).trim();
			responseHeaders.merge(name, value, (a, b) -> a + ", " + b);
		}
		InputStream responseBody;
		if ("chunked".equalsIgnoreCase(responseHeaders.get("transfer-encoding"))) {
			responseBody = new ChunkedInput();
		}
		else {
			String length = responseHeaders.get("content-length");
			responseBody = new FixedInput((length != null) ? Long.parseLong(length) : 0);
		}
		boolean closing = "close".equalsIgnoreCase(responseHeaders.get("connection"));
		return new Response(status, responseHeaders, responseBody, closing, sentBefore, receivedBefore);
	}

	private void connect() throws IOException {
		this.socket = new Socket();
		this.socket.setTcpNoDelay(true);
		this.socket.connect(new InetSocketAddress(this.server.getHost(), this.server.getPort()), 5_000);
		this.socket.setSoTimeout(120_000);
		this.input = new CountingInput(new BufferedInputStream(this.socket.getInputStream(), BUFFER_SIZE));
		this.output = new BufferedOutputStream(this.socket.getOutputStream(), BUFFER_SIZE);
	}

	@Override
	public void close() throws IOException {
		if (this.socket != null) {
			this.socket.close();
			this.socket = null;
		}
	}

	private String readLine() throws IOException {
		StringBuilder line = new StringBuilder();
		int b;
		while ((b = this.input.read()) != '\n') {
			if (b == -1) {
				throw new EOFException("Connection closed by " + this.server);
			}
			if (b != '\r') {
				line.append((char) b);
			}
		}
		return line.toString();
	}

	private static int parseStatus(String statusLine) throws IOException {
		String[] parts = statusLine.split(" ", 3);
		if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
			throw new IOException("Not an HTTP/1.1 status line: " + statusLine);
		}
		return Integer.parseInt(parts[1]);
	}

	/**
	 * A response whose body is read from the connection; {@link #finish()} returns the bytes
	 * that the exchange put on the wire in each direction.
	 */
	final class Response {

		final int status;

		final Map<String, String> headers;

		final InputStream body;

		private final boolean closing;

		private final long sentBefore;

		private final long receivedBefore;

		Response(int status, Map<String, String> headers, InputStream body, boolean closing, long sentBefore,
				long receivedBefore) {
			this.status = status;
			this.headers = headers;
			this.body = body;
			this.closing = closing;
			this.sentBefore = sentBefore;
			this.receivedBefore = receivedBefore;
		}

		/**
		 * Reads what is left of the body and returns the bytes sent and received.
		 */
		long[] finish() throws IOException {
			byte[] discard = new byte[8192];
			while (this.body.read(discard) != -1) {
				// a decoder may stop before the framing ends
			}
			long[] bytes = { HttpConnection.this.sent - this.sentBefore,
					HttpConnection.this.input.count - this.receivedBefore };
			if (this.closing) {
				close();
			}
			return bytes;
		}

	}

	/**
	 * A response body framed by the connection's bytes.
	 */
	private abstract static class BodyInput extends InputStream {

		private final byte[] single = new byte[1];

		@Override
		public int read() throws IOException {
			return (read(this.single, 0, 1) == -1) ? -1 : this.single[0] & 0xff;
		}

	}

	private final class FixedInput extends BodyInput {

		private long remaining;

		FixedInput(long length) {
			this.remaining = length;
		}

		@Override
		public int read(byte[] bytes, int offset, int length) throws IOException {
			if (this.remaining == 0) {
				return -1;
			}
			int n = HttpConnection.this.input.read(bytes, offset, (int) Math.min(length, this.remaining));
			if (n == -1) {
				throw new EOFException("Body ended early");
			}
			this.remaining -= n;
			return n;
		}

	}

	private final class ChunkedInput extends BodyInput {

		private long remaining;

		private boolean ended;

		@Override
		public int read(byte[] bytes, int offset, int length) throws IOException {
			if (this.ended) {
				return -1;
			}
			if (this.remaining == 0) {
				String size = readLine();
				int extension = size.indexOf(';');
				this.remaining = Long.parseLong((extension < 0) ? size.trim() : size.substring(0, extension).trim(), 16);
				if (this.remaining == 0) {
					while (!readLine().isEmpty()) {
						// trailers
					}
					this.ended = true;
					return -1;
				}
			}
			int n = HttpConnection.this.input.read(bytes, offset, (int) Math.min(length, this.remaining));
			if (n == -1) {
				throw new EOFException("Chunk ended early");
			}
			this.remaining -= n;
			if (this.remaining == 0) {
				readLine();
			}
			return n;
		}

	}

	private static final class CountingInput extends FilterInputStream {

		private long count;

		CountingInput(InputStream in) {
			super(in);
		}

		@Override
		public int read() throws IOException {
			int b = this.in.read();
			if (b != -1) {
				this.count++;
			}
			return b;
		}

		@Override
		public int read(byte[] bytes, int offset, int length) throws IOException {
			int n = this.in.read(bytes, offset, length);
			if (n > 0) {
				this.count += n;
			}
			return n;
		}

	}

}
