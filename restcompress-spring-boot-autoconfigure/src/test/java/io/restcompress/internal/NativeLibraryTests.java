package io.restcompress.internal;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

class NativeLibraryTests {

	@Test
	void zstdJniAndBrotli4jLoadOnThisPlatform() {
		assertThat(NativeLibrary.ZSTD.loadFailure()).isNull();
		assertThat(NativeLibrary.BROTLI.loadFailure()).isNull();
	}

	@Test
	void reportsTheFailureOfNativeCodeThatDoesNotLoad() {
		UnsatisfiedLinkError missing = new UnsatisfiedLinkError("no zstd-jni-1.5.7 in java.library.path");
		NativeLibrary library = new NativeLibrary("zstd-jni", "zstd and dcz", () -> {
			throw missing;
		});
		assertThat(library.loadFailure()).isSameAs(missing);
	}

	@Test
	void loadsOnceAndKeepsTheOutcome() {
		AtomicInteger loads = new AtomicInteger();
		NativeLibrary failing = new NativeLibrary("brotli4j", "br and dcb", () -> {
			loads.incrementAndGet();
			throw new IllegalStateException("Unsupported platform: linux-riscv64");
		});
		assertThat(failing.loadFailure()).hasMessage("Unsupported platform: linux-riscv64");
		assertThat(failing.loadFailure()).hasMessage("Unsupported platform: linux-riscv64");
		assertThat(loads).hasValue(1);
	}

	@Test
	void conditionsMatchWhenZstdJniAndBrotli4jLoad() {
		assertThat(outcome(new OnNativeLibraryCondition.Zstd())).satisfies((outcome) -> {
			assertThat(outcome.isMatch()).isTrue();
			assertThat(outcome.getMessage()).contains("zstd-jni");
		});
		assertThat(outcome(new OnNativeLibraryCondition.Brotli())).satisfies((outcome) -> {
			assertThat(outcome.isMatch()).isTrue();
			assertThat(outcome.getMessage()).contains("brotli4j");
		});
	}

	@Test
	void conditionDoesNotMatchWhenTheNativeCodeDoesNotLoad() {
		NativeLibrary library = new NativeLibrary("zstd-jni", "zstd and dcz", () -> {
			throw new UnsatisfiedLinkError("no zstd-jni-1.5.7 in java.library.path");
		});
		ConditionOutcome outcome = outcome(new OnNativeLibraryCondition(library) {
		});
		assertThat(outcome.isMatch()).isFalse();
		assertThat(outcome.getMessage()).contains("zstd-jni does not load")
			.contains("java.lang.UnsatisfiedLinkError: no zstd-jni-1.5.7 in java.library.path");
	}

	private static ConditionOutcome outcome(OnNativeLibraryCondition condition) {
		return condition.getMatchOutcome(mock(ConditionContext.class), mock(AnnotatedTypeMetadata.class));
	}

}
