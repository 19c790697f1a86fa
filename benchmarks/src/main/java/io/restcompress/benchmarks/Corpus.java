package io.restcompress.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The bodies the codec benchmarks run on: the files of a corpus directory, or, when no
 * directory is given, generated documents named {@code generated-N} for N entries.
 */
public final class Corpus {

	/** The system property naming the corpus directory, when the JMH parameter does not. */
	public static final String PROPERTY = "restcompress.corpus";

	/** The generated documents, from one TCP segment's worth to the sample app's 1.8 MB. */
	public static final List<String> GENERATED = List.of("generated-8", "generated-30", "generated-300",
			"generated-3000", "generated-10000");

	private static final String GENERATED_PREFIX = "generated-";

	private static final long SEED = 42;

	private Corpus() {
	}

	/**
	 * Returns the names of the bodies in a corpus.
	 * @param directory the corpus directory, or empty for the generated documents
	 * @return the file names, sorted
	 */
	public static List<String> files(String directory) {
		if (directory.isEmpty()) {
			return GENERATED;
		}
		try (Stream<Path> files = Files.list(Path.of(directory))) {
			return files.filter(Files::isRegularFile).map((file) -> file.getFileName().toString()).sorted().toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot list the corpus " + directory, ex);
		}
	}

	/**
	 * Reads one body of a corpus.
	 * @param directory the corpus directory, or empty for the generated documents
	 * @param file the body's name
	 * @return its bytes
	 */
	public static byte[] read(String directory, String file) {
		if (directory.isEmpty()) {
			if (!file.startsWith(GENERATED_PREFIX)) {
				throw new IllegalArgumentException("No corpus directory, and '" + file + "' is not generated-N");
			}
			return Payloads.document(Integer.parseInt(file.substring(GENERATED_PREFIX.length())), SEED);
		}
		try {
			return Files.readAllBytes(Path.of(directory, file));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Returns the corpus directory named by the system property, or empty for the generated
	 * documents.
	 * @return the directory
	 */
	public static String fromSystemProperty() {
		return System.getProperty(PROPERTY, "");
	}

}
