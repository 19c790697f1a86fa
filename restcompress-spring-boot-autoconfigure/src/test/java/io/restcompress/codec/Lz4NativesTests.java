package io.restcompress.codec;

import java.lang.reflect.Field;
import java.net.URL;
import java.net.URLClassLoader;

import net.jpountz.lz4.LZ4Factory;
import net.jpountz.util.Native;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class Lz4NativesTests {

	@Test
	void usesTheNativeLibraryWhenLoadedByAnApplicationClassLoader() throws Exception {
		assumeTrue(loads(), "lz4-java has no native library for this platform");
		URL[] urls = { location(Lz4Natives.class), location(LZ4Factory.class) };
		try (URLClassLoader application = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader())) {
			Class<?> natives = Class.forName(Lz4Natives.class.getName(), true, application);
			assertThat(natives.getClassLoader()).isSameAs(application);
			assertThat(field(natives, "LZ4")).hasToString("LZ4Factory:JNI");
			assertThat(field(natives, "XXHASH").toString()).contains("JNI");
		}
	}

	@Test
	void encodesAndDecodesWithTheNativeImplementations() {
		assumeTrue(loads(), "lz4-java has no native library for this platform");
		assertThat(Lz4Natives.LZ4).isSameAs(LZ4Factory.nativeInstance());
		assertThat(Lz4Natives.LZ4.safeDecompressor().getClass().getSimpleName()).contains("JNI");
	}

	private static Object field(Class<?> type, String name) throws ReflectiveOperationException {
		Field field = type.getDeclaredField(name);
		field.setAccessible(true);
		return field.get(null);
	}

	private static boolean loads() {
		try {
			Native.load();
			return true;
		}
		catch (LinkageError | RuntimeException ex) {
			return false;
		}
	}

	private static URL location(Class<?> type) {
		return type.getProtectionDomain().getCodeSource().getLocation();
	}

}
