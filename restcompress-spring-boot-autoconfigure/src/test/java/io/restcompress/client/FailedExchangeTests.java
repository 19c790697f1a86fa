package io.restcompress.client;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.mock.http.client.MockClientHttpRequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A response the interceptor received but cannot hand to the application: it closes it, so
 * that its connection is not left open.
 */
class FailedExchangeTests {

	private final ClientCompressionInterceptor interceptor = new ClientCompressionInterceptor(
			ClientCompression.builder(PlainOrigin.CODECS).build());

	@Test
	void closesAResponseWhoseStatusCannotBeRead() {
		UnreadableResponse response = new UnreadableResponse();
		Throwable thrown = catchThrowable(() -> this.interceptor.intercept(
				new MockClientHttpRequest(HttpMethod.GET, URI.create("http://origin.example/resource")), new byte[0],
				(request, body) -> response));
		assertThat(thrown).isInstanceOf(IOException.class).hasMessage("status line cut short");
		assertThat(response.closes).hasValue(1);
	}

	private static final class UnreadableResponse implements ClientHttpResponse {

		private final AtomicInteger closes = new AtomicInteger();

		@Override
		public HttpStatusCode getStatusCode() throws IOException {
			throw new IOException("status line cut short");
		}

		@Override
		public String getStatusText() throws IOException {
			throw new IOException("status line cut short");
		}

		@Override
		public HttpHeaders getHeaders() {
			return new HttpHeaders();
		}

		@Override
		public InputStream getBody() {
			return InputStream.nullInputStream();
		}

		@Override
		public void close() {
			this.closes.incrementAndGet();
		}

	}

}
