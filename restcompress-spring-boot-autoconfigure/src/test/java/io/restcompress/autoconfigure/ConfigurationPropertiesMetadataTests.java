package io.restcompress.autoconfigure;

import java.beans.PropertyDescriptor;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

import io.restcompress.codec.autoconfigure.CodecProperties;
import io.restcompress.server.autoconfigure.ServerCompressionProperties;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.BeanUtils;
import org.springframework.beans.BeanWrapperImpl;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks that the generated {@code spring-configuration-metadata.json} describes every property
 * of every {@link ConfigurationProperties @ConfigurationProperties} class in this module.
 */
class ConfigurationPropertiesMetadataTests {

	private static final String METADATA = "META-INF/spring-configuration-metadata.json";

	private static final String ADDITIONAL_METADATA = "META-INF/additional-spring-configuration-metadata.json";

	@Test
	void describesEveryBoundProperty() {
		Map<String, String> descriptions = documentedProperties();
		SoftAssertions softly = new SoftAssertions();
		for (String property : boundProperties()) {
			softly.assertThat(descriptions).as("metadata of %s", property).containsKey(property);
			softly.assertThat(descriptions.get(property)).as("description of %s", property).isNotBlank();
		}
		softly.assertThat(descriptions.get("restcompress.enabled")).as("description of restcompress.enabled")
			.isNotBlank();
		softly.assertAll();
	}

	@Test
	void describesEveryPropertyInOneSentence() {
		SoftAssertions softly = new SoftAssertions();
		documentedProperties().forEach((property, description) -> {
			if (property.startsWith("restcompress.")) {
				softly.assertThat(description).as("description of %s", property)
					.endsWith(".")
					.doesNotContainPattern("\\.\\s+\\p{Upper}");
			}
		});
		softly.assertAll();
	}

	@Test
	void findsPropertiesOfEveryKindOfField() {
		assertThat(boundProperties()).contains("restcompress.codec.gzip.level", "restcompress.server.mode",
				"restcompress.server.encodings", "restcompress.server.min-response-size",
				"restcompress.server.request.max-codings");
		assertThat(propertiesClasses()).contains(CodecProperties.class, ServerCompressionProperties.class);
	}

	@Test
	void givesTheCodesDefaultsWhereTheMetadataIsWrittenByHand() {
		JsonNode metadata = JsonMapper.builder().build().readTree(MainClasses.read(METADATA));
		JsonNode additional = JsonMapper.builder().build().readTree(MainClasses.read(ADDITIONAL_METADATA));
		Map<String, String> sourceTypes = new LinkedHashMap<>();
		for (JsonNode property : metadata.path("properties")) {
			sourceTypes.put(property.path("name").asString(), property.path("sourceType").asString(""));
		}
		Collection<String> compared = new TreeSet<>();
		SoftAssertions softly = new SoftAssertions();
		for (JsonNode property : additional.path("properties")) {
			String name = property.path("name").asString();
			String sourceType = sourceTypes.getOrDefault(name, "");
			if (!property.has("defaultValue") || sourceType.isEmpty()) {
				continue;
			}
			softly.assertThat(textOf(property.path("defaultValue")))
				.as("default of %s", name)
				.isEqualTo(textOf(codeDefault(name, ClassUtils.resolveClassName(sourceType, null))));
			compared.add(name);
		}
		softly.assertAll();
		assertThat(compared).contains("restcompress.server.filter-order", "restcompress.server.mime-types",
				"restcompress.decision.ladder", "restcompress.dictionary.scope-headers");
	}

	private static Object codeDefault(String name, Class<?> type) {
		String prefix = AnnotatedElementUtils.findMergedAnnotation(type, ConfigurationProperties.class).prefix();
		String path = camel(name.substring(prefix.length() + 1));
		return new BeanWrapperImpl(BeanUtils.instantiateClass(type)).getPropertyValue(path);
	}

	private static String camel(String dashed) {
		StringBuilder camel = new StringBuilder();
		for (String part : dashed.split("-")) {
			camel.append(camel.isEmpty() ? part : Character.toUpperCase(part.charAt(0)) + part.substring(1));
		}
		return camel.toString();
	}

	private static String textOf(Object value) {
		if (value instanceof JsonNode node) {
			return node.isArray() ? node.valueStream().map(JsonNode::asString).toList().toString() : node.asString();
		}
		return (value instanceof Collection<?> values) ? values.stream().map(String::valueOf).toList().toString()
				: String.valueOf(value);
	}

	private Map<String, String> documentedProperties() {
		JsonNode metadata = JsonMapper.builder().build().readTree(MainClasses.read(METADATA));
		Map<String, String> descriptions = new LinkedHashMap<>();
		for (JsonNode property : metadata.path("properties")) {
			descriptions.put(property.path("name").asString(), property.path("description").asString(""));
		}
		return descriptions;
	}

	private static Collection<String> boundProperties() {
		Collection<String> properties = new TreeSet<>();
		for (Class<?> type : propertiesClasses()) {
			ConfigurationProperties annotation = AnnotatedElementUtils.findMergedAnnotation(type,
					ConfigurationProperties.class);
			collect(annotation.prefix(), type, properties);
		}
		return properties;
	}

	private static List<Class<?>> propertiesClasses() {
		ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
		scanner.addIncludeFilter(new AnnotationTypeFilter(ConfigurationProperties.class));
		return scanner.findCandidateComponents("io.restcompress")
			.stream()
			.map(BeanDefinition::getBeanClassName)
			.<Class<?>>map((name) -> ClassUtils.resolveClassName(name, null))
			.filter(MainClasses::contains)
			.toList();
	}

	private static void collect(String prefix, Class<?> type, Collection<String> properties) {
		properties(type).forEach((property) -> {
			String name = prefix + "." + dashed(property.name());
			if (isGroup(property.type())) {
				collect(name, property.type(), properties);
			}
			else if (property.bindable()) {
				properties.add(name);
			}
		});
	}

	private static String dashed(String name) {
		return name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
	}

	private static Stream<Property> properties(Class<?> type) {
		if (type.isRecord()) {
			return Stream.of(type.getRecordComponents())
				.map((component) -> new Property(component.getName(), component.getType(), true));
		}
		return Stream.of(BeanUtils.getPropertyDescriptors(type))
			.filter((descriptor) -> descriptor.getReadMethod() != null && !"class".equals(descriptor.getName()))
			.map(ConfigurationPropertiesMetadataTests::property);
	}

	private static Property property(PropertyDescriptor descriptor) {
		Class<?> type = descriptor.getPropertyType();
		boolean bindable = descriptor.getWriteMethod() != null || Collection.class.isAssignableFrom(type)
				|| Map.class.isAssignableFrom(type);
		return new Property(descriptor.getName(), type, bindable);
	}

	private static boolean isGroup(Class<?> type) {
		return type.getName().startsWith("io.restcompress.") && !type.isEnum();
	}

	private record Property(String name, Class<?> type, boolean bindable) {
	}

}
