package io.restcompress.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

class BodyDrainTests {

	private final AtomicLong read = new AtomicLong();

	@Test
	void readsABodyThatEndsWithinTheLimitToItsEnd() {
		InputStream body = counting(new ByteArrayInputStream(new byte[100_000]));
		assertThat(BodyDrain.drain(body, 100_000, Duration.ofSeconds(10))).isTrue();
		assertThat(this.read).hasValue(100_000);
	}

	@Test
	void stopsOneBytePastTheLimit() {
		InputStream body = counting(new ByteArrayInputStream(new byte[100_001]));
		assertThat(BodyDrain.drain(body, 100_000, Duration.ofSeconds(10))).isFalse();
		assertThat(this.read).hasValue(100_001);
	}

	@Test
	void endsWhenAReadFails() {
		InputStream body = new InputStream() {

			@Override
			public int read() throws IOException {
				throw new IOException("the connection ended");
			}

		};
		assertThat(BodyDrain.drain(body, 100_000, Duration.ofSeconds(10))).isFalse();
	}

	@Test
	void takesATimeoutTooLongForNanosecondsAsNoLimit() {
		InputStream body = counting(new ByteArrayInputStream(new byte[1000]));
		assertThat(BodyDrain.drain(body, 100_000, Duration.ofSeconds(Long.MAX_VALUE))).isTrue();
		assertThat(this.read).hasValue(1000);
	}

	@Test
	void readsNothingWithAZeroTimeout() {
		InputStream body = counting(new ByteArrayInputStream(new byte[10]));
		assertThat(BodyDrain.drain(body, 100_000, Duration.ZERO)).isFalse();
		assertThat(this.read).hasValue(0);
	}

	@Test
	@Timeout(value = 30, unit = TimeUnit.SECONDS)
	void stopsReadingATricklingBodyOnceTheTimeoutHasPassed() {
		InputStream trickle = new InputStream() {

			@Override
			public int read() throws IOException {
				try {
					Thread.sleep(10);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new IOException(ex);
				}
				return 'x';
			}

			@Override
			public int read(byte[] buffer, int offset, int length) throws IOException {
				buffer[offset] = (byte) read();
				return 1;
			}

		};
		assertThat(BodyDrain.drain(counting(trickle), 2 * 1024 * 1024, Duration.ofMillis(200))).isFalse();
		assertThat(this.read.get()).isPositive().isLessThan(2 * 1024 * 1024);
	}

	private InputStream counting(InputStream body) {
		return new InputStream() {

			@Override
			public int read() throws IOException {
				int b = body.read();
				if (b != -1) {
					BodyDrainTests.this.read.incrementAndGet();
				}
				return b;
			}

			@Override
			public int read(byte[] buffer, int offset, int length) throws IOException {
				int n = body.read(buffer, offset, length);
				if (n > 0) {
					BodyDrainTests.this.read.addAndGet(n);
				}
				return n;
			}

		};
	}

}
