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
 * Lets Netty's permessage-deflate decoder take a compressed message whose first frame inflates
 * to nothing. RFC 7692 (section 6.1) lets a client split the compressed bytes anywhere, so the
 * first frame of a fragmented message may hold only the start of a deflate block header, and an
 * empty message may be any empty deflate block ({@code 02 00}, {@code 03 00}); Netty's
 * {@code DeflateDecoder} (4.2) fails a text or binary frame that inflates to no bytes, unless it
 * is the block {@code 00}, with "cannot read uncompressed buffer", which closes the session with
 * {@code 1002}, but takes such a continuation frame. So each compressed first frame is passed on
 * as an empty first frame, with RSV1, followed by its payload as a continuation frame, final if
 * it was: the same deflate stream split at its first byte, which the decoder inflates as it
 * would the original, and which Spring joins as any fragmented message. Nothing is held back or
 * copied, so limits apply as before. It sits after {@link ReservedBitsCheck}, which sees the
 * frames as they arrived.
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
		if (message instanceof WebSocketFrame frame && (frame.rsv() & RSV1) != 0 && frame.content().isReadable()) {
			if (frame instanceof TextWebSocketFrame) {
				ctx.fireChannelRead(new TextWebSocketFrame(false, frame.rsv(), Unpooled.EMPTY_BUFFER));
				ctx.fireChannelRead(new ContinuationWebSocketFrame(frame.isFinalFragment(), 0, frame.content()));
				return;
			}
			if (frame instanceof BinaryWebSocketFrame) {
				ctx.fireChannelRead(new BinaryWebSocketFrame(false, frame.rsv(), Unpooled.EMPTY_BUFFER));
				ctx.fireChannelRead(new ContinuationWebSocketFrame(frame.isFinalFragment(), 0, frame.content()));
				return;
			}
		}
		ctx.fireChannelRead(message);
	}

}
