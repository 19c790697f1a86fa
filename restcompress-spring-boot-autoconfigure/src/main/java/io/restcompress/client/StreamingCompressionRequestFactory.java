package io.restcompress.client;

import java.net.URI;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.AbstractClientHttpRequestFactoryWrapper;
import org.springframework.http.client.ClientHttpRequest;
import org.springframework.http.client.ClientHttpRequestFactory;

/**
 * Adds restcompress to {@code RestTemplate} and {@code RestClient} as a request factory instead
 * of an interceptor, so that request bodies stream: Spring hands interceptors the whole body
 * as an array, and buffers it for them whenever a client has one. Requests made through this
 * factory send {@code Accept-Encoding}, decode responses as they are read, and compress request
 * bodies as {@link ClientCompression} decides, as the {@link ClientCompressionInterceptor} does.
 * <p>
 * A body of unknown length that the application can write again (Spring's converters say so of
 * JSON, XML, protobuf, strings and arrays) is written once up to the size threshold to decide
 * whether it reaches it; one that cannot is compressed when the policy allows it, whatever its
 * size. After a {@code 415} that names the accepted codings the body is sent again only if it
 * can be written again. Use it in place of the interceptor, not with it.
 */
public final class StreamingCompressionRequestFactory extends AbstractClientHttpRequestFactoryWrapper
		implements DisposableBean {

	private final ClientCompression compression;

	/**
	 * Creates a factory.
	 * @param delegate the factory of the HTTP library's requests
	 * @param compression the shared policy
	 */
	public StreamingCompressionRequestFactory(ClientHttpRequestFactory delegate, ClientCompression compression) {
		super(delegate);
		this.compression = compression;
	}

	/**
	 * Releases the HTTP library's factory (its connection pool, its threads) as it would have
	 * been released without this decorator, when it is a bean that is destroyed with its
	 * context.
	 * @throws Exception if the library's factory fails to close
	 */
	@Override
	public void destroy() throws Exception {
		ClientHttpRequestFactory delegate = getDelegate();
		if (delegate instanceof DisposableBean disposable) {
			disposable.destroy();
		}
		else if (delegate instanceof AutoCloseable closeable) {
			closeable.close();
		}
	}

	@Override
	protected ClientHttpRequest createRequest(URI uri, HttpMethod httpMethod, ClientHttpRequestFactory requestFactory) {
		return new StreamingCompressionRequest(uri, httpMethod, requestFactory, this.compression);
	}

}
