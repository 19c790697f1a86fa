package io.restcompress.maven;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Stream;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;

/**
 * The sample files of a directory: its regular files, in its subdirectories too, whose path
 * relative to it an include glob matches, in the order of those paths (compared as strings,
 * with {@code /} between names), so that the latest sample is the last file by name.
 */
final class SampleFiles {

	/** The glob that takes every file. */
	static final String ALL = "**";

	private final Path directory;

	private final List<Path> files;

	private SampleFiles(Path directory, List<Path> files) {
		this.directory = directory;
		this.files = files;
	}

	/**
	 * Finds the sample files of a directory.
	 * @param directory the directory
	 * @param include the glob ({@link java.nio.file.FileSystem#getPathMatcher} syntax) a file's path
	 * relative to the directory must match; a leading {@code **}{@code /} also matches no directory
	 * @return the files
	 * @throws MojoFailureException if the directory does not exist, has no files, none that match,
	 * or the glob is not one
	 * @throws MojoExecutionException if the directory cannot be listed
	 */
	static SampleFiles find(Path directory, String include) throws MojoFailureException, MojoExecutionException {
		if (!Files.isDirectory(directory)) {
			throw new MojoFailureException("The samples directory " + directory + " does not exist or is not a directory");
		}
		PathMatcher matcher = matcher(directory, include);
		List<Path> all;
		try (Stream<Path> walk = Files.walk(directory)) {
			all = walk.filter(Files::isRegularFile).map(directory::relativize).toList();
		}
		catch (IOException | UncheckedIOException ex) {
			throw new MojoExecutionException("Could not list the samples in " + directory + ": " + ex.getMessage(), ex);
		}
		if (all.isEmpty()) {
			throw new MojoFailureException("The samples directory " + directory + " has no files");
		}
		List<Path> matching = all.stream()
			.filter(matcher::matches)
			.sorted(Comparator.comparing(SampleFiles::name))
			.map(directory::resolve)
			.toList();
		if (matching.isEmpty()) {
			throw new MojoFailureException("None of the " + all.size() + " files in the samples directory " + directory
					+ " matches the include '" + include + "'");
		}
		return new SampleFiles(directory, matching);
	}

	private static PathMatcher matcher(Path directory, String include) throws MojoFailureException {
		try {
			PathMatcher matcher = directory.getFileSystem().getPathMatcher("glob:" + include);
			if (!include.startsWith("**/")) {
				return matcher;
			}
			PathMatcher topLevel = directory.getFileSystem().getPathMatcher("glob:" + include.substring(3));
			return (path) -> matcher.matches(path) || topLevel.matches(path);
		}
		catch (PatternSyntaxException ex) {
			throw new MojoFailureException("The include '" + include + "' is not a glob: " + ex.getDescription());
		}
	}

	private static String name(Path relative) {
		return relative.toString().replace(File.separatorChar, '/');
	}

	/**
	 * The latest files whose sizes add up to at most a number of bytes, in order.
	 * @param maxBytes the most bytes of samples
	 * @return those files
	 * @throws MojoFailureException if the latest file with any bytes is larger on its own
	 * @throws MojoExecutionException if the size of a file cannot be read
	 */
	SampleFiles latest(long maxBytes) throws MojoFailureException, MojoExecutionException {
		long total = 0;
		int first = this.files.size();
		while (first > 0) {
			long size = size(this.files.get(first - 1));
			if (total + size > maxBytes) {
				break;
			}
			total += size;
			first--;
		}
		if (total == 0 && first > 0) {
			Path latest = this.files.get(first - 1);
			throw new MojoFailureException("The latest sample " + latest + " takes " + size(latest)
					+ " bytes, more than maxSampleSize (" + maxBytes + " bytes)");
		}
		return new SampleFiles(this.directory, this.files.subList(first, this.files.size()));
	}

	/**
	 * The number of files.
	 * @return the number
	 */
	int count() {
		return this.files.size();
	}

	/**
	 * Reads the samples, in order.
	 * @return the contents of the files
	 * @throws MojoExecutionException if a file cannot be read
	 */
	List<byte[]> read() throws MojoExecutionException {
		List<byte[]> samples = new ArrayList<>(this.files.size());
		for (Path file : this.files) {
			try {
				samples.add(Files.readAllBytes(file));
			}
			catch (IOException ex) {
				throw new MojoExecutionException("Could not read the sample " + file + ": " + ex, ex);
			}
		}
		return samples;
	}

	private static long size(Path file) throws MojoExecutionException {
		try {
			return Files.size(file);
		}
		catch (IOException ex) {
			throw new MojoExecutionException("Could not read the sample " + file + ": " + ex, ex);
		}
	}

	/**
	 * The directory the files are in.
	 * @return the directory
	 */
	Path directory() {
		return this.directory;
	}

}
