package io.restcompress.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;

import io.restcompress.codec.DczCodec;
import io.restcompress.dictionary.DictionaryBuilder;
import io.restcompress.dictionary.DictionaryBuilder.Built;
import io.restcompress.dictionary.DictionaryFields;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.jspecify.annotations.Nullable;

import org.springframework.util.unit.DataSize;

/**
 * Builds a compression dictionary (RFC 9842) from sample files, in the way the
 * {@code restcompressdictionaries} actuator operation builds one from the response bodies the
 * application kept, and writes it as raw content for
 * {@code restcompress.dictionary.training.dictionaries[i].location}. It runs in
 * {@code process-resources}, after the resources are copied, so the file it writes in the
 * classes directory is not overwritten and is in the jar and on the test classpath.
 */
@Mojo(name = "train-dictionary", defaultPhase = LifecyclePhase.PROCESS_RESOURCES, threadSafe = true)
public class TrainDictionaryMojo extends AbstractMojo {

	/**
	 * The directory of samples: one response body a file (recorded JSON, say). Its
	 * subdirectories are read too.
	 */
	@Parameter(property = "restcompress.samplesDirectory", required = true)
	@Nullable File samplesDirectory;

	/**
	 * The glob that a sample's path relative to the samples directory matches, as Java's
	 * {@code FileSystem.getPathMatcher} reads it; a leading {@code **}{@code /} also matches no
	 * directory. The files are taken in the order of those paths, compared as strings, the
	 * latest last: name them so (zero-padded numbers or timestamps).
	 */
	@Parameter(property = "restcompress.include", defaultValue = SampleFiles.ALL)
	String include = SampleFiles.ALL;

	/**
	 * The most bytes of the dictionary, written as for
	 * {@code restcompress.dictionary.training.dictionary-size}: a number of bytes, or one with a
	 * unit ({@code B}, {@code KB}, {@code MB}, {@code GB}; 1KB is 1024 bytes), from 1 byte to
	 * 2147483647.
	 */
	@Parameter(property = "restcompress.dictionarySize", defaultValue = "256KB")
	String dictionarySize = "256KB";

	/**
	 * The most bytes of samples read, written as the dictionary size is: the latest files that
	 * fit are taken and the earlier ones left out, since the build holds the samples about three
	 * times over (in its heap and twice in zstd's native memory).
	 */
	@Parameter(property = "restcompress.maxSampleSize", defaultValue = "128MB")
	String maxSampleSize = "128MB";

	/**
	 * The dictionary file to write. By default {@code dictionaries/<name of the samples
	 * directory>.dict} in the classes directory, so that
	 * {@code classpath:dictionaries/<name>.dict} locates it.
	 */
	@Parameter(property = "restcompress.outputFile")
	@Nullable File outputFile;

	/**
	 * The classes directory, {@code ${project.build.outputDirectory}}.
	 */
	@Parameter(defaultValue = "${project.build.outputDirectory}", readonly = true, required = true)
	@Nullable File classesDirectory;

	/**
	 * Whether to skip building the dictionary.
	 */
	@Parameter(property = "restcompress.skip", defaultValue = "false")
	boolean skip;

	@Override
	public void execute() throws MojoExecutionException, MojoFailureException {
		if (this.skip) {
			getLog().info("Skipping the dictionary: restcompress.skip is true");
			return;
		}
		int size = size("dictionary size", this.dictionarySize);
		int maxSamples = size("maxSampleSize", this.maxSampleSize);
		SampleFiles matching = SampleFiles.find(required(this.samplesDirectory, "samplesDirectory").toPath(),
				this.include);
		SampleFiles files = matching.latest(maxSamples);
		if (files.count() < matching.count()) {
			getLog().warn("Left out the " + (matching.count() - files.count()) + " earliest of " + matching.count()
					+ " samples: the latest " + files.count() + " fill maxSampleSize (" + this.maxSampleSize + ")");
		}
		List<byte[]> samples = files.read();
		Built built;
		try {
			built = new DictionaryBuilder(size).build(samples, files.directory().toString());
		}
		catch (IllegalArgumentException | IllegalStateException ex) {
			throw new MojoFailureException(ex.getMessage(), ex);
		}
		Path output = output(files.directory());
		write(output, built.content());
		byte[] hash = DczCodec.sha256(built.content());
		getLog().info("Wrote " + output + " from " + samples.size() + " samples (" + total(samples)
				+ " bytes, in order of their path) in " + files.directory());
		getLog().info("Built from: " + built.source().label() + ", " + built.content().length + " bytes (at most "
				+ size + ")");
		getLog().info("SHA-256: " + HexFormat.of().formatHex(hash) + ", named by clients as "
				+ DictionaryFields.AVAILABLE_DICTIONARY + ": " + DictionaryFields.availableDictionary(hash));
	}

	private Path output(Path samplesDirectory) throws MojoFailureException {
		if (this.outputFile != null) {
			return this.outputFile.toPath();
		}
		return required(this.classesDirectory, "classesDirectory").toPath()
			.resolve("dictionaries")
			.resolve(samplesDirectory.toAbsolutePath().normalize().getFileName() + ".dict");
	}

	private static int size(String name, String value) throws MojoFailureException {
		DataSize size;
		try {
			size = DataSize.parse(value);
		}
		catch (IllegalArgumentException ex) {
			throw new MojoFailureException("The " + name + " '" + value
					+ "' is not a size: write a number of bytes or one with a unit, such as 256KB or 1MB");
		}
		if (size.toBytes() < 1 || size.toBytes() > Integer.MAX_VALUE) {
			throw new MojoFailureException(
					"The " + name + " must be between 1B and " + Integer.MAX_VALUE + "B, was " + value);
		}
		return (int) size.toBytes();
	}

	private static void write(Path output, byte[] dictionary) throws MojoExecutionException {
		try {
			Path parent = output.toAbsolutePath().getParent();
			if (parent != null) {
				Files.createDirectories(parent);
			}
			Files.write(output, dictionary);
		}
		catch (IOException ex) {
			throw new MojoExecutionException("Could not write the dictionary to " + output + ": " + ex, ex);
		}
	}

	private static File required(@Nullable File file, String parameter) throws MojoFailureException {
		if (file == null) {
			throw new MojoFailureException("The parameter " + parameter + " is required");
		}
		return file;
	}

	private static long total(List<byte[]> samples) {
		return samples.stream().mapToLong((sample) -> sample.length).sum();
	}

}
