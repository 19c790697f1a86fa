package io.restcompress.dictionary;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import io.restcompress.codec.AcceptEncoding;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.DczCodec;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.ZstdCodec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DictionaryResponseBodiesTests {

	private static final byte[] CONTENT = "{\"order\":1,\"state\":\"open\"}".repeat(100).getBytes(StandardCharsets.UTF_8);

	private static final StoredDictionary DICTIONARY = new StoredDictionary(CONTENT, DczCodec.sha256(CONTENT),
			MatchPattern.of("/api/orders/*"), "");

	private final ZstdCodec zstd = new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW);

	private final DictionaryResponseBodies bodies = new DictionaryResponseBodies(List.of(this.zstd, new GzipCodec(1)));

	@AfterEach
	void closeZstd() {
		this.zstd.close();
	}

	@Test
	void servesTheDictionaryAsItIsToAClientThatAcceptsNoCoding() {
		DictionaryResponseBodies.Response served = this.bodies.serve(DICTIONARY, "", AcceptEncoding.parse((String) null),
				List.of());
		assertThat(served.body()).isSameAs(CONTENT);
		assertThat(served.fields()).doesNotContainKey("Content-Encoding")
			.containsEntry("Content-Length", Integer.toString(CONTENT.length))
			.containsEntry("Vary", "Accept-Encoding");
	}

	@Test
	void marksTheDictionaryForItsPatternBelowTheContextPath() {
		DictionaryResponseBodies.Response served = this.bodies.serve(DICTIONARY, "/shop",
				AcceptEncoding.parse((String) null), List.of());
		assertThat(served.fields()).containsEntry("Use-As-Dictionary", "match=\"/shop/api/orders/*\"")
			.containsEntry("Content-Type", "application/octet-stream")
			.containsEntry("Cache-Control", "private, max-age=86400");
	}

	@Test
	void addsAcceptEncodingToWhatTheResponseVariesOnAlready() {
		AcceptEncoding none = AcceptEncoding.parse((String) null);
		assertThat(this.bodies.serve(DICTIONARY, "", none, List.of("Origin, Access-Control-Request-Method")).fields())
			.containsEntry("Vary", "Origin, Access-Control-Request-Method, Accept-Encoding");
		assertThat(this.bodies.serve(DICTIONARY, "", none, List.of("accept-encoding")).fields()).doesNotContainKey("Vary");
	}

	@Test
	void encodesInTheServersPreferredAcceptedCodingOnce() throws IOException {
		DictionaryResponseBodies.Response served = this.bodies.serve(DICTIONARY, "", AcceptEncoding.parse("gzip, zstd"),
				List.of());
		assertThat(served.fields()).containsEntry("Content-Encoding", "zstd")
			.containsEntry("Content-Length", Integer.toString(served.body().length));
		assertThat(served.body().length).isLessThan(CONTENT.length / 10);
		assertThat(decode(this.zstd, served.body())).isEqualTo(CONTENT);
		assertThat(this.bodies.serve(DICTIONARY, "", AcceptEncoding.parse("zstd"), List.of()).body()).isSameAs(served.body());
	}

	@Test
	void leavesOutACodingTheClientRefuses() throws IOException {
		DictionaryResponseBodies.Response served = this.bodies.serve(DICTIONARY, "",
				AcceptEncoding.parse("zstd;q=0, gzip"), List.of());
		assertThat(served.fields()).containsEntry("Content-Encoding", "gzip");
		assertThat(decode(new GzipCodec(1), served.body())).isEqualTo(CONTENT);
	}

	@Test
	void encodesEachDictionaryOnceWhenManyClientsAskAtOnce() throws Exception {
		AtomicInteger encodings = new AtomicInteger();
		GzipCodec gzip = new GzipCodec(1);
		ContentCodec counting = new ContentCodec() {

			@Override
			public String coding() {
				return gzip.coding();
			}

			@Override
			public OutputStream encoder(OutputStream target) throws IOException {
				encodings.incrementAndGet();
				return gzip.encoder(target);
			}

			@Override
			public InputStream decoder(InputStream source) throws IOException {
				return gzip.decoder(source);
			}

		};
		DictionaryResponseBodies bodies = new DictionaryResponseBodies(List.of(counting));
		ExecutorService clients = Executors.newFixedThreadPool(8);
		try {
			List<Future<byte[]>> served = new ArrayList<>();
			for (int n = 0; n < 64; n++) {
				served.add(clients.submit(
						() -> bodies.serve(DICTIONARY, "", AcceptEncoding.parse("gzip"), List.of()).body()));
			}
			for (Future<byte[]> body : served) {
				assertThat(body.get()).isSameAs(served.get(0).get());
			}
		}
		finally {
			clients.shutdown();
		}
		assertThat(encodings).hasValue(1);
	}

	private static byte[] decode(ContentCodec codec, byte[] bytes) throws IOException {
		try (InputStream decoded = codec.decoder(new ByteArrayInputStream(bytes))) {
			return decoded.readAllBytes();
		}
	}

}
