package io.restcompress.websocket;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.util.ReferenceCountUtil;
import reactor.netty.NettyPipeline;

/**
 * Fails a Reactor Netty WebSocket connection on a frame whose reserved bits no negotiated
 * extension defines (RFC 6455, section 5.2): RSV2 and RSV3 on any frame, RSV1 on a
 * continuation or control frame, and RSV1 on any frame when permessage-deflate was not
 * negotiated (RFC 7692 defines it on the first frame of a data message only). Netty's frame
 * decoder lets every reserved bit through once compression is on. It sits right after that
 * decoder, before the extension's decoder clears RSV1, and closes the connection with
 * {@code 1002}.
 */
final class ReservedBitsCheck extends ChannelInboundHandlerAdapter {

	private static final String FRAME_DECODER = "wsdecoder";

	static final String NAME = "restcompress.reservedBitsCheck";

	private static final int RSV1 = 0b100;

	private final boolean deflate;

	private boolean failed;

	private ReservedBitsCheck(boolean deflate) {
		this.deflate = deflate;
	}

	/**
	 * Adds the check to an upgraded connection's pipeline, after Netty's frame decoder.
	 * @param channel the connection
	 * @param deflate whether permessage-deflate was negotiated
	 */
	static void addTo(Channel channel, boolean deflate) {
		ChannelPipeline pipeline = channel.pipeline();
		if (pipeline.get(FRAME_DECODER) != null && pipeline.get(NAME) == null) {
			pipeline.addAfter(FRAME_DECODER, NAME, new ReservedBitsCheck(deflate));
		}
	}

	/**
	 * Fails the connection on the first frame with undefined reserved bits: nothing read after
	 * it reaches the application, and the part of a message that Reactor Netty's aggregator
	 * holds is dropped with the aggregator, which would otherwise report the close as an error
	 * ({@code PrematureChannelClosureException}) for every such client.
	 */
	@Override
	public void channelRead(ChannelHandlerContext ctx, Object message) {
		if (this.failed) {
			ReferenceCountUtil.release(message);
			return;
		}
		if (message instanceof WebSocketFrame frame && undefined(frame)) {
			this.failed = true;
			frame.release();
			if (ctx.pipeline().get(NettyPipeline.WsFrameAggregator) != null) {
				ctx.pipeline().remove(NettyPipeline.WsFrameAggregator);
			}
			ctx.writeAndFlush(new CloseWebSocketFrame(WebSocketCloseStatus.PROTOCOL_ERROR,
					"reserved bits set that no extension defines"))
				.addListener(ChannelFutureListener.CLOSE);
			return;
		}
		ctx.fireChannelRead(message);
	}

	private boolean undefined(WebSocketFrame frame) {
		int rsv = frame.rsv();
		if ((rsv & ~RSV1) != 0) {
			return true;
		}
		return (rsv & RSV1) != 0
				&& !(this.deflate && (frame instanceof TextWebSocketFrame || frame instanceof BinaryWebSocketFrame));
	}

}
