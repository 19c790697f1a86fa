package io.restcompress.benchmarks;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;

import io.restcompress.codec.ContentCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class CodingsTests {

	@Test
	void everyAvailableCodingRoundTripsAGeneratedDocument() throws IOException {
		byte[] document = Corpus.read("", "generated-300");
		assertThat(Codings.available()).contains("lzf", "deflate-1", "gzip-1", "gzip-6");
		for (String name : Codings.available()) {
			ContentCodec codec = Codings.create(name).orElseThrow();
			try {
				assertThat(codec.coding()).isEqualTo(Codings.token(name));
				Sinks.Buffer encoded = new Sinks.Buffer(16);
				try (OutputStream encoder = codec.encoder(encoded)) {
					encoder.write(document);
				}
				assertThat(encoded.size()).as(name).isLessThan(document.length / 2);
				assertThat(codec.decoder(new ByteArrayInputStream(encoded.toByteArray())).readAllBytes()).as(name)
					.isEqualTo(document);
			}
			finally {
				Codings.close(codec);
			}
		}
	}

	@Test
	void levelsReachTheCodec() throws IOException {
		byte[] document = Corpus.read("", "generated-3000");
		assertThat(encodedSize("gzip-6", document)).isLessThan(encodedSize("gzip-1", document));
	}

	@Test
	void rejectsAnUnknownCoding() {
		assertThatIllegalArgumentException().isThrownBy(() -> Codings.create("snappy"));
	}

	@Test
	void generatedCorpusIsReproducibleAndSpansTheSizes() {
		assertThat(Corpus.read("", "generated-10000")).isEqualTo(Corpus.read("", "generated-10000"));
		assertThat(Corpus.read("", "generated-8").length).isLessThan(4500);
		assertThat(Corpus.read("", "generated-10000").length).isBetween(1_700_000, 1_850_000);
	}

	private static int encodedSize(String name, byte[] body) throws IOException {
		Sinks.Buffer encoded = new Sinks.Buffer(16);
		try (OutputStream encoder = Codings.create(name).orElseThrow().encoder(encoded)) {
			encoder.write(body);
		}
		return encoded.size();
	}

}
