package io.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

class NativeContextPoolTests {

	@Test
	void lendsAReleasedContextAgain() {
		NativeContextPool<ZstdCompressCtx> pool = NativeContextPool.compression(2);
		NativeContextPool.Lease<ZstdCompressCtx> first = pool.borrow(new Object());
		first.release();
		NativeContextPool.Lease<ZstdCompressCtx> second = pool.borrow(new Object());
		assertThat(second.context()).isSameAs(first.context());
		first.release();
		assertThat(pool.borrow(new Object()).context()).as("a second release of a stale lease returns nothing")
			.isNotSameAs(first.context());
		pool.close();
	}

	@Test
	void freesTheNativeContextOfAFailedStreamButKeepsItsDirectBuffers() {
		NativeContextPool<ZstdCompressCtx> pool = NativeContextPool.compression(2);
		NativeContextPool.Lease<ZstdCompressCtx> failed = pool.borrow(new Object());
		failed.context().failed = true;
		failed.release();
		assertThatIllegalStateException().isThrownBy(() -> failed.context().ctx.setLevel(1));
		NativeContextPool.Context<ZstdCompressCtx> next = pool.borrow(new Object()).context();
		assertThat(next).isNotSameAs(failed.context());
		assertThat(next.ctx).isNotSameAs(failed.context().ctx);
		assertThat(next.input).isSameAs(failed.context().input);
		assertThat(next.output).isSameAs(failed.context().output);
		assertThat(next.failed).isFalse();
		pool.close();
	}

	@Test
	void freesContextsBeyondItsCapacityAndWhenClosed() {
		NativeContextPool<ZstdCompressCtx> pool = NativeContextPool.compression(1);
		NativeContextPool.Lease<ZstdCompressCtx> kept = pool.borrow(new Object());
		NativeContextPool.Lease<ZstdCompressCtx> extra = pool.borrow(new Object());
		kept.release();
		extra.release();
		assertThatIllegalStateException().isThrownBy(() -> extra.context().ctx.setLevel(1));
		pool.close();
		assertThatIllegalStateException().isThrownBy(() -> kept.context().ctx.setLevel(1));
	}

	@Test
	void releasesTheContextOfAStreamThatWasNeverClosed() throws InterruptedException {
		NativeContextPool<ZstdCompressCtx> pool = NativeContextPool.compression(1);
		NativeContextPool.Context<ZstdCompressCtx> forgotten = pool.borrow(new Object()).context();
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

	/**
	 * A zstd decoder gives its context back when closed, whether it read the body to its end or
	 * not; one whose data was corrupt gives back its direct buffers with a fresh context.
	 */
	@Test
	void zstdDecodersGiveTheirContextBackWhenClosed() throws IOException {
		NativeContextPool<ZstdDecompressCtx> pool = NativeContextPool.decompression(1);
		NativeContextPool.Lease<ZstdDecompressCtx> lease = pool.borrow(new Object());
		NativeContextPool.Context<ZstdDecompressCtx> context = lease.context();
		lease.release();
		byte[] body = Payload.JSON.bytes(200_000);
		byte[] frame = Zstd.compress(body, 3);
		try (InputStream decoder = new ZstdDecoderStream(new ByteArrayInputStream(frame), pool,
				ZstdCodec.DEFAULT_MAX_WINDOW)) {
			assertThat(decoder.readAllBytes()).isEqualTo(body);
		}
		try (InputStream decoder = new ZstdDecoderStream(new ByteArrayInputStream(frame), pool,
				ZstdCodec.DEFAULT_MAX_WINDOW)) {
			assertThat(decoder.readNBytes(1000)).hasSize(1000);
		}
		NativeContextPool.Lease<ZstdDecompressCtx> again = pool.borrow(new Object());
		assertThat(again.context()).isSameAs(context);
		again.release();
		byte[] corrupt = frame.clone();
		Arrays.fill(corrupt, 20, 200, (byte) 0xFF);
		try (InputStream decoder = new ZstdDecoderStream(new ByteArrayInputStream(corrupt), pool,
				ZstdCodec.DEFAULT_MAX_WINDOW)) {
			assertThatExceptionOfType(CorruptContentException.class).isThrownBy(decoder::readAllBytes);
		}
		NativeContextPool.Context<ZstdDecompressCtx> renewed = pool.borrow(new Object()).context();
		assertThat(renewed).isNotSameAs(context);
		assertThat(renewed.input).isSameAs(context.input);
		pool.close();
	}

	/**
	 * The zlib decoders give their inflater back to the process's pool when they close, read to
	 * the end or not: with the pool holding only inflaters this test knows, every one of them is
	 * lent again after each decoder closed.
	 */
	@Test
	void zlibDecodersGiveTheirInflaterBackWhenClosed() throws IOException {
		byte[] body = Payload.JSON.bytes(100_000);
		for (ContentCodec codec : List.of(Codecs.GZIP_1, Codecs.DEFLATE)) {
			NativeContextPool<Inflater> pool = NativeContextPool.inflaters(codec == Codecs.GZIP_1);
			byte[] encoded = Codecs.encode(codec, body);
			Set<NativeContextPool.Context<Inflater>> known = lendAll(pool);
			assertThat(Codecs.decode(codec, encoded)).isEqualTo(body);
			assertThat(lendAll(pool)).as("%s read to the end", codec.coding()).isEqualTo(known);
			try (InputStream decoder = codec.decoder(new ByteArrayInputStream(encoded))) {
				assertThat(decoder.readNBytes(1000)).hasSize(1000);
			}
			assertThat(lendAll(pool)).as("%s closed before the end", codec.coding()).isEqualTo(known);
		}
	}

	/**
	 * Borrows as many contexts as the pool can hold and gives them back, so that it holds
	 * exactly these.
	 */
	private static <C> Set<NativeContextPool.Context<C>> lendAll(NativeContextPool<C> pool) {
		List<NativeContextPool.Lease<C>> leases = new ArrayList<>();
		for (int i = 0; i < NativeContextPool.DEFAULT_CAPACITY; i++) {
			leases.add(pool.borrow(new Object()));
		}
		Set<NativeContextPool.Context<C>> lent = Collections.newSetFromMap(new IdentityHashMap<>());
		leases.forEach((lease) -> lent.add(lease.context()));
		leases.forEach(NativeContextPool.Lease::release);
		return lent;
	}

	@Test
	void lendsADeflaterForTheNextBodyWithoutWhatItHeldBefore() throws IOException {
		NativeContextPool<Deflater> pool = NativeContextPool.deflaters(6, true);
		byte[] first = Payload.JSON.bytes(50_000);
		byte[] second = Payload.XML.bytes(30_000);
		NativeContextPool.Context<Deflater> lent = gzip(pool, first).context;
		Gzipped again = gzip(pool, second);
		assertThat(again.context).isSameAs(lent);
		assertThat(again.bytes).isEqualTo(gzip(NativeContextPool.deflaters(6, true), second).bytes);
		assertThat(Codecs.decode(Codecs.GZIP_1, again.bytes)).isEqualTo(second);
	}

	@Test
	void doesNotLendTheDeflaterOfAStreamWhoseTargetFailed() throws IOException {
		NativeContextPool<Deflater> pool = NativeContextPool.deflaters(6, true);
		byte[] body = Payload.JSON.bytes(200_000);
		OutputStream failing = new ByteArrayOutputStream() {

			@Override
			public void write(byte[] bytes, int offset, int length) {
				if (size() > 0) {
					throw new IllegalStateException("connection closed");
				}
				super.write(bytes, offset, length);
			}

		};
		DeflaterEncoderStream encoder = DeflaterEncoderStream.gzip(failing, pool);
		Deflater failed = encoder.context.ctx;
		assertThatIllegalStateException().isThrownBy(() -> encoder.write(body));
		assertThatIllegalStateException().isThrownBy(encoder::close);
		Gzipped next = gzip(pool, body);
		assertThat(next.context.ctx).isNotSameAs(failed);
		assertThat(Codecs.decode(Codecs.GZIP_1, next.bytes)).isEqualTo(body);
	}

	@Test
	void decodesTheNextBodyAfterCorruptDeflateData() throws IOException {
		byte[] body = Payload.JSON.bytes(100_000);
		byte[] encoded = Codecs.encode(Codecs.DEFLATE, body);
		byte[] corrupt = encoded.clone();
		for (int i = 100; i < 200; i++) {
			corrupt[i] = (byte) 0xFF;
		}
		assertThatExceptionOfType(CorruptContentException.class).isThrownBy(() -> Codecs.decode(Codecs.DEFLATE, corrupt));
		assertThat(Codecs.decode(Codecs.DEFLATE, encoded)).isEqualTo(body);
	}

	@Test
	void endsADeflaterLentBeforeTheCodecClosedWhenItsStreamCloses() throws IOException {
		GzipCodec codec = new GzipCodec(6);
		byte[] body = Payload.JSON.bytes(10_000);
		ByteArrayOutputStream target = new ByteArrayOutputStream();
		DeflaterEncoderStream encoder = (DeflaterEncoderStream) codec.encoder(target);
		Deflater lent = encoder.context.ctx;
		codec.close();
		encoder.write(body);
		encoder.close();
		assertThat(Codecs.decode(Codecs.GZIP_1, target.toByteArray())).isEqualTo(body);
		assertThatNullPointerException().isThrownBy(lent::getBytesRead).withMessageContaining("closed");
	}

	private static Gzipped gzip(NativeContextPool<Deflater> pool, byte[] body) throws IOException {
		ByteArrayOutputStream target = new ByteArrayOutputStream();
		DeflaterEncoderStream encoder = DeflaterEncoderStream.gzip(target, pool);
		NativeContextPool.Context<Deflater> context = encoder.context;
		encoder.write(body);
		encoder.close();
		return new Gzipped(target.toByteArray(), context);
	}

	private record Gzipped(byte[] bytes, NativeContextPool.Context<Deflater> context) {
	}

}
