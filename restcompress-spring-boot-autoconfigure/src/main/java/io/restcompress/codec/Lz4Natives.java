package io.restcompress.codec;

import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;

/**
 * lz4-java's factories, native where its library loads. lz4-java's own
 * {@code fastestInstance()} loads the native library only from the system class loader, so in
 * an executable Spring Boot jar or a deployed war it falls back to Java implementations that
 * decode several times slower; these factories ask for the native ones whatever the class
 * loader, and fall back to the fastest Java ones on a platform without the library.
 */
final class Lz4Natives {

	static final LZ4Factory LZ4 = lz4();

	static final XXHashFactory XXHASH = xxHash();

	private Lz4Natives() {
	}

	private static LZ4Factory lz4() {
		try {
			return LZ4Factory.nativeInstance();
		}
		catch (LinkageError | AssertionError | RuntimeException ex) {
			return LZ4Factory.fastestJavaInstance();
		}
	}

	private static XXHashFactory xxHash() {
		try {
			return XXHashFactory.nativeInstance();
		}
		catch (LinkageError | AssertionError | RuntimeException ex) {
			return XXHashFactory.fastestJavaInstance();
		}
	}

}
