package io.restcompress.sample;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpRequest;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;

/**
 * An interceptor added after restcompress's, so it sits closer to the network and sees the
 * encoded bodies: it notes the codings and counts the bytes on the wire.
 */
class WireTap implements ClientHttpRequestInterceptor {

	private Exchange last;

	@Override
	public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
			throws IOException {
		ClientHttpResponse response = execution.execute(request, body);
		Exchange exchange = new Exchange(coding(request.getHeaders()), body.length, coding(response.getHeaders()));
		this.last = exchange;
		return new CountingResponse(response, exchange);
	}

	Exchange last() {
		return this.last;
	}

	private static String coding(HttpHeaders headers) {
		String coding = headers.getFirst(HttpHeaders.CONTENT_ENCODING);
		return (coding != null) ? coding : "identity";
	}

	/**
	 * What one call sent and received, as seen on the wire.
	 */
	static final class Exchange {

		private final String requestCoding;

		private final long requestBytes;

		private final String responseCoding;

		private long responseBytes;

		Exchange(String requestCoding, long requestBytes, String responseCoding) {
			this.requestCoding = requestCoding;
			this.requestBytes = requestBytes;
			this.responseCoding = responseCoding;
		}

		public String getRequestCoding() {
			return this.requestCoding;
		}

		public long getRequestBytes() {
			return this.requestBytes;
		}

		public String getResponseCoding() {
			return this.responseCoding;
		}

		public long getResponseBytes() {
			return this.responseBytes;
		}

	}

	private record CountingResponse(ClientHttpResponse delegate, Exchange exchange) implements ClientHttpResponse {

		@Override
		public HttpStatusCode getStatusCode() throws IOException {
			return this.delegate.getStatusCode();
		}

		@Override
		public String getStatusText() throws IOException {
			return this.delegate.getStatusText();
		}

		@Override
		public HttpHeaders getHeaders() {
			return this.delegate.getHeaders();
		}

		@Override
		public InputStream getBody() throws IOException {
			return new FilterInputStream(this.delegate.getBody()) {

				@Override
				public int read() throws IOException {
					int b = super.read();
					if (b != -1) {
						CountingResponse.this.exchange.responseBytes++;
					}
					return b;
				}

				@Override
				public int read(byte[] bytes, int offset, int length) throws IOException {
					int n = super.read(bytes, offset, length);
					if (n > 0) {
						CountingResponse.this.exchange.responseBytes += n;
					}
					return n;
				}

			};
		}

		@Override
		public void close() {
			this.delegate.close();
		}

	}

}
