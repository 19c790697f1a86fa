package io.restcompress.server;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import io.netty.channel.Channel;
import reactor.core.publisher.Mono;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import org.springframework.http.HttpHeaders;

/**
 * An HTTP/2 client (cleartext, prior knowledge, on Reactor Netty) that goes away once the first
 * bytes of a response body arrived: it resets the stream ({@code RST_STREAM}), or it closes the
 * connection without a word, the way a browser or h2load leaves.
 */
final class LeavingHttp2Client {

	private final HttpClient client;

	LeavingHttp2Client(int port) {
		this.client = HttpClient.create(ConnectionProvider.newConnection())
			.protocol(HttpProtocol.H2C)
			.host("localhost")
			.port(port);
	}

	/**
	 * Requests {@code path} in {@code coding} and leaves as {@code leaving} says once the first
	 * bytes of the body arrived.
	 * @return the response, whose connection stays open (after a reset) until it is closed
	 */
	Left leave(String path, String coding, Leaving leaving) {
		AtomicReference<Channel> connection = new AtomicReference<>();
		Left left = this.client.headers((headers) -> headers.set(HttpHeaders.ACCEPT_ENCODING, coding))
			.get()
			.uri(path)
			.responseConnection((response, stream) -> {
				connection.set(stream.channel().parent());
				Left answered = new Left(response.version().text(), response.status().code(),
						response.responseHeaders().toString(),
						response.responseHeaders().get(HttpHeaders.CONTENT_ENCODING), connection.get());
				return stream.inbound()
					.receive()
					.doOnNext((first) -> leaving.leave(stream.channel()))
					.next()
					.onErrorResume((ex) -> Mono.empty())
					.thenReturn(answered);
			})
			.blockLast(Duration.ofSeconds(30));
		if (left == null) {
			throw new IllegalStateException("no response to " + path);
		}
		return left;
	}

	enum Leaving {

		/**
		 * Resets the response's stream, and keeps the connection.
		 */
		RESET_STREAM {

			@Override
			void leave(Channel stream) {
				stream.close();
			}

		},

		/**
		 * Closes the connection, with the response's stream and any others on it.
		 */
		CLOSE_CONNECTION {

			@Override
			void leave(Channel stream) {
				stream.parent().close();
			}

		};

		abstract void leave(Channel stream);

	}

	/**
	 * A response that the client left.
	 * @param protocol the protocol it came in
	 * @param status its status code
	 * @param headers its header fields, for a failure's message
	 * @param contentEncoding its {@code Content-Encoding}, if any
	 * @param connection the connection it came on
	 */
	record Left(String protocol, int status, String headers, String contentEncoding,
			Channel connection) implements AutoCloseable {

		@Override
		public void close() {
			this.connection.close().syncUninterruptibly();
		}

	}

}
