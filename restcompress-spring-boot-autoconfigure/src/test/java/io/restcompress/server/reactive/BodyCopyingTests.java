package io.restcompress.server.reactive;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import io.restcompress.internal.server.ResponseBodyCopy;
import io.restcompress.internal.server.ResponseFields;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpHeaders;

import static org.assertj.core.api.Assertions.assertThat;

class BodyCopyingTests {

	private static final ResponseFields FIELDS = ResponseFields.of(new HttpHeaders());

	private final DefaultDataBufferFactory buffers = new DefaultDataBufferFactory();

	@Test
	void copiesALargeBufferInBoundedChunksWithoutConsumingIt() {
		byte[] body = bytes(3 * BodyCopying.MAX_CHUNK + 17);
		RecordingCopy copy = new RecordingCopy();
		BodyCopying copying = new BodyCopying(copy);
		DataBuffer passed = Mono.from(copying.feeding(Mono.just(this.buffers.wrap(body)))).block();
		assertThat(copy.status).as("not ended before the response is written").isZero();
		copying.written(200, FIELDS);
		assertThat(passed).isNotNull();
		assertThat(passed.readableByteCount()).isEqualTo(body.length);
		assertThat(copy.bytes.toByteArray()).isEqualTo(body);
		assertThat(copy.writes).hasSize(4)
			.allSatisfy((length) -> assertThat(length).isLessThanOrEqualTo(BodyCopying.MAX_CHUNK));
		assertThat(copy.status).isEqualTo(200);
	}

	@Test
	void copiesEveryBufferOfAStreamedBodyInOrder() {
		byte[] first = bytes(100);
		byte[] second = bytes(BodyCopying.MAX_CHUNK + 1);
		RecordingCopy copy = new RecordingCopy();
		Flux<DataBuffer> body = Flux.just(this.buffers.wrap(first), this.buffers.wrap(new byte[0]),
				this.buffers.wrap(second));
		BodyCopying copying = new BodyCopying(copy);
		Flux.from(copying.feeding(body)).blockLast();
		copying.written(201, FIELDS);
		ByteArrayOutputStream expected = new ByteArrayOutputStream();
		expected.writeBytes(first);
		expected.writeBytes(second);
		assertThat(copy.bytes.toByteArray()).isEqualTo(expected.toByteArray());
		assertThat(copy.status).isEqualTo(201);
	}

	@Test
	void endsNoCopyOfABodyThatDidNotGoThroughWhole() {
		RecordingCopy copy = new RecordingCopy();
		BodyCopying copying = new BodyCopying(copy);
		Flux<DataBuffer> body = Flux.just(this.buffers.wrap(bytes(10)), this.buffers.wrap(bytes(20)));
		Flux.from(copying.feeding(body)).take(1).blockLast();
		copying.written(200, FIELDS);
		assertThat(copy.status).isZero();
	}

	private static byte[] bytes(int length) {
		byte[] bytes = new byte[length];
		new Random(length).nextBytes(bytes);
		return bytes;
	}

	private static final class RecordingCopy implements ResponseBodyCopy {

		private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

		private final List<Integer> writes = new ArrayList<>();

		private int status;

		@Override
		public void write(byte[] bytes, int offset, int length) {
			this.bytes.write(bytes, offset, length);
			this.writes.add(length);
		}

		@Override
		public void reset() {
			this.bytes.reset();
		}

		@Override
		public void completed(int status, ResponseFields fields) {
			assertThat(fields).isSameAs(FIELDS);
			this.status = status;
		}

	}

}
