package io.restcompress.dictionary;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import com.github.luben.zstd.ZstdDictTrainer;
import io.restcompress.codec.DczCodec;
import io.restcompress.codec.ZstdCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Trained dictionaries: samples per pattern within a bound, zstd's trainer or the latest samples,
 * the stable URL.
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
	void makesAllSamplesTheDictionaryWhenTheyFitInIt() {
		IntFunction<byte[]> body = fragments(400, 40);
		DictionaryTrainer trainer = trainer(100, 64 * 1024, body);
		byte[] all = latestSamples(100, 64 * 1024, body);
		assertThat(all).hasSizeLessThan(64 * 1024);
		assertThat(trainer.trained(SMALL).content()).isEqualTo(all);
		assertThat(trainer.report().get("/api/small/*")).containsEntry("builtFrom", "latest samples");
	}

	@Test
	void keepsTheLatestSamplesWhenTooFewForZstdsTrainer() {
		DictionaryTrainer trainer = new DictionaryTrainer(10_000_000, 40, "/dictionaries");
		trainer.sample(SMALL, utf8("{\"order\":1,\"state\":\"open\"}"));
		trainer.sample(SMALL, utf8("{\"order\":2,\"state\":\"shipped\"}"));
		trainer.sample(SMALL, utf8("{\"order\":3,\"state\":\"open\"}"));
		StoredDictionary dictionary = trainer.train(SMALL);
		assertThat(new String(dictionary.content(), StandardCharsets.UTF_8))
			.isEqualTo("te\":\"shipped\"}{\"order\":3,\"state\":\"open\"}");
		assertThat(trainer.report().get("/api/small/*")).containsEntry("builtFrom", "latest samples");
	}

	@Test
	void usesTheTrainerWhenItsDictionaryCompressesUnseenBodiesSmaller() {
		IntFunction<byte[]> body = fragments(400, 40);
		DictionaryTrainer trainer = trainer(2000, 4 * 1024, body);
		byte[] latest = latestSamples(2000, 4 * 1024, body);
		assertThat(trainer.report().get("/api/small/*")).containsEntry("builtFrom", "zstd trainer");
		assertThat(compressedSize(unseen(2000, body), trainer.trained(SMALL).content()))
			.isLessThan(compressedSize(unseen(2000, body), latest));
	}

	@Test
	void usesTheLatestSamplesWhenTheyCompressUnseenBodiesSmaller() {
		IntFunction<byte[]> body = DictionaryTestApplication.Versions::smallBody;
		DictionaryTrainer trainer = trainer(300, 16 * 1024, body);
		ZstdDictTrainer zstd = new ZstdDictTrainer(10_000_000, 16 * 1024);
		for (int n = 0; n < 300; n++) {
			zstd.addSample(body.apply(n));
		}
		byte[] trained = zstd.trainSamples();
		assertThat(trainer.report().get("/api/small/*")).containsEntry("builtFrom", "latest samples");
		assertThat(trainer.trained(SMALL).content()).isEqualTo(latestSamples(300, 16 * 1024, body));
		assertThat(compressedSize(unseen(300, body), trainer.trained(SMALL).content()))
			.isLessThan(compressedSize(unseen(300, body), Arrays.copyOfRange(trained, 8, trained.length)));
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
	void keepsSamplesPerPatternUntilOneDoesNotFit() {
		DictionaryTrainer trainer = new DictionaryTrainer(10, 1024, "/dictionaries");
		trainer.sample(SMALL, new byte[4]);
		trainer.sample(SMALL, new byte[4]);
		assertThat(trainer.takesSamples(SMALL)).isTrue();
		trainer.sample(SMALL, new byte[4]);
		trainer.sample(SMALL, new byte[2]);
		assertThat(trainer.report().get("/api/small/*")).containsEntry("samples", 2).containsEntry("sampleBytes", 8L);
		assertThat(trainer.takesSamples(SMALL)).isFalse();
	}

	@Test
	void takesABodyAsLargeAsAllSamplesMayBe() {
		DictionaryTrainer trainer = new DictionaryTrainer(10, 1024, "/dictionaries");
		trainer.sample(SMALL, new byte[10]);
		assertThat(trainer.report().get("/api/small/*")).containsEntry("samples", 1).containsEntry("sampleBytes", 10L);
	}

	@Test
	void leavesOutABodyLargerThanAllSamplesWithoutCompletingThem() {
		DictionaryTrainer trainer = new DictionaryTrainer(10, 1024, "/dictionaries");
		trainer.sample(SMALL, new byte[11]);
		assertThat(trainer.takesSamples(SMALL)).isTrue();
		trainer.sample(SMALL, new byte[4]);
		assertThat(trainer.report().get("/api/small/*")).containsEntry("samples", 1).containsEntry("sampleBytes", 4L);
	}

	@Test
	void renewsSamplesAfterTraining() {
		DictionaryTrainer trainer = withCompleteSamples();
		assertThat(trainer.takesSamples(SMALL)).isFalse();
		trainer.train(SMALL);
		assertThat(trainer.takesSamples(SMALL)).isTrue();
		assertThat(trainer.report().get("/api/small/*")).containsEntry("samplesSinceTraining", 0);
		sample(trainer, "new1");
		assertThat(trainer.report().get("/api/small/*")).containsEntry("samples", 3)
			.containsEntry("sampleBytes", 12L)
			.containsEntry("samplesSinceTraining", 1);
	}

	@Test
	void stopsTakingSamplesOnceRenewalIsComplete() {
		DictionaryTrainer trainer = withCompleteSamples();
		trainer.train(SMALL);
		sample(trainer, "new1", "new2", "new3", "new4", "new5");
		assertThat(trainer.takesSamples(SMALL)).isFalse();
		assertThat(trainer.report().get("/api/small/*")).containsEntry("samples", 3)
			.containsEntry("samplesSinceTraining", 3);
	}

	@Test
	void keepsTheOlderSamplesWhenABodyDoesNotFitBesideThoseTakenSinceTraining() {
		DictionaryTrainer trainer = withCompleteSamples();
		trainer.train(SMALL);
		sample(trainer, "new1", "0123456789");
		assertThat(trainer.takesSamples(SMALL)).isFalse();
		assertThat(trainer.report().get("/api/small/*")).containsEntry("samples", 3)
			.containsEntry("sampleBytes", 12L)
			.containsEntry("samplesSinceTraining", 1);
		assertThat(text(trainer.train(SMALL))).isEqualTo("old2old3new1");
	}

	@Test
	void trainsFromBodiesSeenSinceThePreviousTraining() {
		DictionaryTrainer trainer = withCompleteSamples();
		assertThat(text(trainer.train(SMALL))).isEqualTo("old1old2old3");
		sample(trainer, "new1", "new2", "new3", "new4");
		assertThat(text(trainer.train(SMALL))).isEqualTo("new1new2new3");
	}

	@Test
	void trainingDuringRenewalUsesTheOldAndNewSamplesAndRenewsFromThere() {
		DictionaryTrainer trainer = withCompleteSamples();
		trainer.train(SMALL);
		sample(trainer, "new1");
		assertThat(text(trainer.train(SMALL))).isEqualTo("old2old3new1");
		assertThat(trainer.report().get("/api/small/*")).containsEntry("samplesSinceTraining", 0);
		sample(trainer, "new2", "new3", "new4");
		assertThat(trainer.takesSamples(SMALL)).isTrue();
		sample(trainer, "new5");
		assertThat(trainer.takesSamples(SMALL)).isFalse();
		assertThat(text(trainer.train(SMALL))).isEqualTo("new2new3new4");
	}

	@Test
	void keepsTakingBodiesThatFitOnceTheOldSamplesAreReplaced() {
		DictionaryTrainer trainer = new DictionaryTrainer(12, 1024, "/dictionaries");
		sample(trainer, "o1", "old-sample", "x");
		trainer.train(SMALL);
		sample(trainer, "new1");
		assertThat(trainer.report().get("/api/small/*")).containsEntry("samples", 1)
			.containsEntry("samplesSinceTraining", 1);
		assertThat(trainer.takesSamples(SMALL)).isTrue();
		sample(trainer, "new2", "new3", "new4");
		assertThat(text(trainer.train(SMALL))).isEqualTo("new1new2new3");
	}

	@Test
	void doesNotRenewSamplesForALoadedDictionary() {
		DictionaryTrainer trainer = withCompleteSamples();
		trainer.load(SMALL, utf8("{\"order\":1}"));
		assertThat(trainer.takesSamples(SMALL)).isFalse();
		assertThat(trainer.report().get("/api/small/*")).doesNotContainKey("samplesSinceTraining");
	}

	@Test
	void keepsSamplesWithinTheirLimitWhileSampledAndTrainedConcurrently() throws Exception {
		DictionaryTrainer trainer = new DictionaryTrainer(1000, 1000, "/dictionaries");
		sample(trainer, "{\"first\":true}");
		List<CompletableFuture<Void>> samplers = new ArrayList<>();
		for (int t = 0; t < 4; t++) {
			int thread = t;
			samplers.add(CompletableFuture.runAsync(() -> {
				for (int n = 0; n < 5000; n++) {
					trainer.sample(SMALL, utf8("{\"thread\":" + thread + ",\"n\":" + n + "}"));
				}
			}, (task) -> new Thread(task).start()));
		}
		for (int n = 0; n < 200; n++) {
			trainer.train(SMALL);
		}
		CompletableFuture.allOf(samplers.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
		Map<String, Object> report = trainer.report().get("/api/small/*");
		assertThat((long) report.get("sampleBytes")).isPositive().isLessThanOrEqualTo(1000);
		assertThat((int) report.get("samplesSinceTraining")).isBetween(0, (int) report.get("samples"));
	}

	@Test
	void reportsALoadedDictionaryAsLoaded() {
		DictionaryTrainer trainer = new DictionaryTrainer(10_000, 1024, "/dictionaries");
		trainer.load(SMALL, utf8("{\"order\":1}"));
		assertThat(trainer.report().get("/api/small/*")).containsEntry("builtFrom", "loaded");
	}

	@Test
	void refusesToTrainWithoutSampleBytes() {
		DictionaryTrainer trainer = new DictionaryTrainer(10_000, 1024, "/dictionaries");
		assertThatIllegalStateException().isThrownBy(() -> trainer.train(SMALL)).withMessageContaining("No samples");
		trainer.sample(SMALL, new byte[0]);
		assertThatIllegalStateException().isThrownBy(() -> trainer.train(SMALL)).withMessageContaining("No samples");
		assertThat(trainer.trained(SMALL)).isNull();
		assertThat(trainer.served("/dictionaries/00")).isNull();
	}

	/**
	 * Returns a trainer of 12 bytes of samples per pattern, completed by {@code old4} after
	 * {@code old1} to {@code old3}.
	 */
	private static DictionaryTrainer withCompleteSamples() {
		DictionaryTrainer trainer = new DictionaryTrainer(12, 1024, "/dictionaries");
		sample(trainer, "old1", "old2", "old3", "old4");
		return trainer;
	}

	private static void sample(DictionaryTrainer trainer, String... bodies) {
		for (String body : bodies) {
			trainer.sample(SMALL, utf8(body));
		}
	}

	private static String text(StoredDictionary dictionary) {
		return new String(dictionary.content(), StandardCharsets.UTF_8);
	}

	private static DictionaryTrainer trainer(int samples, int dictionarySize, IntFunction<byte[]> body) {
		DictionaryTrainer trainer = new DictionaryTrainer(100_000_000, dictionarySize, "/dictionaries");
		for (int n = 0; n < samples; n++) {
			trainer.sample(SMALL, body.apply(n));
		}
		trainer.train(SMALL);
		return trainer;
	}

	private static byte[] latestSamples(int samples, int dictionarySize, IntFunction<byte[]> body) {
		ByteArrayOutputStream all = new ByteArrayOutputStream();
		for (int n = 0; n < samples; n++) {
			all.writeBytes(body.apply(n));
		}
		byte[] bytes = all.toByteArray();
		return Arrays.copyOfRange(bytes, Math.max(0, bytes.length - dictionarySize), bytes.length);
	}

	private static List<byte[]> unseen(int samples, IntFunction<byte[]> body) {
		List<byte[]> bodies = new ArrayList<>();
		for (int n = samples; n < samples + 200; n++) {
			bodies.add(body.apply(n));
		}
		return bodies;
	}

	/**
	 * Returns the bytes of the bodies in {@code dcz} against a dictionary, as the server sends
	 * them.
	 */
	private static long compressedSize(List<byte[]> bodies, byte[] dictionary) {
		long size = 0;
		try (ZstdCodec zstd = new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW)) {
			DczCodec dcz = new DczCodec(zstd, dictionary, DczCodec.sha256(dictionary));
			for (byte[] body : bodies) {
				ByteArrayOutputStream encoded = new ByteArrayOutputStream();
				try (OutputStream encoder = dcz.encoder(encoded)) {
					encoder.write(body);
				}
				size += encoded.size();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return size;
	}

	/**
	 * Bodies of a dozen fragments from a vocabulary of random letters, the first fragments far
	 * more often than the last ones, and an id of their own.
	 */
	private static IntFunction<byte[]> fragments(int vocabularySize, int fragmentLength) {
		SplittableRandom random = new SplittableRandom(7);
		String[] vocabulary = new String[vocabularySize];
		for (int i = 0; i < vocabularySize; i++) {
			vocabulary[i] = letters(random, fragmentLength);
		}
		return (n) -> {
			SplittableRandom picks = new SplittableRandom(n);
			StringBuilder body = new StringBuilder("{\"id\":").append(n).append(",\"text\":\"");
			for (int i = 0; i < 12; i++) {
				body.append(vocabulary[(int) (Math.pow(picks.nextDouble(), 4) * vocabularySize)]);
			}
			return utf8(body.append(letters(picks, 20)).append("\"}").toString());
		};
	}

	private static String letters(SplittableRandom random, int length) {
		StringBuilder letters = new StringBuilder(length);
		for (int i = 0; i < length; i++) {
			letters.append((char) ('a' + random.nextInt(26)));
		}
		return letters.toString();
	}

	private static byte[] utf8(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

}
