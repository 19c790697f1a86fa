package io.restcompress.server;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;

import io.restcompress.codec.ContentTimeoutException;
import org.apache.catalina.connector.ClientAbortException;
import org.apache.coyote.CloseNowException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The container's read timeout on an encoded body, as the container reports it, and its other
 * failures.
 */
class ContainerReadTimeoutsTests {

	@Test
	void turnsTheContainersReadTimeoutIntoATimeoutNamingTheCoding() {
		IOException wrapped = new IOException("client abort", new SocketTimeoutException("read timed out"));
		ContainerReadTimeouts body = new ContainerReadTimeouts(failing(wrapped), "gzip");
		assertThatExceptionOfType(ContentTimeoutException.class).isThrownBy(() -> body.read(new byte[10], 0, 10))
			.satisfies((timeout) -> assertThat(timeout.getCoding()).isEqualTo("gzip"))
			.withCause(wrapped);
		assertThat(body.timeout()).isNotNull();
		SocketTimeoutException bare = new SocketTimeoutException("read timed out");
		ContainerReadTimeouts single = new ContainerReadTimeouts(failing(bare), "zstd");
		assertThatExceptionOfType(ContentTimeoutException.class).isThrownBy(single::read).withCause(bare);
	}

	@Test
	void passesOtherFailuresOnAsTheyAre() {
		IOException reset = new IOException("Connection reset by peer");
		ContainerReadTimeouts body = new ContainerReadTimeouts(failing(reset), "gzip");
		assertThatExceptionOfType(IOException.class).isThrownBy(() -> body.read(new byte[10], 0, 10)).isSameAs(reset);
		assertThat(body.timeout()).isNull();
	}

	/**
	 * Tomcat closes an HTTP/2 stream for other reasons too; only its stream read timeout, a
	 * {@code CloseNowException} around the stream's {@code StreamException}, is a timeout
	 * (covered over real HTTP/2 by {@code StalledRequestIntegrationTests}, the exception being
	 * Tomcat's own).
	 */
	@Test
	void passesOtherClosesOfAnHttp2StreamOnAsTheyAre() {
		IOException closed = new ClientAbortException(new CloseNowException("stream closed"));
		ContainerReadTimeouts body = new ContainerReadTimeouts(failing(closed), "gzip");
		assertThatExceptionOfType(IOException.class).isThrownBy(() -> body.read(new byte[10], 0, 10)).isSameAs(closed);
		assertThat(body.timeout()).isNull();
	}

	private static InputStream failing(IOException failure) {
		return new InputStream() {

			@Override
			public int read() throws IOException {
				throw failure;
			}

			@Override
			public int read(byte[] bytes, int offset, int length) throws IOException {
				throw failure;
			}

		};
	}

}
