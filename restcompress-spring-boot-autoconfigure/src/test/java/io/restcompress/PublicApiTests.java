package io.restcompress;

import java.io.DataInputStream;
import java.io.IOException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The public types outside {@code io.restcompress.internal} are the ones docs/architecture.md
 * lists as API, no more and no fewer.
 */
class PublicApiTests {

	private static final Path CLASSES = Path.of("target/classes");

	private static final Pattern ROW = Pattern.compile("^\\| `([^`]+)` \\| (.+?) \\| [^|]+ \\|$");

	private static final Pattern NAME = Pattern.compile("`(\\w+)`");

	@Test
	void publicTypesAreTheListedApi() throws IOException {
		assertThat(publicTypes()).isNotEmpty().containsExactlyElementsOf(listedTypes());
	}

	private static Set<String> publicTypes() throws IOException {
		Set<String> types = new TreeSet<>();
		try (Stream<Path> files = Files.walk(CLASSES.resolve("io/restcompress"))) {
			for (Path file : files.filter((path) -> path.toString().endsWith(".class")).toList()) {
				String name = CLASSES.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
				if (name.contains("$") || name.endsWith("package-info") || name.startsWith("io.restcompress.internal")) {
					continue;
				}
				if (Modifier.isPublic(accessFlags(file))) {
					types.add(name);
				}
			}
		}
		return types;
	}

	private static Set<String> listedTypes() throws IOException {
		List<String> lines = Files.readAllLines(Path.of("../docs/architecture.md"));
		List<String> api = lines.subList(lines.indexOf("## Public API"), lines.size());
		Set<String> listed = new TreeSet<>();
		List<String> autoconfigure = new ArrayList<>();
		for (String line : api) {
			Matcher row = ROW.matcher(line);
			if (!row.matches() || row.group(1).equals("package")) {
				continue;
			}
			String pkg = row.group(1);
			if (pkg.equals("*.autoconfigure")) {
				autoconfigure.add(pkg);
				continue;
			}
			String qualified = pkg.equals("io.restcompress") ? pkg : "io.restcompress." + pkg;
			Matcher name = NAME.matcher(row.group(2));
			while (name.find()) {
				listed.add(qualified + "." + name.group(1));
			}
		}
		assertThat(autoconfigure).as("the row for the auto-configuration packages").hasSize(1);
		listed.addAll(autoConfigurationTypes());
		return listed;
	}

	private static Set<String> autoConfigurationTypes() throws IOException {
		Set<String> types = new TreeSet<>();
		try (Stream<Path> files = Files.walk(CLASSES.resolve("io/restcompress"))) {
			files.map((path) -> CLASSES.relativize(path).toString())
				.filter((path) -> path.matches("io/restcompress/(\\w+/)+autoconfigure/\\w+(AutoConfiguration|Properties)\\.class"))
				.filter((path) -> !path.startsWith("io/restcompress/internal/"))
				.forEach((path) -> types.add(path.replace('/', '.').replaceAll("\\.class$", "")));
		}
		return types;
	}

	/**
	 * Reads a class file's access flags without loading the class, whose optional
	 * dependencies may be missing from the test classpath.
	 */
	private static int accessFlags(Path classFile) throws IOException {
		try (DataInputStream in = new DataInputStream(Files.newInputStream(classFile))) {
			in.skipBytes(8);
			int constants = in.readUnsignedShort();
			for (int index = 1; index < constants; index++) {
				int tag = in.readUnsignedByte();
				switch (tag) {
					case 1 -> in.skipBytes(in.readUnsignedShort());
					case 7, 8, 16, 19, 20 -> in.skipBytes(2);
					case 15 -> in.skipBytes(3);
					case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
					case 5, 6 -> {
						in.skipBytes(8);
						index++;
					}
					default -> throw new IOException("Unknown constant tag " + tag + " in " + classFile);
				}
			}
			return in.readUnsignedShort();
		}
	}

}
