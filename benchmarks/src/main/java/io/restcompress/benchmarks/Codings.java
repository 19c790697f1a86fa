package io.restcompress.benchmarks;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.DeflateCodec;
import io.restcompress.codec.GzipCodec;
import io.restcompress.codec.LzfCodec;

/**
 * Codecs by benchmark name: a coding token and, for codings with levels, the level after a
 * dash ({@code gzip-6}, {@code zstd-1}). zstd, br and lz4 are created by reflection, so they
 * are measured as soon as their codec classes and libraries are on the classpath.
 */
public final class Codings {

	/** Every coding the benchmarks measure when it is available, in table order. */
	public static final List<String> ALL = List.of("lzf", "lz4-1", "zstd-1", "zstd-3", "deflate-1", "gzip-1",
			"gzip-6", "br-4");

	private static final long MAX_WINDOW = 8L * 1024 * 1024;

	private Codings() {
	}

	/**
	 * Returns the names of the codings that can be created here.
	 * @return the available names, in table order
	 */
	public static List<String> available() {
		List<String> available = new ArrayList<>();
		for (String name : ALL) {
			create(name).ifPresent((codec) -> {
				available.add(name);
				close(codec);
			});
		}
		return available;
	}

	/**
	 * Creates the codec of a benchmark name.
	 * @param name for example {@code lzf} or {@code gzip-6}
	 * @return the codec, or empty if its classes or native library are missing
	 * @throws IllegalArgumentException for a name that no codec has
	 */
	public static Optional<ContentCodec> create(String name) {
		String token = token(name);
		int level = level(name);
		return switch (token) {
			case LzfCodec.CODING -> Optional.of(new LzfCodec());
			case GzipCodec.CODING -> Optional.of(new GzipCodec(level));
			case DeflateCodec.CODING -> Optional.of(new DeflateCodec(level));
			case "zstd" -> optional("io.restcompress.codec.ZstdCodec", level);
			case "br" -> optional("io.restcompress.codec.BrotliCodec", level);
			case "lz4" -> optional("io.restcompress.codec.Lz4Codec", level);
			default -> throw new IllegalArgumentException("Unknown coding '" + name + "'; known: " + ALL);
		};
	}

	/**
	 * Returns the content coding token of a benchmark name.
	 * @param name for example {@code gzip-6}
	 * @return the token, for example {@code gzip}
	 */
	public static String token(String name) {
		int dash = name.indexOf('-');
		return ((dash < 0) ? name : name.substring(0, dash)).toLowerCase(Locale.ROOT);
	}

	private static int level(String name) {
		int dash = name.indexOf('-');
		return (dash < 0) ? 1 : Integer.parseInt(name.substring(dash + 1));
	}

	/**
	 * Releases a codec's native resources if it holds any.
	 * @param codec the codec
	 */
	public static void close(ContentCodec codec) {
		if (codec instanceof AutoCloseable closeable) {
			try {
				closeable.close();
			}
			catch (Exception ex) {
				throw new IllegalStateException("Could not close " + codec.coding(), ex);
			}
		}
	}

	private static Optional<ContentCodec> optional(String className, int level) {
		try {
			Class<?> type = Class.forName(className);
			for (Constructor<?> constructor : type.getConstructors()) {
				Class<?>[] parameters = constructor.getParameterTypes();
				if (parameters.length == 2 && parameters[0] == int.class && parameters[1] == long.class) {
					return Optional.of((ContentCodec) constructor.newInstance(level, MAX_WINDOW));
				}
			}
			return Optional.of((ContentCodec) type.getConstructor(int.class).newInstance(level));
		}
		catch (ClassNotFoundException | LinkageError | NoSuchMethodException | InstantiationException
				| IllegalAccessException ex) {
			return Optional.empty();
		}
		catch (InvocationTargetException ex) {
			// the codec's native library did not load
			return Optional.empty();
		}
	}

}
