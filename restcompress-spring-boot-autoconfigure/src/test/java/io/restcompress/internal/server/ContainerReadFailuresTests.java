package io.restcompress.internal.server;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;

import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.restcompress.codec.ContentTimeoutException;
import io.restcompress.codec.CorruptContentException;
import org.apache.catalina.connector.ClientAbortException;
import org.apache.coyote.CloseNowException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The container's read timeout on an encoded body and its early end, as the container reports
 * them, and its other failures.
 */
class ContainerReadFailuresTests {

	@Test
	void turnsTheContainersReadTimeoutIntoATimeoutNamingTheCoding() {
		IOException wrapped = new IOException("client abort", new SocketTimeoutException("read timed out"));
		ContainerReadFailures body = new ContainerReadFailures(failing(wrapped), "gzip");
		assertThatExceptionOfType(ContentTimeoutException.class).isThrownBy(() -> body.read(new byte[10], 0, 10))
			.satisfies((timeout) -> assertThat(timeout.getCoding()).isEqualTo("gzip"))
			.withCause(wrapped);
		assertThat(body.failure()).isNotNull();
		SocketTimeoutException bare = new SocketTimeoutException("read timed out");
		ContainerReadFailures single = new ContainerReadFailures(failing(bare), "zstd");
		assertThatExceptionOfType(ContentTimeoutException.class).isThrownBy(single::read).withCause(bare);
	}

	@Test
	void passesOtherFailuresOnAsTheyAre() {
		IOException reset = new IOException("Connection reset by peer");
		ContainerReadFailures body = new ContainerReadFailures(failing(reset), "gzip");
		assertThatExceptionOfType(IOException.class).isThrownBy(() -> body.read(new byte[10], 0, 10)).isSameAs(reset);
		assertThat(body.failure()).isNull();
	}

	@Test
	void turnsABodyThatEndsBeforeItsDeclaredLengthIntoACorruptBodyNamingTheCoding() {
		IOException ended = new ClientAbortException(new EOFException("Unexpected EOF read on the socket"));
		ContainerReadFailures body = new ContainerReadFailures(failing(ended), "lzf");
		assertThatExceptionOfType(CorruptContentException.class).isThrownBy(() -> body.read(new byte[10], 0, 10))
			.satisfies((corrupt) -> assertThat(corrupt.getCoding()).isEqualTo("lzf"))
			.withMessageContaining("ended before its declared length")
			.withCause(ended);
		assertThat(body.failure()).isInstanceOf(CorruptContentException.class);
	}

	@Test
	void turnsAMalformedHttp2StreamOnNettyIntoACorruptBodyNamingTheCoding() {
		Http2Exception malformed = Http2Exception.streamError(3, Http2Error.PROTOCOL_ERROR,
				"Received amount of data %d does not match content-length header %d", 14656, 0);
		IOException upstream = new IOException(malformed.getMessage(), malformed);
		ContainerReadFailures body = new ContainerReadFailures(failing(upstream), "gzip");
		assertThatExceptionOfType(CorruptContentException.class).isThrownBy(() -> body.read(new byte[10], 0, 10))
			.satisfies((corrupt) -> assertThat(corrupt.getCoding()).isEqualTo("gzip"))
			.withMessageContaining("does not match content-length header 0")
			.withCause(upstream);
		assertThat(body.failure()).isInstanceOf(CorruptContentException.class);
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
		ContainerReadFailures body = new ContainerReadFailures(failing(closed), "gzip");
		assertThatExceptionOfType(IOException.class).isThrownBy(() -> body.read(new byte[10], 0, 10)).isSameAs(closed);
		assertThat(body.failure()).isNull();
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
