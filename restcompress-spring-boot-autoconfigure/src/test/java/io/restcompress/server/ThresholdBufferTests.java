package io.restcompress.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ThresholdBufferTests {

	@Test
	void holdsBytesWhileTheBodyStaysBelowTheThreshold() throws IOException {
		ThresholdBuffer buffer = new ThresholdBuffer(10);
		assertThat(buffer.hold(bytes(0, 4), 0, 4)).isTrue();
		assertThat(buffer.hold(bytes(4, 5), 0, 5)).isTrue();
		assertThat(buffer.size()).isEqualTo(9);
		assertThat(drained(buffer)).containsExactly(bytes(0, 9));
	}

	@Test
	void refusesBytesThatWouldReachTheThresholdAndKeepsWhatItHeld() throws IOException {
		ThresholdBuffer buffer = new ThresholdBuffer(10);
		buffer.hold(bytes(0, 6), 0, 6);
		assertThat(buffer.hold(bytes(6, 4), 0, 4)).isFalse();
		assertThat(buffer.size()).isEqualTo(6);
		assertThat(drained(buffer)).containsExactly(bytes(0, 6));
	}

	@Test
	void holdsASliceOfTheSourceArray() throws IOException {
		ThresholdBuffer buffer = new ThresholdBuffer(100);
		buffer.hold(bytes(0, 20), 5, 10);
		assertThat(drained(buffer)).containsExactly(bytes(5, 10));
	}

	@Test
	void growsPastItsInitialSizeUpToJustBelowTheThreshold() throws IOException {
		ThresholdBuffer buffer = new ThresholdBuffer(4500);
		for (int i = 0; i < 4499; i += 100) {
			int length = Math.min(100, 4499 - i);
			assertThat(buffer.hold(bytes(i, length), 0, length)).isTrue();
		}
		assertThat(buffer.hold(new byte[1], 0, 1)).isFalse();
		assertThat(drained(buffer)).containsExactly(bytes(0, 4499));
	}

	@Test
	void refusesEverythingWithAZeroThreshold() {
		assertThat(new ThresholdBuffer(0).hold(new byte[1], 0, 1)).isFalse();
	}

	@Test
	void isEmptyAfterDrainingOrClearing() throws IOException {
		ThresholdBuffer buffer = new ThresholdBuffer(10);
		buffer.hold(bytes(0, 3), 0, 3);
		buffer.clear();
		assertThat(buffer.size()).isZero();
		assertThat(drained(buffer)).isEmpty();
		buffer.hold(bytes(0, 3), 0, 3);
		drained(buffer);
		assertThat(buffer.size()).isZero();
	}

	private static byte[] drained(ThresholdBuffer buffer) throws IOException {
		ByteArrayOutputStream target = new ByteArrayOutputStream();
		buffer.drainTo(target);
		return target.toByteArray();
	}

	private static byte[] bytes(int first, int length) {
		byte[] bytes = new byte[length];
		for (int i = 0; i < length; i++) {
			bytes[i] = (byte) (first + i);
		}
		return bytes;
	}

}
