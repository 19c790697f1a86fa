package io.restcompress.websocket;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.compression.DecompressionException;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferFactory;
import org.springframework.web.reactive.socket.CloseStatus;
import org.springframework.web.reactive.socket.HandshakeInfo;
import org.springframework.web.reactive.socket.WebSocketHandler;
import org.springframework.web.reactive.socket.WebSocketMessage;
import org.springframework.web.reactive.socket.WebSocketSession;

/**
 * Reports a reactive session's permessage-deflate parameters when it starts, and each data
 * message it receives or hands to the connection, to a {@link WebSocketMessageRecorder}. Spring
 * aggregates a fragmented message before the application receives it, so each message is
 * recorded once; pings and pongs are not data. A received message larger than the message
 * limit is not handed on: it closes the session with {@code 1009} (message too big). Nor is
 * one with a reserved bit set once the negotiated extension has decoded it (RSV1 on a session
 * without permessage-deflate, RSV2 or RSV3 on any): Netty's decoder lets every reserved bit
 * through once compression is on, and RFC 6455 (section 5.2) has such a frame fail the
 * connection, which it closes with {@code 1002} (protocol error). Nor is a text message that
 * is not UTF-8, which Netty does not check on this path: RFC 6455 (section 8.1) has it fail the
 * connection, closed with {@code 1007} (invalid data), as Tomcat and Jetty close it.
 */
final class RecordingReactiveWebSocketHandler implements WebSocketHandler {

	private final WebSocketHandler delegate;

	private final WebSocketMessageRecorder recorder;

	private final @Nullable ExtensionOffer deflate;

	private final int messageLimit;

	private final @Nullable Channel channel;

	/**
	 * @param channel the connection, to check the reserved bits of each frame on
	 * ({@link ReservedBitsCheck}), or {@code null} when Netty checks them itself (compression
	 * off), and to let Netty inflate a fragmented message whose first frame inflates to nothing
	 * ({@link DeflateFirstFragmentSplit})
	 */
	RecordingReactiveWebSocketHandler(WebSocketHandler delegate, WebSocketMessageRecorder recorder,
			@Nullable ExtensionOffer deflate, int messageLimit, @Nullable Channel channel) {
		this.delegate = delegate;
		this.recorder = recorder;
		this.deflate = deflate;
		this.messageLimit = messageLimit;
		this.channel = channel;
	}

	@Override
	public List<String> getSubProtocols() {
		return this.delegate.getSubProtocols();
	}

	@Override
	public Mono<Void> handle(WebSocketSession session) {
		if (this.channel != null) {
			ReservedBitsCheck.addTo(this.channel, this.deflate != null);
			if (this.deflate != null) {
				DeflateFirstFragmentSplit.addTo(this.channel);
			}
		}
		this.recorder.opened((this.deflate != null) ? parameters(this.deflate) : null);
		return this.delegate
			.handle(new RecordingSession(session, this.recorder, this.deflate != null, this.messageLimit));
	}

	private static Map<String, @Nullable String> parameters(ExtensionOffer extension) {
		Map<String, @Nullable String> parameters = new LinkedHashMap<>();
		extension.parameters().forEach((parameter) -> parameters.put(parameter.name(), parameter.value()));
		return parameters;
	}

	private static final class RecordingSession implements WebSocketSession {

		private final WebSocketSession session;

		private final WebSocketMessageRecorder recorder;

		private final boolean compressed;

		private final int messageLimit;

		RecordingSession(WebSocketSession session, WebSocketMessageRecorder recorder, boolean compressed,
				int messageLimit) {
			this.session = session;
			this.recorder = recorder;
			this.compressed = compressed;
			this.messageLimit = messageLimit;
		}

		@Override
		public Flux<WebSocketMessage> receive() {
			return this.session.receive().<WebSocketMessage>handle((message, sink) -> {
				if (message.getNativeMessage() instanceof WebSocketFrame frame && frame.rsv() != 0) {
					this.session.close(CloseStatus.PROTOCOL_ERROR.withReason("reserved bits set that no extension defines"))
						.subscribe();
					sink.complete();
					return;
				}
				if (message.getNativeMessage() instanceof TextWebSocketFrame text
						&& !ByteBufUtil.isText(text.content(), StandardCharsets.UTF_8)) {
					this.session.close(CloseStatus.BAD_DATA.withReason("text message that is not UTF-8")).subscribe();
					sink.complete();
					return;
				}
				if (message.getPayload().readableByteCount() > this.messageLimit) {
					closeTooBig().subscribe();
					sink.complete();
					return;
				}
				record(false, message);
				sink.next(message);
			}).onErrorResume(RecordingSession::tooBig, (ex) -> closeTooBig().then(Mono.empty()));
		}

		private Mono<Void> closeTooBig() {
			return this.session.close(
					CloseStatus.TOO_BIG_TO_PROCESS.withReason("message larger than " + this.messageLimit + " bytes"));
		}

		/**
		 * Whether Netty failed a message for its size: a fragmented message past the frame limit,
		 * or a frame inflating past the decompression limit.
		 */
		private static boolean tooBig(Throwable ex) {
			for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
				if (cause instanceof TooLongFrameException || (cause instanceof DecompressionException
						&& String.valueOf(cause.getMessage()).startsWith("Decompression buffer has reached maximum size"))) {
					return true;
				}
			}
			return false;
		}

		@Override
		public Mono<Void> send(Publisher<WebSocketMessage> messages) {
			return this.session.send(Flux.from(messages).doOnNext((message) -> record(true, message)));
		}

		private void record(boolean outbound, WebSocketMessage message) {
			WebSocketMessage.Type type = message.getType();
			if (type == WebSocketMessage.Type.TEXT || type == WebSocketMessage.Type.BINARY) {
				this.recorder.message(outbound, this.compressed, message.getPayload().readableByteCount());
			}
		}

		@Override
		public String getId() {
			return this.session.getId();
		}

		@Override
		public HandshakeInfo getHandshakeInfo() {
			return this.session.getHandshakeInfo();
		}

		@Override
		public DataBufferFactory bufferFactory() {
			return this.session.bufferFactory();
		}

		@Override
		public Map<String, Object> getAttributes() {
			return this.session.getAttributes();
		}

		@Override
		public boolean isOpen() {
			return this.session.isOpen();
		}

		@Override
		public Mono<Void> close(CloseStatus status) {
			return this.session.close(status);
		}

		@Override
		public Mono<CloseStatus> closeStatus() {
			return this.session.closeStatus();
		}

		@Override
		public WebSocketMessage textMessage(String payload) {
			return this.session.textMessage(payload);
		}

		@Override
		public WebSocketMessage binaryMessage(Function<DataBufferFactory, DataBuffer> payloadFactory) {
			return this.session.binaryMessage(payloadFactory);
		}

		@Override
		public WebSocketMessage pingMessage(Function<DataBufferFactory, DataBuffer> payloadFactory) {
			return this.session.pingMessage(payloadFactory);
		}

		@Override
		public WebSocketMessage pongMessage(Function<DataBufferFactory, DataBuffer> payloadFactory) {
			return this.session.pongMessage(payloadFactory);
		}

		@Override
		public String toString() {
			return this.session.toString();
		}

	}

}
