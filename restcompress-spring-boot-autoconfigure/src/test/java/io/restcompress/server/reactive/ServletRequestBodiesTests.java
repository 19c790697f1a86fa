package io.restcompress.server.reactive;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.mock.web.MockHttpServletRequest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A request body on a servlet container that says the body ended while its input stream still
 * holds some of it, as Tomcat does over HTTP/2.
 */
class ServletRequestBodiesTests {

	@Test
	void publishesWhatTheContainerStillHoldsWhenTheBodyCompletesBeforeItsEnd() {
		HeldBytesRequest request = new HeldBytesRequest("held back by the container".repeat(1000));
		assertThat(read(ServletRequestBodies.body(published("read before the completion, "), request)))
			.isEqualTo("read before the completion, " + "held back by the container".repeat(1000));
		assertThat(request.input.isFinished()).isTrue();
	}

	@Test
	void addsNothingWhenTheInputStreamIsFinished() {
		HeldBytesRequest request = new HeldBytesRequest("");
		assertThat(read(ServletRequestBodies.body(published("the whole body"), request))).isEqualTo("the whole body");
	}

	@Test
	void leavesTheBodyOfAnotherServerAsItIs() {
		Flux<DataBuffer> body = published("a body");
		assertThat(ServletRequestBodies.body(body, new Object())).isSameAs(body);
		assertThat(ServletRequestBodies.body(body, null)).isSameAs(body);
	}

	private static Flux<DataBuffer> published(String text) {
		return Flux.just(DefaultDataBufferFactory.sharedInstance.wrap(text.getBytes(StandardCharsets.UTF_8)));
	}

	private static String read(Flux<DataBuffer> body) {
		ByteArrayOutputStream read = new ByteArrayOutputStream();
		body.doOnNext((buffer) -> {
			byte[] bytes = new byte[buffer.readableByteCount()];
			buffer.read(bytes);
			DataBufferUtils.release(buffer);
			read.writeBytes(bytes);
		}).blockLast(Duration.ofSeconds(10));
		return read.toString(StandardCharsets.UTF_8);
	}

	private static final class HeldBytesRequest extends MockHttpServletRequest {

		private final HeldBytes input;

		HeldBytesRequest(String held) {
			this.input = new HeldBytes(held.getBytes(StandardCharsets.UTF_8));
		}

		@Override
		public ServletInputStream getInputStream() {
			return this.input;
		}

	}

	/**
	 * A non-blocking input stream that reads only what it holds, as a container's does once the
	 * last bytes of a body have arrived.
	 */
	private static final class HeldBytes extends ServletInputStream {

		private final byte[] held;

		private int position;

		HeldBytes(byte[] held) {
			this.held = held;
		}

		@Override
		public boolean isFinished() {
			return this.position == this.held.length;
		}

		@Override
		public boolean isReady() {
			return true;
		}

		@Override
		public void setReadListener(ReadListener listener) {
		}

		@Override
		public int available() {
			return this.held.length - this.position;
		}

		@Override
		public int read() {
			return isFinished() ? -1 : this.held[this.position++] & 0xFF;
		}

		@Override
		public int read(byte[] bytes, int offset, int length) {
			if (isFinished()) {
				return -1;
			}
			int n = Math.min(length, available());
			System.arraycopy(this.held, this.position, bytes, offset, n);
			this.position += n;
			return n;
		}

	}

}
