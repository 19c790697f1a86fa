package io.restcompress.internal;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when a codec library's native code loads on this platform, so that a starter
 * dependency on an unsupported platform leaves out what needs it (its codings, the
 * dictionaries) instead of failing the application. Only evaluated after the library's classes
 * were found.
 */
public abstract class OnNativeLibraryCondition extends SpringBootCondition {

	private final NativeLibrary library;

	protected OnNativeLibraryCondition(NativeLibrary library) {
		this.library = library;
	}

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		ConditionMessage.Builder message = ConditionMessage.forCondition("native library");
		Throwable failure = this.library.loadFailure();
		if (failure != null) {
			return ConditionOutcome.noMatch(message.because(this.library.name() + " does not load: " + failure));
		}
		return ConditionOutcome.match(message.available(this.library.name()));
	}

	/** Matches when zstd-jni's native code loads. */
	public static final class Zstd extends OnNativeLibraryCondition {

		public Zstd() {
			super(NativeLibrary.ZSTD);
		}

	}

	/** Matches when brotli4j's native code loads. */
	public static final class Brotli extends OnNativeLibraryCondition {

		public Brotli() {
			super(NativeLibrary.BROTLI);
		}

	}

}
