package io.restcompress.client;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;

import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.NettyDataBuffer;
import org.springframework.core.io.buffer.NettyDataBufferFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reference-counted buffers, as Reactor Netty hands them out, that remember whether they were
 * released.
 */
final class TrackedBuffers {

	private final NettyDataBufferFactory factory = new NettyDataBufferFactory(UnpooledByteBufAllocator.DEFAULT);

	private final List<NettyDataBuffer> handedOut = new CopyOnWriteArrayList<>();

	/**
	 * Wraps bytes in a buffer of their own; an empty one too (Netty's shared empty buffer cannot
	 * be released).
	 */
	DataBuffer wrap(byte[] bytes) {
		NettyDataBuffer buffer = this.factory.wrap((bytes.length > 0) ? Unpooled.wrappedBuffer(bytes)
				: UnpooledByteBufAllocator.DEFAULT.heapBuffer(0));
		this.handedOut.add(buffer);
		return buffer;
	}

	int handedOut() {
		return this.handedOut.size();
	}

	/**
	 * The one buffer handed out so far.
	 */
	DataBuffer only() {
		assertThat(this.handedOut).hasSize(1);
		return this.handedOut.get(0);
	}

	boolean allReleased() {
		return this.handedOut.stream().allMatch((buffer) -> buffer.getNativeBuffer().refCnt() == 0);
	}

	static List<byte[]> split(byte[] bytes, int size) {
		List<byte[]> pieces = new ArrayList<>();
		for (int offset = 0; offset < bytes.length; offset += size) {
			pieces.add(Arrays.copyOfRange(bytes, offset, Math.min(bytes.length, offset + size)));
		}
		return pieces;
	}

	/**
	 * Gives work on other threads a moment to go further than it should.
	 */
	static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Waits until a condition holds, which work on another thread makes true.
	 */
	static void await(BooleanSupplier condition) throws InterruptedException {
		for (int i = 0; i < 500 && !condition.getAsBoolean(); i++) {
			Thread.sleep(10);
		}
	}

}
