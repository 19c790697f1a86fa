package io.restcompress.internal.reactive;

import java.io.EOFException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.netty.Connection;
import reactor.netty.ConnectionObserver;
import reactor.netty.NettyPipeline;
import reactor.netty.channel.ChannelOperations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link Http1ResponsesInFlight}, on an embedded channel standing for an HTTP/1.1
 * connection of Reactor Netty after its codec.
 */
class Http1ResponsesInFlightTests {

	private static final Duration IDLE = Duration.ofSeconds(30);

	private EmbeddedChannel channel;

	@BeforeEach
	void connection() {
		this.channel = new EmbeddedChannel();
		this.channel.freezeTime();
		this.channel.pipeline()
			.addLast(Http1ResponsesInFlight.NAME, new Http1ResponsesInFlight(IDLE))
			.addLast(NettyPipeline.HttpTrafficHandler, new ChannelInboundHandlerAdapter());
	}

	@Test
	void closesAtOnceWhenTheInputEndsWithNoResponseInFlight() {
		request("/a", true);
		respond();
		endInput();
		assertThat(this.channel.isOpen()).isFalse();
	}

	@Test
	void closesOnceTheResponseInFlightIsWrittenAfterTheInputEnded() {
		request("/a", true);
		endInput();
		assertThat(this.channel.isOpen()).isTrue();
		this.channel.writeOutbound(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
		this.channel.writeOutbound(new DefaultHttpContent(Unpooled.wrappedBuffer(new byte[10])));
		assertThat(this.channel.isOpen()).isTrue();
		this.channel.writeOutbound(LastHttpContent.EMPTY_LAST_CONTENT);
		assertThat(this.channel.isOpen()).isFalse();
	}

	@Test
	void closesOnceEveryPipelinedResponseIsWrittenAfterTheInputEnded() {
		request("/a", true);
		request("/b", true);
		endInput();
		respond();
		assertThat(this.channel.isOpen()).isTrue();
		respond();
		assertThat(this.channel.isOpen()).isFalse();
	}

	@Test
	void doesNotTakeAnInformationalResponseForTheResponse() {
		request("/a", true);
		endInput();
		this.channel.writeOutbound(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
		assertThat(this.channel.isOpen()).isTrue();
		respond();
		assertThat(this.channel.isOpen()).isFalse();
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "identity" })
	void closesAtOnceWhenTheInputEndsInTheMiddleOfABodyAsSent(String contentEncoding) {
		beginUpload("/a", contentEncoding);
		endInput();
		assertThat(this.channel.isOpen()).isFalse();
	}

	@Test
	void failsTheReadOfADecodedBodyThatTheEndOfTheInputCutShortAndClosesAfterItsAnswer() {
		beginDecodedUpload("/a");
		endInput();
		assertThatExceptionOfType(EOFException.class).isThrownBy(this.channel::checkException)
			.withMessageContaining("input ended before the end of the request body");
		assertThat(this.channel.isOpen()).isTrue();
		respond();
		assertThat(this.channel.isOpen()).isFalse();
	}

	@Test
	void passesAnEmptyChunkBeforeTheFailureSoThatAReaderYetToComeIsGivenIt() {
		beginDecodedUpload("/a");
		endInput();
		assertThat(inbound()).extracting((msg) -> msg.getClass().getSimpleName())
			.containsExactly("DefaultHttpRequest", "DefaultHttpContent", "DefaultHttpContent");
		assertThatExceptionOfType(EOFException.class).isThrownBy(this.channel::checkException);
	}

	@Test
	void closesAtOnceWhenTheInputEndsInTheMiddleOfAnEncodedBodyNotDecoded() {
		beginUpload("/a", "gzip");
		bindOperations();
		endInput();
		this.channel.checkException();
		assertThat(this.channel.isOpen()).isFalse();
	}

	@Test
	void closesAtOnceWhenTheApplicationGaveUpReadingTheDecodedBody() {
		beginDecodedUpload("/a").receive().subscribe().dispose();
		endInput();
		this.channel.checkException();
		assertThat(this.channel.isOpen()).isFalse();
	}

	@Test
	void closesAtOnceWhenTheInputEndsInTheMiddleOfADecodedBodyBehindAResponseInFlight() {
		request("/a", true);
		beginDecodedUpload("/b");
		endInput();
		this.channel.checkException();
		assertThat(this.channel.isOpen()).isFalse();
	}

	@Test
	void forgetsThatABodyWasDecodedWhenTheNextRequestIsRead() {
		beginDecodedUpload("/a");
		this.channel.writeInbound(LastHttpContent.EMPTY_LAST_CONTENT);
		respond();
		beginUpload("/b", "gzip");
		endInput();
		this.channel.checkException();
		assertThat(this.channel.isOpen()).isFalse();
	}

	@Test
	void closesADecodedUploadCutShortWhoseAnswerIsNotWrittenWithinTheIdleTime() {
		beginDecodedUpload("/a");
		endInput();
		assertThatExceptionOfType(EOFException.class).isThrownBy(this.channel::checkException);
		advance(IDLE.plusSeconds(1));
		assertThat(this.channel.isOpen()).isFalse();
	}

	@Test
	void closesAtOnceWhenTheInputEndedARequestShort() {
		HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/a");
		request.headers().set(HttpHeaderNames.CONTENT_LENGTH, 100);
		this.channel.writeInbound(request);
		LastHttpContent cutShort = new DefaultLastHttpContent();
		cutShort.setDecoderResult(DecoderResult.failure(new PrematureChannelClosureException()));
		this.channel.writeInbound(cutShort);
		endInput();
		assertThat(this.channel.isOpen()).isFalse();
	}

	@Test
	void closesAConnectionWhoseInputEndedWhenNothingWasWrittenForTheIdleTime() {
		request("/a", true);
		endInput();
		this.channel.writeOutbound(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
		advance(Duration.ofSeconds(20));
		this.channel.writeOutbound(new DefaultHttpContent(Unpooled.wrappedBuffer(new byte[10])));
		advance(Duration.ofSeconds(20));
		assertThat(this.channel.isOpen()).isTrue();
		advance(Duration.ofSeconds(11));
		assertThat(this.channel.isOpen()).isFalse();
	}

	@Test
	void keepsAConnectionOpenWhileItsClientKeepsSending() {
		request("/a", true);
		respond();
		advance(IDLE.multipliedBy(2));
		assertThat(this.channel.isOpen()).isTrue();
		request("/b", true);
		assertThat((Object) this.channel.readInbound()).isInstanceOf(HttpRequest.class);
	}

	@Test
	void holdsAPipelinedRequestAskingToCloseUntilTheResponseInFlightIsWritten() {
		request("/a", true);
		request("/b", false);
		assertThat(uris()).containsExactly("/a");
		this.channel.writeOutbound(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
		this.channel.runPendingTasks();
		assertThat(uris()).isEmpty();
		this.channel.writeOutbound(LastHttpContent.EMPTY_LAST_CONTENT);
		this.channel.runPendingTasks();
		assertThat(uris()).containsExactly("/b");
	}

	@Test
	void stopsReadingWhileAPipelinedRequestAskingToCloseIsHeldEvenWithAutoReadOn() {
		request("/a", true);
		this.channel.config().setAutoRead(true);
		request("/b", false);
		assertThat(this.channel.config().isAutoRead()).isFalse();
	}

	@Test
	void finishesTheResponseInFlightBeforeClosingWhenAPipelinedRequestWasInvalid() {
		request("/a", true);
		invalid(new DefaultFullHttpRequest(HttpVersion.HTTP_1_0, HttpMethod.GET, "/bad-request"));
		endInput();
		assertThat(this.channel.isOpen()).isTrue();
		respond();
		assertThat(uris()).containsExactly("/a", "/bad-request");
		assertThat(this.channel.isOpen()).isTrue();
		respond();
		assertThat(this.channel.isOpen()).isFalse();
	}

	@Test
	void finishesTheResponseInFlightBeforeClosingWhenAPipelinedRequestHadAnInvalidHeader() {
		request("/a", true);
		// As Netty's decoder passes on a request whose headers it could not decode: nothing follows it
		invalid(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/b"));
		endInput();
		assertThat(this.channel.isOpen()).isTrue();
		respond();
		assertThat(uris()).containsExactly("/a", "/b");
		respond();
		assertThat(this.channel.isOpen()).isFalse();
	}

	@Test
	void passesOnAPipelinedRequestAskingToCloseWhenNoResponseIsInFlight() {
		request("/a", true);
		respond();
		request("/b", false);
		assertThat(uris()).containsExactly("/a", "/b");
	}

	@Test
	void leavesAConnectionThatSwitchesProtocols() {
		request("/ws", true);
		this.channel
			.writeOutbound(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.SWITCHING_PROTOCOLS));
		assertThat(this.channel.pipeline().get(Http1ResponsesInFlight.NAME)).isNull();
		assertThat(this.channel.isOpen()).isTrue();
	}

	/**
	 * Reads the head and the first 10 bytes of a gzip request body that restcompress decodes,
	 * its request bound to Reactor Netty's operations as the server binds it.
	 */
	private ChannelOperations<?, ?> beginDecodedUpload(String uri) {
		beginUpload(uri, "gzip");
		ChannelOperations<?, ?> operations = bindOperations();
		Http1ResponsesInFlight.decodesBody(this.channel);
		return operations;
	}

	private ChannelOperations<?, ?> bindOperations() {
		ChannelOperations<?, ?> operations = new ChannelOperations<>(Connection.from(this.channel),
				ConnectionObserver.emptyListener());
		operations.bind();
		return operations;
	}

	private List<Object> inbound() {
		List<Object> messages = new ArrayList<>();
		Object msg;
		while ((msg = this.channel.readInbound()) != null) {
			messages.add(msg);
		}
		return messages;
	}

	/**
	 * Reads the head and the first 10 bytes of a request whose body declares 100.
	 */
	private void beginUpload(String uri, String contentEncoding) {
		HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, uri);
		request.headers().set(HttpHeaderNames.CONTENT_LENGTH, 100);
		if (!contentEncoding.isEmpty()) {
			request.headers().set(HttpHeaderNames.CONTENT_ENCODING, contentEncoding);
		}
		this.channel.writeInbound(request);
		this.channel.writeInbound(new DefaultHttpContent(Unpooled.wrappedBuffer(new byte[10])));
	}

	private void request(String uri, boolean keepAlive) {
		HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, uri);
		if (!keepAlive) {
			request.headers().set(HttpHeaderNames.CONNECTION, "close");
		}
		this.channel.writeInbound(request);
		this.channel.writeInbound(LastHttpContent.EMPTY_LAST_CONTENT);
	}

	/**
	 * Passes on a request as Netty's decoder passes on one it found invalid.
	 */
	private void invalid(HttpRequest request) {
		request.setDecoderResult(DecoderResult.failure(new IllegalArgumentException("header")));
		this.channel.writeInbound(request);
	}

	private void respond() {
		this.channel.writeOutbound(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
		this.channel.writeOutbound(LastHttpContent.EMPTY_LAST_CONTENT);
		this.channel.runPendingTasks();
	}

	private void endInput() {
		this.channel.pipeline().fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
	}

	private void advance(Duration duration) {
		this.channel.advanceTimeBy(duration.toNanos(), TimeUnit.NANOSECONDS);
		this.channel.runScheduledPendingTasks();
	}

	/** The URIs of the requests passed on since the last call, leaving out the rest. */
	private List<String> uris() {
		List<String> uris = new ArrayList<>();
		Object msg;
		while ((msg = this.channel.readInbound()) != null) {
			if (msg instanceof HttpRequest request) {
				uris.add(request.uri());
			}
		}
		return uris;
	}

}
