package io.restcompress.server;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import io.restcompress.internal.server.RequestDecodingRules;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A refused chunked body over HTTP/1.1 is read only until it grows past
 * {@link RequestDecodingRules#MAX_DRAINED_BODY}: the refusal then goes out at once, closing the
 * connection. The subclasses set the drain timeout to ten minutes, so a server that read on
 * towards the body's end (which the client never sends) would leave the client's read to time
 * out instead.
 */
abstract class AbstractRefusedBodyLimitTests extends AbstractServerIntegrationTests {

	@Test
	void answersARefusedChunkedBodyAsSoonAsItGrowsPastTheLimitSayingTheConnectionCloses() throws IOException {
		int length = (int) RequestDecodingRules.MAX_DRAINED_BODY + 1;
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(10_000);
			OutputStream out = socket.getOutputStream();
			out.write(AbstractRefusedBodyTests.head(echoPath(), "Transfer-Encoding: chunked"));
			out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
			out.write(new byte[length]);
			out.flush();
			String refusal = readResponse(socket.getInputStream());
			assertThat(refusal).startsWith("HTTP/1.1 415");
			assertThat(field(refusal, "connection")).isEqualTo("close");
		}
	}

	/**
	 * The path of a handler that answers a request's body as it reads it.
	 * @return the path
	 */
	abstract String echoPath();

}
