package io.restcompress.architecture;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.restcompress.server.reactive.ContentCodingWebFilter;
import org.junit.jupiter.api.Test;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The classes a WebFlux application runs must load without the servlet API (and without
 * spring-websocket, the Jakarta WebSocket API and Spring MVC), which such an application does
 * not have: a shared class that calls a servlet-typed helper fails there with
 * {@code NoClassDefFoundError} on the first request that reaches it, while this module's tests,
 * which have the servlet API, pass. This reads the class files reachable from the reactive
 * entry points (the reactive server's classes and every auto-configuration class that is not
 * servlet-only) and fails on any that names a servlet-stack type, except those that check for
 * the servlet API before they use it. Auto-configuration classes are not followed from one to
 * another: Spring reads their conditions without loading them.
 */
class ServletFreeReactivePathTests {

	/**
	 * The reactive server's own entry points; every auto-configuration class not in
	 * {@link #SERVLET_CONFIGURATIONS} is one too.
	 */
	private static final List<String> REACTIVE_ENTRY_POINTS = List.of(
			"io/restcompress/server/reactive/ContentCodingWebFilter",
			"io/restcompress/server/reactive/ContentDecodingHttpHandler",
			"io/restcompress/websocket/ReactorNettyWebSocketCompression");

	/**
	 * Configuration classes that Spring loads only in servlet applications (by their
	 * conditions), and their nested classes.
	 */
	private static final List<String> SERVLET_CONFIGURATIONS = List.of(
			"io/restcompress/server/autoconfigure/ServerCompressionAutoConfiguration",
			"io/restcompress/server/autoconfigure/CompressionWebMvcConfigurer",
			"io/restcompress/dictionary/autoconfigure/ServletTrainedDictionaryConfiguration",
			"io/restcompress/websocket/autoconfigure/WebSocketCompressionAutoConfiguration");

	/** Classes that name a servlet type only behind a check that the servlet API is present. */
	private static final Set<String> GUARDED = Set.of("io/restcompress/server/reactive/ReceivedFields",
			"io/restcompress/server/reactive/ReceivedFields$Servlet",
			"io/restcompress/server/reactive/ServletRequestBodies$Servlet");

	private static final Pattern OWN_CLASS = Pattern.compile("io/restcompress/[A-Za-z0-9_/$]+");

	private static final Pattern SERVLET_STACK_TYPE = Pattern.compile(
			"jakarta/servlet/|jakarta/websocket/|org/springframework/web/socket/|org/springframework/web/servlet/");

	@Test
	void reactiveClassesNameNoServletStackType() throws IOException {
		Map<String, String> reachedFrom = reachableClasses();
		Set<String> offenders = new TreeSet<>();
		for (Map.Entry<String, String> reached : reachedFrom.entrySet()) {
			if (GUARDED.contains(reached.getKey())) {
				continue;
			}
			for (String name : constantStrings(reached.getKey())) {
				Matcher servlet = SERVLET_STACK_TYPE.matcher(name);
				if (servlet.find()) {
					offenders.add(reached.getKey() + " (reached from " + reached.getValue() + ") names " + name);
				}
			}
		}
		assertThat(reachedFrom).as("classes reached").hasSizeGreaterThan(50);
		assertThat(offenders).isEmpty();
	}

	@Test
	void findsAServletTypeWhereOneIsNamed() throws IOException {
		assertThat(constantStrings("io/restcompress/internal/server/ServletApplicationPaths"))
			.anyMatch((name) -> SERVLET_STACK_TYPE.matcher(name).find());
	}

	private static Map<String, String> reachableClasses() throws IOException {
		Map<String, String> reachedFrom = new LinkedHashMap<>();
		Deque<String> pending = new ArrayDeque<>();
		SERVLET_CONFIGURATIONS.forEach((configuration) -> assertThat(exists(configuration)).as(configuration).isTrue());
		List<String> entryPoints = new ArrayList<>(REACTIVE_ENTRY_POINTS);
		String mainClasses = ContentCodingWebFilter.class.getProtectionDomain().getCodeSource().getLocation().toString();
		for (Resource resource : new PathMatchingResourcePatternResolver()
			.getResources(mainClasses + "io/restcompress/**/autoconfigure/*.class")) {
			String path = resource.getURL().toString();
			String name = path.substring(path.lastIndexOf("io/restcompress/"), path.length() - ".class".length());
			if (!servletConfiguration(name)) {
				entryPoints.add(name);
			}
		}
		for (String entryPoint : entryPoints) {
			assertThat(exists(entryPoint)).as(entryPoint).isTrue();
			reachedFrom.put(entryPoint, "an entry point");
			pending.add(entryPoint);
		}
		while (!pending.isEmpty()) {
			String current = pending.poll();
			for (String constant : constantStrings(current)) {
				Matcher own = OWN_CLASS.matcher(constant);
				while (own.find()) {
					String name = own.group();
					if (!reachedFrom.containsKey(name) && exists(name) && !name.contains("/autoconfigure/")) {
						reachedFrom.put(name, current);
						pending.add(name);
					}
				}
			}
		}
		return reachedFrom;
	}

	private static boolean servletConfiguration(String internalName) {
		return SERVLET_CONFIGURATIONS.stream()
			.anyMatch((configuration) -> internalName.equals(configuration) || internalName.startsWith(configuration + "$"));
	}

	private static boolean exists(String internalName) {
		return ServletFreeReactivePathTests.class.getClassLoader().getResource(internalName + ".class") != null;
	}

	/**
	 * Returns the UTF-8 constants of a class file: class names, descriptors and signatures among
	 * them, which is where every type a class refers to is named.
	 */
	private static List<String> constantStrings(String internalName) throws IOException {
		try (InputStream stream = ServletFreeReactivePathTests.class.getClassLoader()
			.getResourceAsStream(internalName + ".class")) {
			assertThat(stream).as(internalName).isNotNull();
			DataInputStream in = new DataInputStream(stream);
			in.readInt();
			in.readUnsignedShort();
			in.readUnsignedShort();
			int count = in.readUnsignedShort();
			List<String> strings = new ArrayList<>();
			for (int index = 1; index < count; index++) {
				int tag = in.readUnsignedByte();
				switch (tag) {
					case 1 -> strings.add(in.readUTF());
					case 7, 8, 16, 19, 20 -> in.readUnsignedShort();
					case 15 -> in.skipBytes(3);
					case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt();
					case 5, 6 -> {
						in.readLong();
						index++;
					}
					default -> throw new IOException("Unknown constant pool tag " + tag + " in " + internalName);
				}
			}
			return strings;
		}
	}

}
