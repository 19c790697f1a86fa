package io.restcompress.dictionary;

import io.restcompress.codec.DczCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
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
