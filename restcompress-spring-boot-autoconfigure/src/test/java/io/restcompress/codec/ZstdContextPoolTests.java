package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

import com.github.luben.zstd.ZstdCompressCtx;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class ZstdContextPoolTests {

	@Test
	void lendsAReleasedContextAgain() {
		ZstdContextPool<ZstdCompressCtx> pool = ZstdContextPool.compression(2);
		ZstdContextPool.Context<ZstdCompressCtx> first = pool.borrow(new Object());
		first.release();
		first.release();
		ZstdContextPool.Context<ZstdCompressCtx> second = pool.borrow(new Object());
		assertThat(second).isSameAs(first);
		assertThat(pool.borrow(new Object())).isNotSameAs(first);
		pool.close();
	}

	@Test
	void freesAContextWhoseStreamFailed() {
		ZstdContextPool<ZstdCompressCtx> pool = ZstdContextPool.compression(2);
		ZstdContextPool.Context<ZstdCompressCtx> failed = pool.borrow(new Object());
		failed.failed = true;
		failed.release();
		assertThatIllegalStateException().isThrownBy(() -> failed.ctx.setLevel(1));
		assertThat(pool.borrow(new Object())).isNotSameAs(failed);
		pool.close();
	}

	@Test
	void freesContextsBeyondItsCapacityAndWhenClosed() {
		ZstdContextPool<ZstdCompressCtx> pool = ZstdContextPool.compression(1);
		ZstdContextPool.Context<ZstdCompressCtx> kept = pool.borrow(new Object());
		ZstdContextPool.Context<ZstdCompressCtx> extra = pool.borrow(new Object());
		kept.release();
		extra.release();
		assertThatIllegalStateException().isThrownBy(() -> extra.ctx.setLevel(1));
		pool.close();
		assertThatIllegalStateException().isThrownBy(() -> kept.ctx.setLevel(1));
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
