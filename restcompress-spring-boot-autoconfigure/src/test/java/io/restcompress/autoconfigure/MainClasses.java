package io.restcompress.autoconfigure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

import io.restcompress.codec.ContentCodec;

/**
 * This module's compiled main classes and resources, as the build leaves them.
 */
final class MainClasses {

	private MainClasses() {
	}

	static Path directory() {
		try {
			return Path.of(ContentCodec.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException(ex);
		}
	}

	static String read(String resource) {
		Path path = directory().resolve(resource);
		try {
			return Files.readString(path);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read " + path, ex);
		}
	}

	static boolean contains(Class<?> type) {
		return type.getProtectionDomain().getCodeSource().getLocation().equals(
				ContentCodec.class.getProtectionDomain().getCodeSource().getLocation());
	}

}
