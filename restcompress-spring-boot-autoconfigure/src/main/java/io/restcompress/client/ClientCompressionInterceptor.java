package io.restcompress.client;

import java.io.IOException;
import java.util.List;

import io.restcompress.codec.ContentCodec;

import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.http.client.support.HttpRequestWrapper;

/**
 * Adds restcompress to {@code RestTemplate} and {@code RestClient} (and so to HTTP interface
 * clients built on them): sends {@code Accept-Encoding}, decodes responses as they are read,
 * and compresses request bodies as {@link ClientCompression} decides, resending once after a
 * {@code 415} that names the accepted codings.
 * <p>
 * Interceptors receive the request body as an array, so a compressed request body is built as
 * an array too; response bodies are never held in memory. {@link StreamingCompressionRequestFactory}
 * does the same without an interceptor, streaming request bodies.
 */
public final class ClientCompressionInterceptor implements ClientHttpRequestInterceptor, Ordered, CompressionComponent {

	private final ClientCompression compression;

	/**
	 * Creates an interceptor.
	 * @param compression the shared policy
	 */
	public ClientCompressionInterceptor(ClientCompression compression) {
		this.compression = compression;
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

	@Override
	public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
			throws IOException {
		if (ClientCompression.skipRequested(request.getAttributes())) {
			return execution.execute(request, body);
		}
		List<ContentCodec> offered = this.compression.accepting(request.getURI(), request.getHeaders());
		RequestDecision decision = this.compression.requests().decide(request.getURI(), request.getHeaders(),
				body.length);
		return BlockingExchanges.exchange(this.compression, request.getURI(), request.getMethod(),
				request.getHeaders(), offered, decision, body.length, true, (sent) -> send(request, body, sent, execution));
	}

	private ClientHttpResponse send(HttpRequest request, byte[] body, RequestDecision decision,
			ClientHttpRequestExecution execution) throws IOException {
		ClientHttpResponse response;
		ContentCodec codec = decision.codec();
		if (codec == null) {
			this.compression.requests().recordSentAsItIs(decision, body.length);
			response = execution.execute(request, body);
		}
		else {
			byte[] encoded = this.compression.encode(decision, codec, body);
			response = execution.execute(new EncodedRequest(request, codec, encoded.length), encoded);
		}
		return response;
	}

	/**
	 * The request with the headers of its encoded body, leaving the caller's headers as they
	 * were for a resend.
	 */
	private static final class EncodedRequest extends HttpRequestWrapper {

		private final HttpHeaders headers;

		EncodedRequest(HttpRequest request, ContentCodec codec, long length) {
			super(request);
			this.headers = HttpHeaders.copyOf(request.getHeaders());
			this.headers.set(HttpHeaders.CONTENT_ENCODING, codec.coding());
			this.headers.setContentLength(length);
		}

		@Override
		public HttpHeaders getHeaders() {
			return this.headers;
		}

	}

}
