package io.restcompress.client;

import io.restcompress.internal.reactive.Http2StreamFlush;
import reactor.netty.Connection;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientResponse;

/**
 * Keeps HTTP/2 response bodies moving on a Reactor Netty {@code WebClient} while
 * {@link ClientCompressionExchangeFilter} decodes them on a thread of its own. When more of a
 * stream's body is asked for outside the connection's read, Netty (4.2.18) may write the stream's
 * {@code WINDOW_UPDATE} without flushing it; the server, its flow-control window used up, waits
 * for it until it gives up. With this applied to the {@code HttpClient}, the filter flushes the
 * stream's channel on its event loop after each demand. The auto-configured {@code WebClient}
 * has it; a connector built by hand needs
 * {@code new ReactorClientHttpConnector(ReactorNettyResponseStreams.flushing(HttpClient.create()))}.
 */
public final class ReactorNettyResponseStreams {

	private ReactorNettyResponseStreams() {
	}

	/**
	 * Returns the client, telling the filter about the HTTP/2 stream of each response.
	 * @param client the client
	 * @return the client that does
	 */
	public static HttpClient flushing(HttpClient client) {
		return client.doOnResponse(ReactorNettyResponseStreams::received);
	}

	private static void received(HttpClientResponse response, Connection connection) {
		ResponseStream stream = ResponseStream.in(response.currentContextView());
		Runnable flush = Http2StreamFlush.afterDemand(connection.channel());
		if (stream != null && flush != null) {
			stream.afterDemand(flush);
		}
	}

}
