package io.restcompress.dictionary;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;

import com.github.luben.zstd.Zstd;
import io.restcompress.codec.DczCodec;
import io.restcompress.dictionary.DictionaryBuilder.Built;
import io.restcompress.dictionary.DictionaryBuilder.Source;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The dictionary built from samples, by the server's trainer and the Maven goal alike.
 */
class DictionaryBuilderTests {

	private static final byte[] ZSTD_DICTIONARY_MAGIC = { 0x37, (byte) 0xa4, 0x30, (byte) 0xec };

	@Test
	void buildsFromAllSamplesWhenTheyFitInTheSize() {
		Built built = new DictionaryBuilder(1024).build(utf8("{\"a\":1}", "{\"b\":2}", "{\"c\":3}"), "test");
		assertThat(built.source()).isEqualTo(Source.SAMPLES);
		assertThat(new String(built.content(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}{\"b\":2}{\"c\":3}");
	}

	@Test
	void buildsFromTheEndOfTheLatestSamplesWhenTooFewForZstdsTrainer() {
		Built built = new DictionaryBuilder(12).build(utf8("{\"a\":1}", "{\"b\":2}", "{\"c\":3}"), "test");
		assertThat(built.source()).isEqualTo(Source.SAMPLES);
		assertThat(new String(built.content(), StandardCharsets.UTF_8)).isEqualTo("b\":2}{\"c\":3}");
	}

	@Test
	void buildsWithZstdsTrainerWhenItCompressesTheHeldOutSamplesSmaller() {
		List<byte[]> samples = samples(2000, DictionaryBuilderTests::skewedRecord);
		Built built = new DictionaryBuilder(4 * 1024).build(samples, "test");
		assertThat(built.source()).isEqualTo(Source.TRAINER);
		assertThat(built.content()).hasSizeLessThanOrEqualTo(4 * 1024);
		assertThat(DczCodec.usableAsDictionary(built.content())).isTrue();
		List<byte[]> later = later(2000, DictionaryBuilderTests::skewedRecord);
		assertThat(compressedSize(later, built.content())).isLessThan(compressedSize(later, end(samples, 4 * 1024)));
	}

	@Test
	void buildsFromTheLatestSamplesWhenTheyCompressTheHeldOutSamplesSmaller() {
		List<byte[]> samples = samples(300, DictionaryTestApplication.Versions::smallBody);
		Built built = new DictionaryBuilder(16 * 1024).build(samples, "test");
		assertThat(built.source()).isEqualTo(Source.SAMPLES);
		assertThat(built.content()).isEqualTo(end(samples, 16 * 1024));
	}

	@Test
	void buildsTheSameDictionaryFromTheSameSamples() {
		List<byte[]> samples = samples(2000, DictionaryBuilderTests::skewedRecord);
		DictionaryBuilder builder = new DictionaryBuilder(4 * 1024);
		assertThat(builder.build(samples, "test").content()).isEqualTo(builder.build(samples, "test").content());
	}

	@Test
	void failsWhenZstdCannotTrainAndTheLatestSamplesStartAsAZstdDictionary() {
		byte[] first = Arrays.copyOf(ZSTD_DICTIONARY_MAGIC, 20);
		List<byte[]> samples = List.of(first, new byte[20]);
		assertThatIllegalStateException().isThrownBy(() -> new DictionaryBuilder(1024).build(samples, "/api/x/*"))
			.withMessage("zstd could not train a dictionary from 2 samples of /api/x/*, and they start as a zstd "
					+ "dictionary would");
	}

	@Test
	void failsWhenTheSamplesHaveNoBytes() {
		DictionaryBuilder builder = new DictionaryBuilder(1024);
		assertThatIllegalArgumentException().isThrownBy(() -> builder.build(List.of(), "samples/orders"))
			.withMessage("No sample bytes of samples/orders to build a dictionary from");
		assertThatIllegalArgumentException().isThrownBy(() -> builder.build(List.of(new byte[0]), "samples/orders"))
			.withMessage("No sample bytes of samples/orders to build a dictionary from");
	}

	@Test
	void failsWhenTheSizeIsNotPositive() {
		assertThatIllegalArgumentException().isThrownBy(() -> new DictionaryBuilder(0))
			.withMessage("A dictionary's size must be positive, was 0");
	}

	@Test
	void namesEachSourceAsTheActuatorEndpointReportsIt() {
		assertThat(Source.values()).extracting(Source::label)
			.containsExactly("zstd trainer", "latest samples", "loaded");
	}

	private static List<byte[]> samples(int count, IntFunction<byte[]> sample) {
		List<byte[]> samples = new ArrayList<>();
		for (int n = 0; n < count; n++) {
			samples.add(sample.apply(n));
		}
		return samples;
	}

	private static List<byte[]> later(int count, IntFunction<byte[]> sample) {
		List<byte[]> later = new ArrayList<>();
		for (int n = count; n < count + 200; n++) {
			later.add(sample.apply(n));
		}
		return later;
	}

	private static byte[] end(List<byte[]> samples, int size) {
		ByteArrayOutputStream all = new ByteArrayOutputStream();
		samples.forEach(all::writeBytes);
		byte[] bytes = all.toByteArray();
		return Arrays.copyOfRange(bytes, Math.max(0, bytes.length - size), bytes.length);
	}

	private static long compressedSize(List<byte[]> bodies, byte[] dictionary) {
		long size = 0;
		for (byte[] body : bodies) {
			size += Zstd.compressUsingDict(body, dictionary, DczCodec.MIN_LEVEL).length;
		}
		return size;
	}

	/**
	 * A record of a dozen words drawn from 400 of 40 random letters each, the first words far
	 * more often than the last: many samples of a few recurring pieces, which zstd's trainer
	 * finds.
	 */
	private static byte[] skewedRecord(int n) {
		Random picks = new Random(n);
		StringBuilder record = new StringBuilder("{\"id\":").append(n).append(",\"words\":[");
		for (int i = 0; i < 12; i++) {
			int word = (int) (Math.pow(picks.nextDouble(), 4) * 400);
			record.append('"').append(word(word)).append("\",");
		}
		return record.append("\"\"]}").toString().getBytes(StandardCharsets.UTF_8);
	}

	private static String word(int index) {
		Random letters = new Random(~index);
		char[] word = new char[40];
		for (int i = 0; i < word.length; i++) {
			word[i] = (char) ('a' + letters.nextInt(26));
		}
		return new String(word);
	}

	private static List<byte[]> utf8(String... samples) {
		return Arrays.stream(samples).map((sample) -> sample.getBytes(StandardCharsets.UTF_8)).toList();
	}

}
