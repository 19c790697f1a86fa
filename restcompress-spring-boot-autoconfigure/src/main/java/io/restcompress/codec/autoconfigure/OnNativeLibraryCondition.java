package io.restcompress.codec.autoconfigure;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.github.luben.zstd.util.Native;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when a codec library's native code loads on this platform, so that a starter
 * dependency on an unsupported platform leaves its coding out instead of failing the
 * application. Only evaluated after the library's classes were found.
 */
abstract class OnNativeLibraryCondition extends SpringBootCondition {

	private final String library;

	OnNativeLibraryCondition(String library) {
		this.library = library;
	}

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		ConditionMessage.Builder message = ConditionMessage.forCondition("native library");
		try {
			load();
			return ConditionOutcome.match(message.available(this.library));
		}
		catch (LinkageError | RuntimeException ex) {
			return ConditionOutcome.noMatch(message.because(this.library + " does not load: " + ex));
		}
	}

	abstract void load();

	static final class Zstd extends OnNativeLibraryCondition {

		Zstd() {
			super("zstd-jni");
		}

		@Override
		void load() {
			Native.load();
		}

	}

	static final class Brotli extends OnNativeLibraryCondition {

		Brotli() {
			super("brotli4j");
		}

		@Override
		void load() {
			Brotli4jLoader.ensureAvailability();
		}

	}

}
