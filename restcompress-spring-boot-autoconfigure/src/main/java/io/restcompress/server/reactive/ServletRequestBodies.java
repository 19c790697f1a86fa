package io.restcompress.server.reactive;

import java.io.IOException;

import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import reactor.core.Scannable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.server.reactive.AbstractListenerReadPublisher;
import org.springframework.http.server.reactive.ServerHttpRequest;

/**
 * The body of a request on a servlet container, read to its end even when the container says it
 * ended too soon. Tomcat's {@code CoyoteAdapter.asyncDispatch} calls
 * {@code ReadListener.onAllDataRead()} when its protocol layer has handed over the last bytes of
 * a body ({@code Request.isFinished()}, that is {@code coyoteRequest.isFinished()}), not when the
 * application has read them: over HTTP/2 up to a flow-control window of them (64 KB by default)
 * may still wait in the connector's input buffer, which {@code ServletInputStream.isFinished()}
 * counts. WebFlux's body publisher completes on that call unless it is reading at the time, so a
 * reader that asks for a few buffers at a time, as the decoder does, can be told the body ended
 * while its last bytes were never read. When the body completes while the servlet input stream
 * is not finished, the bytes it still holds are read (without blocking: only what it says is
 * available) and published before the completion.
 */
final class ServletRequestBodies {

	private static final int CHUNK_SIZE = 8192;

	private ServletRequestBodies() {
	}

	/**
	 * Returns the body of a request, followed on a servlet container by what the container still
	 * holds of it when the body completes.
	 * @param request the request
	 * @return its body
	 */
	static Flux<DataBuffer> body(ServerHttpRequest request) {
		return body(request.getBody(), NativeExchanges.request(request));
	}

	/**
	 * Returns a body, followed by what the servlet request it was read from still holds of it
	 * when it completes.
	 * @param body the body as the server publishes it
	 * @param nativeRequest the server's own request, a servlet request or another
	 * @return the whole body
	 */
	static Flux<DataBuffer> body(Flux<DataBuffer> body, @Nullable Object nativeRequest) {
		Flux<DataBuffer> whole = NativeExchanges.SERVLET_PRESENT ? Servlet.whole(nativeRequest, body) : null;
		return (whole != null) ? whole : body;
	}

	/**
	 * Whether a request came through a servlet container, which answers
	 * {@code Expect: 100-continue} before WebFlux sees the request (Tomcat does by default).
	 * @param request the request
	 * @return {@code true} on a servlet container
	 */
	static boolean onServletContainer(ServerHttpRequest request) {
		return NativeExchanges.SERVLET_PRESENT && Servlet.isRequest(NativeExchanges.request(request));
	}

	/**
	 * Returns what wakes the body publisher of a request on a servlet container, or
	 * {@code null} on another server. WebFlux's publisher ({@code AbstractListenerReadPublisher})
	 * drops the container's {@code onDataAvailable()} that comes while it is reading: when a
	 * decoder's demand makes it read on the decoder's thread, finds nothing more, and the
	 * container, told by that very check to call back when bytes arrive, calls back before the
	 * publisher has left its reading state, no one reads those bytes and the body stalls. Telling
	 * the publisher again that data may be available is harmless: it reads only when it has
	 * demand, is not reading already, and the servlet input stream is ready.
	 * @param request the request
	 * @return what to run after each demand and while the decoder waits, or {@code null}
	 */
	static @Nullable Runnable wakeUp(ServerHttpRequest request) {
		if (!NativeExchanges.SERVLET_PRESENT || !Servlet.isRequest(NativeExchanges.request(request))) {
			return null;
		}
		Object source = Scannable.from(request.getBody()).scanUnsafe(Scannable.Attr.PARENT);
		return (source instanceof AbstractListenerReadPublisher<?> publisher) ? publisher::onDataAvailable : null;
	}

	/**
	 * Servlet types, kept out of the enclosing class, which also runs without the servlet API.
	 */
	private static final class Servlet {

		static boolean isRequest(@Nullable Object request) {
			return request instanceof HttpServletRequest;
		}

		static @Nullable Flux<DataBuffer> whole(@Nullable Object request, Flux<DataBuffer> body) {
			ServletInputStream input = input(request);
			return (input != null) ? body.concatWith(Flux.defer(() -> unread(input))) : null;
		}

		private static @Nullable ServletInputStream input(@Nullable Object request) {
			if (request instanceof HttpServletRequest received) {
				try {
					return received.getInputStream();
				}
				catch (IOException | IllegalStateException ex) {
					return null;
				}
			}
			return null;
		}

		/**
		 * What the input stream still holds once the body published from it completed: nothing,
		 * unless the completion came before its end.
		 */
		private static Mono<DataBuffer> unread(ServletInputStream input) {
			if (input.isFinished()) {
				return Mono.empty();
			}
			DataBuffer unread = DefaultDataBufferFactory.sharedInstance.allocateBuffer(CHUNK_SIZE);
			try {
				byte[] chunk = new byte[CHUNK_SIZE];
				int available;
				while ((available = input.available()) > 0) {
					int n = input.read(chunk, 0, Math.min(available, chunk.length));
					if (n <= 0) {
						break;
					}
					unread.write(chunk, 0, n);
				}
			}
			catch (IOException ex) {
				DataBufferUtils.release(unread);
				return Mono.error(ex);
			}
			if (unread.readableByteCount() == 0) {
				DataBufferUtils.release(unread);
				return Mono.empty();
			}
			return Mono.just(unread).doOnDiscard(DataBuffer.class, DataBufferUtils::release);
		}

	}

}
