package io.restcompress.websocket;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;

/**
 * Lets Netty's permessage-deflate decoder take a fragmented compressed message whose first
 * frame inflates to nothing. RFC 7692 (section 6.1) lets a client split the compressed bytes
 * anywhere, so a first frame may hold only the start of a deflate block header; Netty's
 * {@code DeflateDecoder} (4.2) fails a text or binary frame that inflates to no bytes with
 * "cannot read uncompressed buffer", which closes the session with {@code 1002}, but takes such
 * a continuation frame. So each compressed first frame of a fragmented message is passed on as
 * an empty first frame, with RSV1, followed by its payload as a continuation frame: the same
 * deflate stream split at its first byte, which the decoder inflates as it would the original.
 * Nothing is held back or copied, so limits apply as before; a message in one frame passes
 * unchanged. It sits after {@link ReservedBitsCheck}, which sees the frames as they arrived.
 */
final class DeflateFirstFragmentSplit extends ChannelInboundHandlerAdapter {

	private static final String NAME = "restcompress.deflateFirstFragmentSplit";

	private static final int RSV1 = 0b100;

	private DeflateFirstFragmentSplit() {
	}

	/**
	 * Adds the split to an upgraded connection's pipeline that negotiated permessage-deflate,
	 * after the reserved bits check and so before Netty's extension decoder.
	 * @param channel the connection
	 */
	static void addTo(Channel channel) {
		ChannelPipeline pipeline = channel.pipeline();
		if (pipeline.get(ReservedBitsCheck.NAME) != null && pipeline.get(NAME) == null) {
			pipeline.addAfter(ReservedBitsCheck.NAME, NAME, new DeflateFirstFragmentSplit());
		}
	}

	@Override
	public void channelRead(ChannelHandlerContext ctx, Object message) {
		if (message instanceof WebSocketFrame frame && !frame.isFinalFragment() && (frame.rsv() & RSV1) != 0
				&& frame.content().isReadable()) {
			if (frame instanceof TextWebSocketFrame) {
				ctx.fireChannelRead(new TextWebSocketFrame(false, frame.rsv(), Unpooled.EMPTY_BUFFER));
				ctx.fireChannelRead(new ContinuationWebSocketFrame(false, 0, frame.content()));
				return;
			}
			if (frame instanceof BinaryWebSocketFrame) {
				ctx.fireChannelRead(new BinaryWebSocketFrame(false, frame.rsv(), Unpooled.EMPTY_BUFFER));
				ctx.fireChannelRead(new ContinuationWebSocketFrame(false, 0, frame.content()));
				return;
			}
		}
		ctx.fireChannelRead(message);
	}

}
