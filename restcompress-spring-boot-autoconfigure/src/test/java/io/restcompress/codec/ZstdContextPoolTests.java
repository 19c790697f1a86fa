package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

import com.github.luben.zstd.ZstdCompressCtx;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class ZstdContextPoolTests {

	@Test
	void lendsAReleasedContextAgain() {
		ZstdContextPool<ZstdCompressCtx> pool = ZstdContextPool.compression(2);
		ZstdContextPool.Lease<ZstdCompressCtx> first = pool.borrow(new Object());
		first.release();
		ZstdContextPool.Lease<ZstdCompressCtx> second = pool.borrow(new Object());
		assertThat(second.context()).isSameAs(first.context());
		first.release();
		assertThat(pool.borrow(new Object()).context()).as("a second release of a stale lease returns nothing")
			.isNotSameAs(first.context());
		pool.close();
	}

	@Test
	void freesTheNativeContextOfAFailedStreamButKeepsItsDirectBuffers() {
		ZstdContextPool<ZstdCompressCtx> pool = ZstdContextPool.compression(2);
		ZstdContextPool.Lease<ZstdCompressCtx> failed = pool.borrow(new Object());
		failed.context().failed = true;
		failed.release();
		assertThatIllegalStateException().isThrownBy(() -> failed.context().ctx.setLevel(1));
		ZstdContextPool.Context<ZstdCompressCtx> next = pool.borrow(new Object()).context();
		assertThat(next).isNotSameAs(failed.context());
		assertThat(next.ctx).isNotSameAs(failed.context().ctx);
		assertThat(next.input).isSameAs(failed.context().input);
		assertThat(next.output).isSameAs(failed.context().output);
		assertThat(next.failed).isFalse();
		pool.close();
	}

	@Test
	void freesContextsBeyondItsCapacityAndWhenClosed() {
		ZstdContextPool<ZstdCompressCtx> pool = ZstdContextPool.compression(1);
		ZstdContextPool.Lease<ZstdCompressCtx> kept = pool.borrow(new Object());
		ZstdContextPool.Lease<ZstdCompressCtx> extra = pool.borrow(new Object());
		kept.release();
		extra.release();
		assertThatIllegalStateException().isThrownBy(() -> extra.context().ctx.setLevel(1));
		pool.close();
		assertThatIllegalStateException().isThrownBy(() -> kept.context().ctx.setLevel(1));
	}

	@Test
	void releasesTheContextOfAStreamThatWasNeverClosed() throws InterruptedException {
		ZstdContextPool<ZstdCompressCtx> pool = ZstdContextPool.compression(1);
		ZstdContextPool.Context<ZstdCompressCtx> forgotten = pool.borrow(new Object()).context();
		List<Object> owners = new ArrayList<>();
		for (int i = 0; i < 50; i++) {
			System.gc();
			Thread.sleep(20);
			Object owner = new Object();
			owners.add(owner);
			if (pool.borrow(owner).context() == forgotten) {
				pool.close();
				return;
			}
		}
		throw new AssertionError("the context of a collected owner was not returned");
	}

	@Test
	void streamsKeepWorkingAfterTheCodecIsClosed() throws IOException {
		ZstdCodec codec = new ZstdCodec(3, ZstdCodec.DEFAULT_MAX_WINDOW);
		byte[] body = Payload.JSON.bytes(10_000);
		ByteArrayOutputStream target = new ByteArrayOutputStream();
		OutputStream encoder = codec.encoder(target);
		InputStream decoder = codec.decoder(new ByteArrayInputStream(Codecs.encode(NativeCodecs.ZSTD, body)));
		codec.close();
		encoder.write(body);
		encoder.close();
		assertThat(decoder.readAllBytes()).isEqualTo(body);
		decoder.close();
		assertThat(Codecs.decode(NativeCodecs.ZSTD, target.toByteArray())).isEqualTo(body);
	}

}
