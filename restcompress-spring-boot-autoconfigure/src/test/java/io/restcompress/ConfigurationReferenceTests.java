package io.restcompress;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.restcompress.dictionary.autoconfigure.DictionaryProperties;
import io.restcompress.metrics.autoconfigure.NetworkProperties;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/configuration.md lists every property the configuration metadata documents, with the
 * default the metadata gives, and every field of the elements of lists of groups, which the
 * metadata leaves out; run
 * {@code scripts/configuration-reference.py} when this fails.
 */
class ConfigurationReferenceTests {

	@Test
	@SuppressWarnings("unchecked")
	void referenceListsEveryProperty() throws IOException {
		String reference = Files.readString(Path.of("../docs/configuration.md"));
		try (InputStream metadata = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
			Map<String, Object> json = JsonMapper.builder().build().readValue(metadata, Map.class);
			List<Map<String, Object>> properties = (List<Map<String, Object>>) json.get("properties");
			assertThat(properties).isNotEmpty();
			for (Map<String, Object> property : properties) {
				assertThat(reference).as("docs/configuration.md")
					.contains("| `" + property.get("name") + "` |" + defaultCell(property.get("defaultValue")) + " |");
			}
		}
	}

	@Test
	void referenceListsEveryFieldOfTheListElements() throws IOException {
		String reference = Files.readString(Path.of("../docs/configuration.md"));
		Map<String, Class<?>> elements = Map.of("restcompress.network.links", NetworkProperties.Link.class,
				"restcompress.dictionary.training.dictionaries", DictionaryProperties.Trained.class);
		elements.forEach((list, element) -> {
			List<Field> fields = Arrays.stream(element.getDeclaredFields())
				.filter((field) -> !Modifier.isStatic(field.getModifiers()))
				.toList();
			assertThat(fields).isNotEmpty();
			for (Field field : fields) {
				String name = field.getName().replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
				assertThat(reference).as("docs/configuration.md").contains("| `" + list + "[i]." + name + "` |");
			}
		});
	}

	private static String defaultCell(Object value) {
		if (value == null) {
			return "";
		}
		if (value instanceof List<?> list) {
			return " `" + (list.isEmpty() ? "(empty)" : String.join(", ", list.stream().map(String::valueOf).toList()))
					+ "`";
		}
		return " `" + value + "`";
	}

}
