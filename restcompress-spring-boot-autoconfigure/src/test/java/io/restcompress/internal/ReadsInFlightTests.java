package io.restcompress.internal;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReadsInFlightTests {

	private final AtomicInteger closes = new AtomicInteger();

	private final ReadsInFlight reads = new ReadsInFlight(this.closes::incrementAndGet);

	@Test
	void closesAtOnceWhenNoReadIsInProgress() {
		this.reads.release();
		assertThat(this.closes).hasValue(1);
		assertThat(this.reads.begin()).isFalse();
	}

	@Test
	void closesWhenTheLastReadInProgressReturns() {
		assertThat(this.reads.begin()).isTrue();
		assertThat(this.reads.begin()).isTrue();
		this.reads.release();
		assertThat(this.closes).hasValue(0);
		this.reads.end();
		assertThat(this.closes).hasValue(0);
		this.reads.end();
		assertThat(this.closes).hasValue(1);
	}

	@Test
	void closesOnceHoweverOftenItIsReleased() {
		this.reads.release();
		this.reads.release();
		assertThat(this.closes).hasValue(1);
	}

	@Test
	void leavesTheDecodersOpenAfterReadsWhileNotReleased() {
		assertThat(this.reads.begin()).isTrue();
		this.reads.end();
		assertThat(this.closes).hasValue(0);
	}

}
