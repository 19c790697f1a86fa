package io.restcompress.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

import io.restcompress.codec.DczCodec;
import io.restcompress.dictionary.DictionaryBuilder;
import io.restcompress.dictionary.DictionaryBuilder.Built;
import io.restcompress.dictionary.DictionaryTrainer;
import io.restcompress.dictionary.MatchPattern;
import io.restcompress.dictionary.StoredDictionary;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The {@code train-dictionary} goal, run on sample files in a temporary directory.
 */
class TrainDictionaryMojoTests {

	@TempDir
	Path temp;

	private final List<String> logged = new ArrayList<>();

	private TrainDictionaryMojo mojo;

	private Path samples;

	private Path classes;

	@BeforeEach
	void createMojo() throws IOException {
		this.samples = Files.createDirectories(this.temp.resolve("dictionary-samples/orders"));
		this.classes = this.temp.resolve("target/classes");
		this.mojo = new TrainDictionaryMojo();
		this.mojo.samplesDirectory = this.samples.toFile();
		this.mojo.classesDirectory = this.classes.toFile();
		this.mojo.setLog(new SystemStreamLog() {

			@Override
			public void info(CharSequence content) {
				TrainDictionaryMojoTests.this.logged.add(content.toString());
			}

			@Override
			public void warn(CharSequence content) {
				TrainDictionaryMojoTests.this.logged.add(content.toString());
			}

		});
	}

	@ParameterizedTest
	@ValueSource(ints = { 256, 16 })
	void writesTheDictionaryTheServerTrainsFromTheSameBodiesAndLoadsUnderTheLoggedHash(int kilobytes)
			throws Exception {
		List<byte[]> orders = writeOrders(300);
		this.mojo.dictionarySize = kilobytes + "KB";
		this.mojo.execute();
		byte[] dictionary = Files.readAllBytes(this.classes.resolve("dictionaries/orders.dict"));
		assertThat(dictionary).hasSizeLessThanOrEqualTo(kilobytes * 1024);
		MatchPattern match = MatchPattern.of("/api/orders/*");
		DictionaryTrainer running = server(kilobytes * 1024);
		orders.forEach((order) -> running.sample(match, order));
		assertThat(dictionary).isEqualTo(running.train(match).content());
		StoredDictionary loaded = server(kilobytes * 1024).load(match, dictionary);
		assertThat(loaded.hash()).isEqualTo(DczCodec.sha256(dictionary));
		assertThat(this.logged).anySatisfy((line) -> assertThat(line)
			.startsWith("SHA-256: " + HexFormat.of().formatHex(loaded.hash()) + ", named by clients as ")
			.endsWith("Available-Dictionary: :" + Base64.getEncoder().encodeToString(loaded.hash()) + ":"));
	}

	@Test
	void logsTheSamplesTheWayItWasBuiltAndItsSize() throws Exception {
		List<byte[]> orders = writeOrders(40);
		long bytes = orders.stream().mapToLong((order) -> order.length).sum();
		Built expected = new DictionaryBuilder(2048).build(orders, "orders");
		this.mojo.dictionarySize = "2KB";
		this.mojo.execute();
		Path output = this.classes.resolve("dictionaries/orders.dict");
		assertThat(this.logged).contains(
				"Wrote " + output + " from 40 samples (" + bytes + " bytes, in order of their path) in " + this.samples,
				"Built from: " + expected.source().label() + ", " + expected.content().length + " bytes (at most 2048)");
	}

	@Test
	void takesTheSamplesInTheOrderOfTheirPathsTheLatestLast() throws Exception {
		write("b/2.json", "{\"b\":2}");
		write("b/1.json", "{\"b\":1}");
		write("a.json", "{\"a\":0}");
		this.mojo.execute();
		assertThat(written()).isEqualTo("{\"a\":0}{\"b\":1}{\"b\":2}");
	}

	@Test
	void takesOnlyTheFilesTheIncludeMatchesAtAnyDepth() throws Exception {
		write("1.json", "{\"n\":1}");
		write("nested/2.json", "{\"n\":2}");
		write("notes.txt", "not a sample");
		this.mojo.include = "**/*.json";
		this.mojo.execute();
		assertThat(written()).isEqualTo("{\"n\":1}{\"n\":2}");
	}

	@Test
	void writesTheOutputFileWhenOneIsGiven() throws Exception {
		write("1.json", "{\"n\":1}");
		Path output = this.temp.resolve("elsewhere/orders-v2.dict");
		this.mojo.outputFile = output.toFile();
		this.mojo.execute();
		assertThat(output).hasContent("{\"n\":1}");
		assertThat(this.classes).doesNotExist();
	}

	@Test
	void readsTheDictionarySizeAsTheServersPropertyIsRead() throws Exception {
		write("1.json", "0123456789");
		this.mojo.dictionarySize = "4";
		this.mojo.execute();
		assertThat(written()).isEqualTo("6789");
	}

	@Test
	void skipsWhenSkipIsSet() throws Exception {
		this.mojo.skip = true;
		this.mojo.samplesDirectory = this.temp.resolve("missing").toFile();
		this.mojo.execute();
		assertThat(this.classes).doesNotExist();
		assertThat(this.logged).containsExactly("Skipping the dictionary: restcompress.skip is true");
	}

	@Test
	void failsWhenTheSamplesDirectoryIsMissing() {
		Path missing = this.temp.resolve("missing");
		this.mojo.samplesDirectory = missing.toFile();
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(this.mojo::execute)
			.withMessage("The samples directory " + missing + " does not exist or is not a directory");
	}

	@Test
	void failsWhenTheSamplesDirectoryIsEmpty() throws IOException {
		Files.createDirectories(this.samples.resolve("empty"));
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(this.mojo::execute)
			.withMessage("The samples directory " + this.samples + " has no files");
	}

	@Test
	void failsWhenNoFileMatchesTheInclude() throws IOException {
		write("1.txt", "text");
		this.mojo.include = "*.json";
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(this.mojo::execute)
			.withMessage("None of the 1 files in the samples directory " + this.samples
					+ " matches the include '*.json'");
	}

	@Test
	void failsWhenTheIncludeIsNotAGlob() throws IOException {
		write("1.json", "{}");
		this.mojo.include = "[a";
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(this.mojo::execute)
			.withMessageStartingWith("The include '[a' is not a glob: ");
	}

	@Test
	void failsWhenTheSamplesHaveNoBytes() throws IOException {
		write("1.json", "");
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(this.mojo::execute)
			.withMessage("No sample bytes of " + this.samples + " to build a dictionary from");
	}

	@ParameterizedTest
	@ValueSource(strings = { "0KB", "-1", "2GB" })
	void failsWhenTheDictionarySizeIsBelowOneByteOrAboveTwoGigabytesLessOne(String size) throws IOException {
		write("1.json", "{}");
		this.mojo.dictionarySize = size;
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(this.mojo::execute)
			.withMessage("The dictionary size must be between 1B and 2147483647B, was " + size);
	}

	@Test
	void failsWhenTheDictionarySizeIsNotASize() throws IOException {
		write("1.json", "{}");
		this.mojo.dictionarySize = "256 kilobytes";
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(this.mojo::execute)
			.withMessage("The dictionary size '256 kilobytes' is not a size: write a number of bytes or one with "
					+ "a unit, such as 256KB or 1MB");
	}

	@Test
	void leavesOutTheEarliestSamplesThatDoNotFitTheMaxSampleSize() throws Exception {
		write("1.json", "{\"order\":111}");
		write("2.json", "{\"order\":222}");
		write("3.json", "{\"order\":333}");
		this.mojo.maxSampleSize = "30B";
		this.mojo.execute();
		assertThat(written()).isEqualTo("{\"order\":222}{\"order\":333}");
		assertThat(this.logged).contains("Left out the 1 earliest of 3 samples: the latest 2 fill maxSampleSize (30B)");
	}

	@Test
	void takesEverySampleWhenTogetherTheyFillTheMaxSampleSizeExactly() throws Exception {
		write("1.json", "{\"order\":111}");
		write("2.json", "{\"order\":222}");
		write("3.json", "{\"order\":333}");
		this.mojo.maxSampleSize = "39B";
		this.mojo.execute();
		assertThat(written()).isEqualTo("{\"order\":111}{\"order\":222}{\"order\":333}");
		assertThat(this.logged).noneMatch((line) -> line.startsWith("Left out"));
	}

	@Test
	void readsEverySampleWithinTheDefaultMaxSampleSizeOf128Megabytes() throws Exception {
		assertThat(this.mojo.maxSampleSize).isEqualTo("128MB");
		write("1.json", "{\"order\":111}");
		write("2.json", "{\"order\":222}");
		this.mojo.execute();
		assertThat(written()).isEqualTo("{\"order\":111}{\"order\":222}");
		assertThat(this.logged).noneMatch((line) -> line.startsWith("Left out"));
	}

	@Test
	void failsWhenTheLatestSampleAloneIsLargerThanTheMaxSampleSize() throws IOException {
		write("1.json", "{}");
		Path latest = write("2.json", "{\"order\":222}");
		this.mojo.maxSampleSize = "10B";
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(this.mojo::execute)
			.withMessage("The latest sample " + latest + " takes 13 bytes, more than maxSampleSize (10 bytes)");
	}

	@Test
	void namesTheLatestSampleWithBytesWhenItAloneIsLargerThanTheMaxSampleSize() throws IOException {
		Path latest = write("1.json", "{\"order\":222}");
		write("2.json", "");
		this.mojo.maxSampleSize = "10B";
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(this.mojo::execute)
			.withMessage("The latest sample " + latest + " takes 13 bytes, more than maxSampleSize (10 bytes)");
	}

	@ParameterizedTest
	@ValueSource(strings = { "0B", "2GB" })
	void failsWhenTheMaxSampleSizeIsBelowOneByteOrAboveTwoGigabytesLessOne(String size) throws IOException {
		write("1.json", "{}");
		this.mojo.maxSampleSize = size;
		assertThatExceptionOfType(MojoFailureException.class).isThrownBy(this.mojo::execute)
			.withMessage("The maxSampleSize must be between 1B and 2147483647B, was " + size);
	}

	@Test
	void failsWhenASampleCannotBeRead() throws Exception {
		Path sample = write("1.json", "{}");
		SampleFiles files = SampleFiles.find(this.samples, SampleFiles.ALL);
		Files.delete(sample);
		assertThatExceptionOfType(MojoExecutionException.class).isThrownBy(files::read)
			.withMessage("Could not read the sample " + sample + ": java.nio.file.NoSuchFileException: " + sample);
	}

	@Test
	void failsWhenTheDictionaryCannotBeWritten() throws IOException {
		write("1.json", "{}");
		Path directory = Files.createDirectories(this.temp.resolve("taken"));
		this.mojo.outputFile = directory.toFile();
		assertThatExceptionOfType(MojoExecutionException.class).isThrownBy(this.mojo::execute)
			.withMessageStartingWith("Could not write the dictionary to " + directory + ": ");
	}

	/**
	 * Returns a trainer as the server makes it by default (2MB of samples), of dictionaries of
	 * at most a size.
	 */
	private static DictionaryTrainer server(int dictionarySize) {
		return new DictionaryTrainer(2 * 1024 * 1024, dictionarySize, "/restcompress/dictionaries");
	}

	private String written() throws IOException {
		return Files.readString(this.classes.resolve("dictionaries/orders.dict"));
	}

	private List<byte[]> writeOrders(int count) throws IOException {
		List<byte[]> orders = new ArrayList<>();
		for (int n = 0; n < count; n++) {
			StringBuilder order = new StringBuilder("{\"order\":").append(n).append(",\"customer\":\"c-")
				.append(n % 17)
				.append("\",\"items\":[");
			for (int item = 0; item < 20; item++) {
				order.append("{\"product\":\"p-").append((n + item * 13) % 211).append("\",\"state\":\"")
					.append(((n + item) % 3 == 0) ? "shipped" : "open")
					.append("\"},");
			}
			orders.add(Files.readAllBytes(write(String.format("%04d.json", n), order.append("{}]}").toString())));
		}
		return orders;
	}

	private Path write(String name, String content) throws IOException {
		Path file = this.samples.resolve(name);
		Files.createDirectories(file.getParent());
		return Files.writeString(file, content, StandardCharsets.UTF_8);
	}

}
