package io.restcompress.autoconfigure;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import io.restcompress.server.autoconfigure.ServerCompressionAutoConfiguration;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigureAfter;
import org.springframework.boot.autoconfigure.AutoConfigureBefore;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.MergedAnnotation.Adapt;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.core.type.MethodMetadata;
import org.springframework.core.type.classreading.SimpleMetadataReaderFactory;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks every auto-configuration this module registers: that it exists, is an
 * {@link AutoConfiguration}, and orders itself only against classes that exist (a wrong name in
 * {@code after} or {@code before} is silently ignored at runtime); and that every class
 * condition of this module's classes names a class that exists (a wrong name silently switches
 * a part off, or on).
 */
class RegisteredAutoConfigurationTests {

	private static final String IMPORTS = "META-INF/spring/" + AutoConfiguration.class.getName() + ".imports";

	private final ClassLoader classLoader = getClass().getClassLoader();

	private final SimpleMetadataReaderFactory metadataReaders = new SimpleMetadataReaderFactory(this.classLoader);

	@Test
	void registeredClassesExistAndAreAutoConfigurations() {
		List<String> registered = registered();
		assertThat(registered).isNotEmpty().doesNotHaveDuplicates();
		SoftAssertions softly = new SoftAssertions();
		for (String name : registered) {
			softly.assertThat(ClassUtils.isPresent(name, this.classLoader)).as("%s exists", name).isTrue();
			if (ClassUtils.isPresent(name, this.classLoader)) {
				softly.assertThat(metadata(name).hasAnnotation(AutoConfiguration.class.getName()))
					.as("%s is annotated @AutoConfiguration", name)
					.isTrue();
			}
		}
		softly.assertAll();
	}

	@Test
	void orderingReferencesNameExistingClasses() {
		SoftAssertions softly = new SoftAssertions();
		registered().stream().filter((name) -> ClassUtils.isPresent(name, this.classLoader)).forEach((name) -> {
			for (String reference : orderingReferences(metadata(name)).toList()) {
				softly.assertThat(ClassUtils.isPresent(reference, this.classLoader))
					.as("%s orders itself against %s, which exists", name, reference)
					.isTrue();
			}
		});
		softly.assertAll();
	}

	@Test
	void readsBothClassAndNameOrderingReferences() {
		assertThat(orderingReferences(metadata(ServerCompressionAutoConfiguration.class.getName())))
			.contains("io.restcompress.codec.autoconfigure.ContentCodecAutoConfiguration");
		assertThat(orderingReferences(metadata(NamedOrdering.class.getName()))).containsExactlyInAnyOrder(
				"com.example.MissingAfter", "com.example.MissingBefore", "com.example.OtherAfter");
	}

	@Test
	void classConditionsNameExistingClasses() throws IOException {
		List<String> mainClasses;
		try (Stream<Path> files = Files.walk(MainClasses.directory())) {
			mainClasses = files.map((file) -> MainClasses.directory().relativize(file).toString())
				.filter((file) -> file.endsWith(".class") && !file.endsWith("package-info.class"))
				.map((file) -> file.substring(0, file.length() - ".class".length()).replace(File.separatorChar, '.'))
				.toList();
		}
		SoftAssertions softly = new SoftAssertions();
		int checked = 0;
		for (String name : mainClasses) {
			for (String reference : classConditionReferences(metadata(name)).toList()) {
				checked++;
				softly.assertThat(ClassUtils.isPresent(reference, this.classLoader))
					.as("%s has a class condition on %s, which exists", name, reference)
					.isTrue();
			}
		}
		softly.assertAll();
		assertThat(checked).as("class conditions found").isGreaterThan(20);
	}

	@Test
	void readsClassConditionsOnTypesAndBeanMethods() {
		assertThat(classConditionReferences(metadata(NamedConditions.class.getName()))).containsExactlyInAnyOrder(
				"com.example.OnType", "com.example.OnMethod", "com.example.Missing");
	}

	private static Stream<String> classConditionReferences(AnnotationMetadata metadata) {
		Stream<MergedAnnotations> annotated = Stream.concat(Stream.of(metadata.getAnnotations()),
				metadata.getDeclaredMethods().stream().map(MethodMetadata::getAnnotations));
		return annotated
			.flatMap((annotations) -> Stream.of(ConditionalOnClass.class, ConditionalOnMissingClass.class)
				.flatMap(annotations::stream))
			.map((annotation) -> annotation.asAnnotationAttributes(Adapt.CLASS_TO_STRING))
			.flatMap((attributes) -> Stream.of("value", "name")
				.filter(attributes::containsKey)
				.flatMap((attribute) -> Arrays.stream(attributes.getStringArray(attribute))))
			.distinct();
	}

	private List<String> registered() {
		return MainClasses.read(IMPORTS)
			.lines()
			.map(String::strip)
			.filter((line) -> !line.isEmpty() && !line.startsWith("#"))
			.toList();
	}

	private AnnotationMetadata metadata(String className) {
		try {
			return this.metadataReaders.getMetadataReader(className).getAnnotationMetadata();
		}
		catch (IOException ex) {
			throw new IllegalStateException("Cannot read " + className, ex);
		}
	}

	private static Stream<String> orderingReferences(AnnotationMetadata metadata) {
		return Stream.of(AutoConfigureAfter.class, AutoConfigureBefore.class)
			.flatMap((type) -> metadata.getAnnotations().stream(type))
			.map((annotation) -> annotation.asAnnotationAttributes(Adapt.CLASS_TO_STRING))
			.flatMap((attributes) -> Stream.of("value", "name")
				.flatMap((attribute) -> Arrays.stream(attributes.getStringArray(attribute))))
			.distinct();
	}

	@ConditionalOnClass(name = "com.example.OnType")
	static final class NamedConditions {

		@Bean
		@ConditionalOnClass(name = "com.example.OnMethod")
		@ConditionalOnMissingClass("com.example.Missing")
		Object bean() {
			return new Object();
		}

	}

	@AutoConfiguration(afterName = "com.example.MissingAfter", beforeName = "com.example.MissingBefore")
	@AutoConfigureAfter(name = "com.example.OtherAfter")
	static final class NamedOrdering {

	}

}
