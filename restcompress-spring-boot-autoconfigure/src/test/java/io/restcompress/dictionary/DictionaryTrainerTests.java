package io.restcompress.dictionary;

import io.restcompress.codec.DczCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Trained dictionaries: samples per pattern within a bound, zstd's trainer, the stable URL.
 */
class DictionaryTrainerTests {

	private static final MatchPattern SMALL = MatchPattern.of("/api/small/*");

	@Test
	void trainsARawDictionaryFromTheSamplesAndServesItAtItsHash() {
		DictionaryTrainer trainer = new DictionaryTrainer(10_000_000, 16 * 1024, "/dictionaries");
		for (int n = 0; n < 300; n++) {
			trainer.sample(SMALL, DictionaryTestApplication.Versions.smallBody(n));
		}
		StoredDictionary dictionary = trainer.train(SMALL);
		assertThat(dictionary.content()).hasSizeLessThanOrEqualTo(16 * 1024).isNotEmpty();
		assertThat(DczCodec.usableAsDictionary(dictionary.content())).isTrue();
		assertThat(trainer.trained(SMALL)).isSameAs(dictionary);
		assertThat(trainer.url(dictionary)).matches("/dictionaries/[0-9a-f]{64}");
		assertThat(trainer.served(trainer.url(dictionary))).isSameAs(dictionary);
		assertThat(trainer.find(dictionary.hash(), "/api/small/3")).isSameAs(dictionary);
		assertThat(trainer.find(dictionary.hash(), "/api/other")).isNull();
		assertThat(trainer.report().get("/api/small/*")).containsEntry("samples", 300)
			.containsEntry("url", trainer.url(dictionary));
	}

	@Test
	void servesALoadedDictionaryAsIfTrainedHereUntilTrainedAgain() {
		DictionaryTrainer exporter = new DictionaryTrainer(10_000_000, 16 * 1024, "/dictionaries");
		for (int n = 0; n < 300; n++) {
			exporter.sample(SMALL, DictionaryTestApplication.Versions.smallBody(n));
		}
		byte[] exported = exporter.train(SMALL).content();
		DictionaryTrainer trainer = new DictionaryTrainer(10_000_000, 16 * 1024, "/dictionaries");
		StoredDictionary loaded = trainer.load(SMALL, exported);
		assertThat(loaded.content()).isEqualTo(exported);
		assertThat(loaded.hash()).isEqualTo(DczCodec.sha256(exported));
		assertThat(trainer.trained(SMALL)).isSameAs(loaded);
		assertThat(trainer.served(trainer.url(loaded))).isSameAs(loaded);
		assertThat(trainer.find(loaded.hash(), "/api/small/7")).isSameAs(loaded);
		assertThat(trainer.report().get("/api/small/*")).containsEntry("samples", 0)
			.containsEntry("dictionaryBytes", exported.length);
		for (int n = 0; n < 300; n++) {
			trainer.sample(SMALL, DictionaryTestApplication.Versions.smallBody(n + 1000));
		}
		assertThat(trainer.train(SMALL)).isNotSameAs(loaded);
		assertThat(trainer.served(trainer.url(loaded))).isNull();
	}

	@Test
	void refusesToLoadAnEmptyDictionaryOrOneInZstdsFormat() {
		DictionaryTrainer trainer = new DictionaryTrainer(10_000, 1024, "/dictionaries");
		assertThatIllegalArgumentException().isThrownBy(() -> trainer.load(SMALL, new byte[0]))
			.withMessageContaining("raw content");
		byte[] zstdFormat = { 0x37, (byte) 0xA4, 0x30, (byte) 0xEC, 1, 2, 3, 4, 5, 6, 7, 8 };
		assertThatIllegalArgumentException().isThrownBy(() -> trainer.load(SMALL, zstdFormat))
			.withMessageContaining("raw content");
		assertThat(trainer.trained(SMALL)).isNull();
	}

	@Test
	void keepsSamplesUpToTheLimitPerPattern() {
		DictionaryTrainer trainer = new DictionaryTrainer(10, 1024, "/dictionaries");
		trainer.sample(SMALL, new byte[6]);
		trainer.sample(SMALL, new byte[6]);
		trainer.sample(SMALL, new byte[4]);
		assertThat(trainer.report().get("/api/small/*")).containsEntry("samples", 2).containsEntry("sampleBytes", 10L);
	}

	@Test
	void refusesToTrainWithoutSamples() {
		DictionaryTrainer trainer = new DictionaryTrainer(10_000, 1024, "/dictionaries");
		assertThatIllegalStateException().isThrownBy(() -> trainer.train(SMALL)).withMessageContaining("No samples");
		assertThat(trainer.trained(SMALL)).isNull();
		assertThat(trainer.served("/dictionaries/00")).isNull();
	}

}
