package io.restcompress.internal.reactive;

import java.io.EOFException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerUpgradeHandler;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http2.CleartextHttp2ServerUpgradeHandler;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import org.jspecify.annotations.Nullable;
import reactor.netty.NettyPipeline;
import reactor.netty.channel.ChannelOperations;

/**
 * Lets an HTTP/1.1 connection of Reactor Netty's server end only once the responses to the
 * requests it carried have been written, where Reactor Netty (1.3) would otherwise end it while
 * a response is still in flight, as it happens whenever a response is written asynchronously, as
 * restcompress writes every eligible one:
 * <ul>
 * <li>When a client shuts down its sending side after its request ({@code shutdown(SHUT_WR)}),
 * Netty closes the connection at once ({@code ChannelOption.ALLOW_HALF_CLOSURE} is off by
 * default), cutting the response short. With half-closure allowed on the connection, this
 * handler closes it once the responses to every request read are written, or at once when no
 * response is in flight or a request was cut short; and, so that a peer that went away cannot
 * keep a connection open, when nothing was written for a while after the input ended.</li>
 * <li>When the input ends in the middle of a request body that restcompress decodes (marked with
 * {@link #decodesBody(Channel)}), and the application has not given up reading it, the read
 * fails with an {@link EOFException}, as a servlet container reports it, instead: restcompress's
 * decoding answers it with its {@code 400} problem naming the coding, and the connection closes
 * after that answer.</li>
 * <li>When a pipelined request asking to close ({@code Connection: close}) is read while a
 * response is in flight, Reactor Netty's {@code HttpTrafficHandler} applies it to the response in
 * flight, closes the connection after it and drops the request. This handler holds such a
 * request, and reads no more, until the responses in flight are written.</li>
 * </ul>
 * It sits in front of Reactor Netty's {@code HttpTrafficHandler}, so it sees decoded requests and
 * the responses as the application writes them. It leaves a connection that is upgraded (to
 * HTTP/2 or a WebSocket) alone, as it was before, and is not installed on HTTP/2 connections.
 */
public final class Http1ResponsesInFlight extends ChannelDuplexHandler {

	/**
	 * The name of the handler in a connection's pipeline.
	 */
	public static final String NAME = "restcompress.http1ResponsesInFlight";

	private static final AttributeKey<Boolean> DECODED_BODY = AttributeKey
		.valueOf(Http1ResponsesInFlight.class.getName() + ".decodedBody");

	private final long idleNanos;

	/** Requests passed on whose response was not written yet. */
	private int inFlight;

	/** A request was read whose end was not read yet. */
	private boolean requestOpen;

	/** A request was cut short (the decoder ended it with a failure). */
	private boolean requestBroken;

	/** The response being written is informational (1xx). */
	private boolean informational;

	/** Messages held back behind a pipelined request asking to close, in order. */
	private @Nullable ArrayDeque<Object> held;

	private boolean readPending;

	private boolean inputShutdown;

	private long lastWrite;

	private @Nullable ScheduledFuture<?> idleCheck;

	Http1ResponsesInFlight(Duration idleAfterInputShutdown) {
		this.idleNanos = idleAfterInputShutdown.toNanos();
	}

	/**
	 * Installs the handler on a connection whose pipeline Reactor Netty set up for HTTP/1.1 (with
	 * or without an upgrade to h2c), and allows half-closure on it; does nothing on others.
	 * @param channel the connection's channel, as Reactor Netty initialized it
	 * @param idleAfterInputShutdown how long a connection whose input ended may go without a write
	 * while a response is in flight
	 * @return whether the handler was installed
	 */
	public static boolean install(Channel channel, Duration idleAfterInputShutdown) {
		if (channel.pipeline().get(NettyPipeline.HttpTrafficHandler) == null
				|| channel.pipeline().get(NAME) != null) {
			return false;
		}
		if (!channel.config().setOption(ChannelOption.ALLOW_HALF_CLOSURE, true)) {
			return false;
		}
		channel.pipeline()
			.addBefore(NettyPipeline.HttpTrafficHandler, NAME, new Http1ResponsesInFlight(idleAfterInputShutdown));
		return true;
	}

	/**
	 * Marks the request being handled on a channel as one whose body restcompress decodes.
	 * @param channel the request's channel
	 */
	public static void decodesBody(Channel channel) {
		channel.attr(DECODED_BODY).set(Boolean.TRUE);
	}

	@Override
	public void channelRead(ChannelHandlerContext ctx, Object msg) {
		if (msg instanceof HttpRequest request) {
			// A request the decoder found invalid is all there is of it (nothing follows), and is
			// answered (400) in its turn
			this.requestOpen = !request.decoderResult().isFailure();
			ctx.channel().attr(DECODED_BODY).set(null);
		}
		if (msg instanceof LastHttpContent last) {
			this.requestOpen = false;
			if (last.decoderResult().isFailure() && !(msg instanceof HttpRequest)) {
				// A body cut short; a whole request the decoder found invalid is answered (400)
				// in its turn like any other
				this.requestBroken = true;
			}
		}
		forward(ctx, msg);
	}

	private void forward(ChannelHandlerContext ctx, Object msg) {
		if (this.held != null) {
			this.held.add(msg);
			return;
		}
		if (msg instanceof HttpRequest request) {
			if (this.inFlight > 0 && !HttpUtil.isKeepAlive(request)) {
				this.held = new ArrayDeque<>();
				this.held.add(msg);
				// Reading the body of a request with unbounded demand leaves auto-read on (Reactor
				// Netty's FluxReceive), and with it on the transport reads without asking read():
				// turned off so that no more is read, and held, until the responses are written
				ctx.channel().config().setAutoRead(false);
				return;
			}
			this.inFlight++;
		}
		ctx.fireChannelRead(msg);
	}

	@Override
	public void read(ChannelHandlerContext ctx) {
		if (this.inputShutdown) {
			// Nothing more to read, and on epoll (Netty 4.2.18) a read asked for after the input was
			// shut down fails (epoll_ctl: ENOENT) and closes the connection
			return;
		}
		if (this.held != null) {
			this.readPending = true;
			return;
		}
		ctx.read();
	}

	@Override
	public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
		if (this.inputShutdown) {
			this.lastWrite = ctx.executor().ticker().nanoTime();
		}
		if (msg instanceof HttpResponse response) {
			HttpResponseStatus status = response.status();
			this.informational = status.codeClass() == HttpStatusClass.INFORMATIONAL;
			if (status.code() == HttpResponseStatus.SWITCHING_PROTOCOLS.code()) {
				ChannelPromise written = promise.unvoid();
				ctx.write(msg, written);
				written.addListener((future) -> leave(ctx));
				return;
			}
		}
		if (msg instanceof LastHttpContent) {
			if (this.informational) {
				this.informational = false;
			}
			else {
				ChannelPromise written = promise.unvoid();
				ctx.write(msg, written);
				written.addListener((future) -> responseWritten(ctx));
				return;
			}
		}
		ctx.write(msg, promise);
	}

	private void responseWritten(ChannelHandlerContext ctx) {
		if (this.inFlight > 0) {
			this.inFlight--;
		}
		if (this.held != null && this.inFlight == 0) {
			// Behind the write that completed, as Reactor Netty drains its own pipelined requests
			ctx.executor().execute(() -> release(ctx));
			return;
		}
		closeIfDone(ctx);
	}

	private void release(ChannelHandlerContext ctx) {
		ArrayDeque<Object> messages = this.held;
		if (messages == null || !ctx.channel().isActive()) {
			return;
		}
		this.held = null;
		Object msg;
		while ((msg = messages.poll()) != null) {
			forward(ctx, msg);
		}
		if (this.held == null && this.readPending) {
			this.readPending = false;
			ctx.read();
		}
		closeIfDone(ctx);
	}

	@Override
	public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
		if (evt instanceof ChannelInputShutdownEvent) {
			this.inputShutdown = true;
			this.lastWrite = ctx.executor().ticker().nanoTime();
			if (ctx.pipeline().get(NettyPipeline.HttpTrafficHandler) == null || this.requestBroken
					|| (this.requestOpen && !failsDecodedBodyCutShort(ctx))) {
				// Not HTTP/1.1 any more, or a request was cut short: as Netty would have done
				ctx.close();
			}
			else if (!closeIfDone(ctx)) {
				scheduleIdleCheck(ctx, this.idleNanos);
			}
		}
		else if (evt instanceof HttpServerUpgradeHandler.UpgradeEvent
				|| evt instanceof CleartextHttp2ServerUpgradeHandler.PriorKnowledgeUpgradeEvent) {
			leave(ctx);
		}
		super.userEventTriggered(ctx, evt);
	}

	/**
	 * Fails the read of a decoded request body that the end of the input cut short, when it is
	 * the body of the only request in flight and its application still reads it. An empty chunk
	 * goes first, so that Reactor Netty keeps the failure for a reader yet to come instead of
	 * reporting it as uncaught.
	 */
	private boolean failsDecodedBodyCutShort(ChannelHandlerContext ctx) {
		ChannelOperations<?, ?> operations = ChannelOperations.get(ctx.channel());
		if (!Boolean.TRUE.equals(ctx.channel().attr(DECODED_BODY).get()) || this.inFlight != 1 || this.held != null
				|| operations == null || operations.isInboundCancelled() || operations.isInboundDisposed()) {
			return false;
		}
		this.requestOpen = false;
		ctx.fireChannelRead(new DefaultHttpContent(Unpooled.EMPTY_BUFFER));
		ctx.fireExceptionCaught(new EOFException("The connection's input ended before the end of the request body"));
		return true;
	}

	private boolean closeIfDone(ChannelHandlerContext ctx) {
		if (this.inputShutdown && this.inFlight == 0 && this.held == null) {
			ctx.close();
			return true;
		}
		return false;
	}

	private void scheduleIdleCheck(ChannelHandlerContext ctx, long delayNanos) {
		this.idleCheck = ctx.executor().schedule(() -> {
			long idle = ctx.executor().ticker().nanoTime() - this.lastWrite;
			if (idle >= this.idleNanos) {
				ctx.close();
			}
			else if (ctx.channel().isActive()) {
				scheduleIdleCheck(ctx, this.idleNanos - idle);
			}
		}, delayNanos, TimeUnit.NANOSECONDS);
	}

	/**
	 * Leaves a connection that stopped being HTTP/1.1: half-closure is no longer allowed on it,
	 * and if its input ended already, it is closed, as Netty would have done.
	 */
	private void leave(ChannelHandlerContext ctx) {
		if (ctx.isRemoved()) {
			return;
		}
		ctx.channel().config().setOption(ChannelOption.ALLOW_HALF_CLOSURE, false);
		if (this.inputShutdown) {
			ctx.close();
		}
		ctx.pipeline().remove(this);
	}

	@Override
	public void channelInactive(ChannelHandlerContext ctx) throws Exception {
		discard();
		super.channelInactive(ctx);
	}

	@Override
	public void handlerRemoved(ChannelHandlerContext ctx) {
		discard();
	}

	private void discard() {
		if (this.idleCheck != null) {
			this.idleCheck.cancel(false);
			this.idleCheck = null;
		}
		ArrayDeque<Object> messages = this.held;
		this.held = null;
		if (messages != null) {
			messages.forEach(ReferenceCountUtil::release);
		}
	}

	@Override
	public boolean isSharable() {
		return false;
	}

}
